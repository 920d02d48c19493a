/**
 * POST api/categories/: each category's options with live counts under every OTHER category's
 * filter (the usual faceting rule), cached briefly because the same filters repeat as users click.
 */
import { sql } from 'drizzle-orm';
import type { Clock } from '../../../shared/clock.js';
import type { CategoriesRequest, CategoriesResponse } from '../../../shared/contracts/finder.js';
import type { DbOrTx } from '../../db/database.js';
import { createCache, type Cache } from './cache.js';
import { FINDER_FROM, categoryOptions, filterConditions, whereOf } from './filters.js';

export const FACET_TTL_MS = 30_000;

export type FacetCache = Cache<CategoriesResponse>;

/** Facet responses by filter set, each for FACET_TTL_MS by `clock`. */
export const createFacetCache = (clock: Clock): FacetCache => createCache({ clock, ttlMs: FACET_TTL_MS });

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
    const counts = rowOf(
      await db.execute(sql`
      select ${sql.join(
        options.map((o, i) => sql`count(*) filter (where ${o.condition})::int as ${sql.identifier(`c${i}`)}`),
        sql`, `,
      )}
      ${FINDER_FROM} ${whereOf(filterConditions(filters, today, category))}`),
    );
    const selected = (filters[category] ?? []) as readonly string[];
    categories.push({
      category,
      options: options.map((o, i) => ({
        value: o.value,
        label: o.label,
        count: Number(counts[`c${i}`] ?? 0),
        selected: selected.includes(o.value),
      })),
    });
  }
  const total = rowOf(await db.execute(sql`select count(*)::int as n ${FINDER_FROM} ${whereOf(filterConditions(filters, today))}`));
  const value: CategoriesResponse = { categories, count: Number(total.n ?? 0) };
  cache.set(cacheKey, value);
  return value;
}
