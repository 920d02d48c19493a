/**
 * The finder's filters live in the page's URL so a search can be shared and reloaded:
 * `/find?q=hdfc&creditRating=AAA&creditRating=AA&sort=coupon_desc`. Values the finder does not
 * know (an old or edited link) are dropped rather than failing the page.
 */
import {
  BOND_CATEGORIES,
  BOND_SECURITY,
  CREDIT_RATING_BUCKETS,
  FINDER_CATEGORIES,
  FINDER_SORTS,
  TIME_TO_MATURITY_BUCKETS,
  type FinderCategory,
  type FinderSort,
} from '../../../shared/contracts/finder';
import { SECURITY_TYPES } from '../../../shared/instruments';
import type { FinderFilters } from '../../api/finderApi';

const KEYWORD_PARAM = 'q';
const SORT_PARAM = 'sort';
const OPTIONS: Record<FinderCategory, readonly string[]> = {
  bondCategory: BOND_CATEGORIES,
  securityType: SECURITY_TYPES,
  creditRating: CREDIT_RATING_BUCKETS,
  timeToMaturity: TIME_TO_MATURITY_BUCKETS,
  bondSecurity: BOND_SECURITY,
};

/** The filters a finder URL's query holds. */
export function filtersFromUrl(params: URLSearchParams): FinderFilters {
  const selected: FinderFilters['selected'] = {};
  for (const category of FINDER_CATEGORIES) {
    const values = params.getAll(category).filter((v) => OPTIONS[category].includes(v));
    if (values.length) selected[category] = [...new Set(values)];
  }
  const sort = params.get(SORT_PARAM);
  return {
    keyword: params.get(KEYWORD_PARAM)?.trim() ?? '',
    selected,
    ...((FINDER_SORTS as readonly string[]).includes(sort ?? '') ? { sort: sort as FinderSort } : {}),
  };
}

/** The URL query for `filters`. */
export function urlFromFilters(filters: FinderFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.keyword) params.set(KEYWORD_PARAM, filters.keyword);
  for (const category of FINDER_CATEGORIES) for (const value of filters.selected[category] ?? []) params.append(category, value);
  if (filters.sort) params.set(SORT_PARAM, filters.sort);
  return params;
}
