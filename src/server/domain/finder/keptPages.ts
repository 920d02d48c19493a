/**
 * Pages already answered, kept per business date and request (keyword, filters, sort, cursor, limit)
 * with the index version they were read under. Desks repeat the same searches (every dealer's debounced
 * keystrokes on the same names), and while that version stands the kept page is exactly what reading it
 * again would return: every change to what the finder reads rebuilds the index and bumps the version
 * (searchIndex.ts). Checking the version is one trivial statement, so a repeated search no longer ranks
 * its matches again.
 */
import { sql } from 'drizzle-orm';
import type { FinderListResponse } from '../../../shared/contracts/finder.js';
import type { DbOrTx } from '../../db/database.js';
import { createCache } from './cache.js';
import { finderIndexVersion } from './searchIndex.js';

export interface KeptPage { version: string | null; response: FinderListResponse }

export const createPageCache = () => createCache<KeptPage>();

/** The index version as of now (null before the first refresh). */
export async function currentIndexVersion(db: DbOrTx): Promise<string | null> {
  const { rows } = await db.execute(sql`select ${finderIndexVersion} as version`) as unknown as { rows: { version: string | null }[] };
  return rows[0]?.version ?? null;
}
