/** Market browse (spec 01 §7): the finder list (cursor-paged) and the facet counts. */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { MARKET_LIST_PAGE_SIZE } from '../../../shared/constants';
import { categoriesResponseSchema, FINDER_CATEGORIES, type CategoryValues } from '../../../shared/contracts/finder';
import { listBonds, toCategoryValues, type FinderFilters } from '../../api/finderApi';
import { api } from '../../api/http';

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
    queryFn: ({ pageParam, signal }) => listBonds(values, { cursor: pageParam, limit: MARKET_LIST_PAGE_SIZE }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.pagination_response.next_cursor,
  });
};

export const categoriesQuery = (filters: FinderFilters) => {
  // Counts do not depend on the order of the list.
  const { sort: _sort, ...values } = toCategoryValues(filters);
  return queryOptions({
    queryKey: findKeys.categories(values),
    queryFn: ({ signal }) =>
      api.post(
        '/api/categories/',
        { category_list: [...FINDER_CATEGORIES], category_values: values },
        { schema: categoriesResponseSchema, signal },
      ),
    placeholderData: (previous) => previous,
  });
};
