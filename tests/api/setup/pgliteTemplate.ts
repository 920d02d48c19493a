/**
 * Global setup of the `api` project: one migrated, seeded PGlite, dumped to a tarball that
 * every test file loads (booting and seeding per file would cost seconds each).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../../src/server/db/database';
import { migrateAndSeed } from './seedTemplate';

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'kosh-api-'));
  const database = await openDatabase({ kind: 'pglite' });
  await migrateAndSeed(database);
  const dump = await database.pglite!.dumpDataDir('gzip');
  const templateFile = join(dir, 'template.tar.gz');
  writeFileSync(templateFile, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('testDatabase', { kind: 'pglite', templateFile });
  return () => rmSync(dir, { recursive: true, force: true });
}
