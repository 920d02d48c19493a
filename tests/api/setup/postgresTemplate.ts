/**
 * Global setup of the `api-pg` project (TEST_DATABASE_URL set): a migrated, seeded template
 * database on the real server; each test file gets its own copy (CREATE DATABASE … TEMPLATE).
 */
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../../src/server/db/database';
import { migrateAndSeed } from './seedTemplate';
import { databaseUrl } from '../helpers/postgresUrls';

export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const template = `kosh_tpl_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(adminUrl, template) });
  await migrateAndSeed(database);
  await database.close();
  project.provide('testDatabase', { kind: 'postgres', adminUrl, template });
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.end();
  };
}
