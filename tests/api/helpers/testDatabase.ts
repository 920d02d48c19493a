/** A fresh database per test file, copied from the template the global setup built. */
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../../src/server/db/database';
import { databaseUrl } from './postgresUrls';

export type TestDatabaseTemplate = { kind: 'pglite'; templateFile: string } | { kind: 'postgres'; adminUrl: string; template: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseTemplate;
  }
}

/** Opens a private copy of the seeded template; `close` also drops it on PostgreSQL. */
export async function openTestDatabase(): Promise<Database> {
  const template = inject('testDatabase');
  if (template.kind === 'pglite') {
    return openDatabase({ kind: 'pglite', loadDataDir: new Blob([readFileSync(template.templateFile)]) });
  }
  const name = `kosh_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: template.adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template.template}`);
  // Closing drops the database with FORCE, which can cut a connection the pool is still ending.
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(template.adminUrl, name), onIdleError: () => undefined });
  return {
    ...database,
    async close() {
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
