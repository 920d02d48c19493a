/** Market browse (spec 01 §7): the finder list (cursor-paged) and the facet counts. */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { BOND_TYPE, MARKET_LIST_PAGE_SIZE } from '../../../shared/constants';
import {
  categoriesResponseSchema, FINDER_CATEGORIES, finderListResponseSchema, type CategoryValues, type FinderCategory, type FinderSort,
} from '../../../shared/contracts/finder';
import { api } from '../../api/http';

/** What the user has chosen: a keyword, the ticked facet options, the sort. */
export interface FinderFilters {
  keyword: string;
  selected: Partial<Record<FinderCategory, string[]>>;
  sort?: FinderSort;
}

export const EMPTY_FILTERS: FinderFilters = { keyword: '', selected: {} };

/** The API's category_values for `filters` (empty lists left out). */
export function toCategoryValues(filters: FinderFilters): CategoryValues {
  const values: Record<string, unknown> = { finstrument_type: BOND_TYPE };
  if (filters.keyword) values.keyword_string = filters.keyword;
  for (const category of FINDER_CATEGORIES) {
    const chosen = filters.selected[category];
    if (chosen?.length) values[category] = chosen;
  }
  if (filters.sort) values.sort = filters.sort;
  return values as CategoryValues;
}

export const findKeys = {
  all: ['finder'] as const,
  lists: () => [...findKeys.all, 'list'] as const,
  list: (values: CategoryValues) => [...findKeys.lists(), values] as const,
  categories: (values: CategoryValues) => [...findKeys.all, 'categories', values] as const,
};

export const finderListQuery = (filters: FinderFilters) => {
  const values = toCategoryValues(filters);
  return infiniteQueryOptions({
    queryKey: findKeys.list(values),
    queryFn: ({ pageParam }) => api.post('/api/client-finstrument-list/', {
      pagination_params: { cursor: pageParam, limit: MARKET_LIST_PAGE_SIZE },
      category_values: values,
    }, { schema: finderListResponseSchema }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.pagination_response.next_cursor,
  });
};

export const categoriesQuery = (filters: FinderFilters) => {
  // Counts do not depend on the order of the list.
  const { sort: _sort, ...values } = toCategoryValues(filters);
  return queryOptions({
    queryKey: findKeys.categories(values),
    queryFn: () => api.post('/api/categories/', { category_list: [...FINDER_CATEGORIES], category_values: values }, { schema: categoriesResponseSchema }),
    placeholderData: (previous) => previous,
  });
};
