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
import { createCache, type Cache } from './cache.js';
import { finderIndexVersion } from './searchIndex.js';

export interface KeptPage {
  version: string | null;
  response: FinderListResponse;
}

export interface KeptPages {
  pages: Cache<KeptPage>;
  /** The index version as read by a statement sent after this call (null before the first refresh). */
  currentVersion(): Promise<string | null>;
}

async function readIndexVersion(db: DbOrTx): Promise<string | null> {
  const { rows } = (await db.execute(sql`select ${finderIndexVersion} as version`)) as unknown as { rows: { version: string | null }[] };
  return rows[0]?.version ?? null;
}

/**
 * Kept pages over `db`. Version reads are shared: a caller arriving while a read is in flight waits
 * for it and shares the next one, sent when it returns, so under load one statement answers many
 * searches, and no search sees a version older than its own arrival.
 */
export function createKeptPages(db: DbOrTx): KeptPages {
  let sent: Promise<string | null> | undefined;
  let queued: Promise<string | null> | undefined;
  const send = () => {
    const read = readIndexVersion(db);
    sent = read;
    const done = () => {
      if (sent === read) sent = undefined;
    };
    read.then(done, done);
    return read;
  };
  return {
    pages: createCache<KeptPage>(),
    currentVersion() {
      if (!sent) return send();
      queued ??= sent
        .catch(() => undefined)
        .then(() => {
          queued = undefined;
          return send();
        });
      return queued;
    },
  };
}
