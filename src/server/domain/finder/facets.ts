/**
 * POST api/categories/: each category's options with live counts under every OTHER category's
 * filter (the usual faceting rule), cached briefly because the same filters repeat as users click.
 */
import { sql } from 'drizzle-orm';
import type { Clock } from '../../../shared/clock.js';
import type { CategoriesRequest, CategoriesResponse } from '../../../shared/contracts/finder.js';
import type { DbOrTx } from '../../db/database.js';
import { FINDER_FROM, categoryOptions, filterConditions, whereOf } from './filters.js';

export const FACET_TTL_MS = 30_000;
// Bounds memory: when full, the whole cache is dropped (entries live 30 s anyway).
const MAX_ENTRIES = 500;

export interface FacetCache {
  get(key: string): CategoriesResponse | undefined;
  set(key: string, value: CategoriesResponse): void;
}

/** An in-memory cache whose entries expire FACET_TTL_MS after they were stored, by `clock`. */
export function createFacetCache(clock: Clock): FacetCache {
  const entries = new Map<string, { expires: number; value: CategoriesResponse }>();
  return {
    get(key) {
      const hit = entries.get(key);
      if (hit && hit.expires > clock.now().getTime()) return hit.value;
      entries.delete(key);
      return undefined;
    },
    set(key, value) {
      if (entries.size >= MAX_ENTRIES) entries.clear();
      entries.set(key, { expires: clock.now().getTime() + FACET_TTL_MS, value });
    },
  };
}

const rowOf = (result: unknown) => (result as { rows: Record<string, number>[] }).rows[0] ?? {};

export async function facetCounts(db: DbOrTx, today: string, request: CategoriesRequest, cache: FacetCache): Promise<CategoriesResponse> {
  const { sort: _sort, ...filters } = request.category_values;
  const cacheKey = JSON.stringify([today, request.category_list, filters]);
  const cached = cache.get(cacheKey);
  if (cached) return cached;
  const categories: CategoriesResponse['categories'] = [];
  // Sequential on purpose: one pooled connection per request keeps concurrent users from starving the pool.
  for (const category of request.category_list) {
    const options = categoryOptions(category, today);
    const counts = rowOf(await db.execute(sql`
      select ${sql.join(options.map((o, i) => sql`count(*) filter (where ${o.condition})::int as ${sql.identifier(`c${i}`)}`), sql`, `)}
      ${FINDER_FROM} ${whereOf(filterConditions(filters, today, category))}`));
    const selected = (filters[category] ?? []) as readonly string[];
    categories.push({
      category,
      options: options.map((o, i) => ({ value: o.value, label: o.label, count: Number(counts[`c${i}`] ?? 0), selected: selected.includes(o.value) })),
    });
  }
  const total = rowOf(await db.execute(sql`select count(*)::int as n ${FINDER_FROM} ${whereOf(filterConditions(filters, today))}`));
  const value: CategoriesResponse = { categories, count: Number(total.n ?? 0) };
  cache.set(cacheKey, value);
  return value;
}
