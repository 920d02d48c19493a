/**
 * The finder's list call (spec 01 §7 Market browse), shared by /find and the bond search widget
 * (spec 02 §7 "get finstrument list with searchKey"): one request builder for both.
 */
import { BOND_TYPE } from '../../shared/constants';
import {
  FINDER_CATEGORIES,
  finderListResponseSchema,
  type CategoryValues,
  type FinderCategory,
  type FinderListResponse,
  type FinderSort,
} from '../../shared/contracts/finder';
import { api } from './http';

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

/** One cursor page of bonds matching `values`. */
export function listBonds(
  values: CategoryValues,
  page: { cursor?: string | null; limit: number },
  signal?: AbortSignal,
): Promise<FinderListResponse> {
  return api.post(
    '/api/client-finstrument-list/',
    {
      pagination_params: { cursor: page.cursor ?? null, limit: page.limit },
      category_values: values,
    },
    { schema: finderListResponseSchema, signal },
  );
}
