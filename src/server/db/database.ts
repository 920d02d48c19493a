/**
 * Opens the database: embedded PGlite in DATA_DIR/db by default, a PostgreSQL pool when
 * DATABASE_URL is set. Both give the same drizzle API over the same schema and migrations.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { damagedDataDir } from './dataDirCheck.js';
import { lockDataDir } from './dataDirLock.js';
import { runAloneOn, runInProcess, type RunAlone } from './jobLock.js';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database itself: repositories accept either. */
export type DbOrTx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly db: Db;
  /** The embedded instance when kind is 'pglite' (tests dump it as a template). */
  readonly pglite: PGlite | null;
  /** Applies the committed migrations (serialised across instances by an advisory lock). */
  migrate(migrationsFolder: string): Promise<void>;
  /** Calls `onNotify` for each NOTIFY on `channel` (delivered at commit); resolves once listening. */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  /** Runs a background job's run unless another instance is running that job (see jobLock.ts). */
  runAlone: RunAlone;
  close(): Promise<void>;
}

export type DatabaseTarget =
  { kind: 'pglite'; dir?: string; loadDataDir?: Blob | File } | { kind: 'postgres'; url: string; onIdleError?: (error: Error) => void };

// Any constant works; it only has to be the same for every instance of the app.
const MIGRATION_LOCK_KEY = 7_406_201;

/** Opens the database described by `target`. `dir` undefined means an in-memory PGlite. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  return target.kind === 'pglite' ? openPglite(target) : openPostgres(target.url, target.onIdleError);
}

async function openPglite(target: { dir?: string; loadDataDir?: Blob | File }): Promise<Database> {
  const lock = target.dir ? lockDataDir(target.dir) : null;
  // A directory that already held a database and will not open is damaged; say so, not PGlite's stack.
  const existing = Boolean(target.dir && existsSync(join(target.dir, 'PG_VERSION')));
  let client: PGlite;
  try {
    if (target.dir) mkdirSync(target.dir, { recursive: true });
    // pg_trgm backs the finder's keyword index (migration 0004 creates the extension).
    client = await PGlite.create({ dataDir: target.dir, loadDataDir: target.loadDataDir, extensions: { pg_trgm } });
  } catch (error) {
    lock?.release();
    throw existing && target.dir ? damagedDataDir(target.dir) : error;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    pglite: client,
    // The directory lock makes this process the only one on the data dir: no migration lock needed.
    migrate: (migrationsFolder) => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    listen: (channel, onNotify) => client.listen(channel, () => onNotify()),
    runAlone: runInProcess,
    async close() {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

async function openPostgres(url: string, onIdleError?: (error: Error) => void): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection can be cut by the server (restart, failover, admin command); pg then emits
  // 'error' on the pool and drops the client. Without a listener that would crash the process.
  pool.on('error', (error) => onIdleError?.(error));
  // Fail fast with a clear message rather than on the first request.
  await pool.query('select 1');
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    pglite: null,
    async migrate(migrationsFolder) {
      const conn = await pool.connect();
      try {
        await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg(conn, { schema }), { migrationsFolder });
      } finally {
        await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        conn.release();
      }
    },
    listen: (channel, onNotify) => listenPostgres(url, channel, onNotify, onIdleError),
    runAlone: runAloneOn(pool),
    close: () => pool.end(),
  };
}

const RELISTEN_DELAY_MS = 1_000;

/**
 * LISTEN needs a connection of its own, outside the pool. A lost connection is re-opened; the
 * notifications missed meanwhile are covered by the listener's own safety poll.
 */
async function listenPostgres(
  url: string,
  channel: string,
  onNotify: () => void,
  onError?: (error: Error) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify();
    });
    next.on('error', (error) => {
      onError?.(error);
      void next.end().catch(() => undefined);
      if (client === next) client = null;
      if (!stopped) setTimeout(() => void connect().catch((e: Error) => onError?.(e)), RELISTEN_DELAY_MS).unref();
    });
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    if (stopped) await next.end();
    else client = next;
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end().catch(() => undefined);
    client = null;
  };
}

/** The rows of a raw `execute`: PGlite and node-postgres both answer `{ rows }`. */
export const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/** True when the database answers a trivial query. */
export async function isReachable(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
