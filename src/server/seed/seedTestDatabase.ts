/** Test support for the seed's database tests: a migrated in-memory PGlite holding the small seed. */
import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/database.js';
import { seedDemo, type DemoLogin } from './seedDemo.js';

const MIGRATIONS = join(dirname(fileURLToPath(import.meta.url)), '../db/migrations');

/** The options every seed test uses. */
export const TEST_SEED_OPTIONS = { size: 'small', demoPassword: 'demo-password-1', referenceDate: '2026-11-22' } as const;

/** A fresh in-memory database, migrated and seeded with TEST_SEED_OPTIONS. */
export async function freshSeeded(): Promise<{ database: Database; logins: DemoLogin[] }> {
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate(MIGRATIONS);
  const { logins } = await seedDemo(database.db, TEST_SEED_OPTIONS);
  return { database, logins };
}

/** The rows of a raw query, typed by the caller. */
export async function rows<T>(database: Database, query: SQL): Promise<T[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A SHA-256 of a whole table in primary-key order, ignoring row creation times. */
export async function tableHash(database: Database, table: string): Promise<string> {
  const all = await rows<Record<string, unknown>>(database, sql.raw(`select * from ${table} order by 1`));
  for (const row of all) delete row.created_at;
  return createHash('sha256').update(JSON.stringify(all)).digest('hex');
}
