/**
 * How many matches each rank of the list's sort holds, counted by a first page (later pages carry the
 * total in the cursor) and kept per filter set with the index version they were counted under
 * (finderIndexVersion). With kept sizes, a first page reads only the ranks it needs, each with an exact
 * limit, and counts nothing; its statement returns the version as well, and when the index was rebuilt
 * since, the page is read again the general way and counted afresh. A kept size is therefore never
 * staler than the index, and a broad keyword, whose count costs more than its page, is counted once.
 */
import { sql, type SQL } from 'drizzle-orm';
import { createCache } from './cache.js';
import { FINDER_FROM, whereOf } from './filters.js';
import { finderIndexVersion } from './searchIndex.js';

export interface RankSizes {
  version: string | null;
  sizes: number[];
}

export const keptSizes = createCache<RankSizes>();

export const versionColumn = sql`${finderIndexVersion} as version`;

const all = (conditions: readonly SQL[]) => (conditions.length ? sql.join([...conditions], sql` and `) : sql`true`);

/** Columns `version` and `sizes` (each rank's matches among those of `conditions`) for a first page's statement. */
export const sizesColumns = (ranks: readonly SQL[][], conditions: readonly SQL[]) => sql`${versionColumn},
  (select array[${sql.join(
    ranks.map((rank) => sql`(count(*) filter (where ${all(rank)}))::int`),
    sql`, `,
  )}] ${FINDER_FROM} ${whereOf(conditions)}) as sizes`;
