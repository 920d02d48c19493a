/**
 * The embedded data directory has one owner: a second start on it is refused at once, naming the
 * directory and the process holding it; a lock left by a dead process is taken over. A damaged
 * directory says which directory, what is wrong and how to recover, instead of PGlite's stack.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, rowsOf, type Database } from '../../src/server/db/database';
import { diagnoseDataDir } from '../../src/server/db/dataDirCheck';
import { lockPathOf } from '../../src/server/db/dataDirLock';

const template = inject('testDatabase');
const root = mkdtempSync(join(tmpdir(), 'kosh-datadir-'));
const dir = join(root, 'db');
const open = () => openDatabase({ kind: 'pglite', dir });
const userCount = async (database: Database) =>
  Number(rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from users`))[0]?.n);

// Opening an embedded directory takes seconds, more on a loaded runner.
describe.skipIf(template.kind !== 'pglite')('one server per embedded data directory', { timeout: 120_000 }, () => {
  beforeAll(async () => {
    if (template.kind !== 'pglite') return;
    // A seeded data directory on disk: the template's files, as a server would leave them.
    const seeded = await openDatabase({ kind: 'pglite', dir, loadDataDir: new Blob([readFileSync(template.templateFile)]) });
    await seeded.close();
  }, 300_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('refuses a second start on the same directory, naming it and the holding process; starts again once the first closed', async () => {
    const first = await open();
    try {
      await expect(open()).rejects.toThrow(`The data directory ${dir} is in use by another Kosh process (pid ${process.pid}`);
      expect(await userCount(first)).toBeGreaterThan(0);
    } finally {
      await first.close();
    }
    expect(existsSync(lockPathOf(dir))).toBe(false);
    const again = await open();
    expect(await userCount(again)).toBeGreaterThan(0);
    await again.close();
  });

  it('refuses while another live process holds the lock, and takes a lock over once that process is gone', async () => {
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 60_000)']);
    await once(other, 'spawn');
    const lockFile = lockPathOf(dir);
    writeFileSync(lockFile, JSON.stringify({ pid: other.pid, host: hostname(), since: '2026-01-01T00:00:00.000Z' }));
    try {
      await expect(open()).rejects.toThrow(`The data directory ${dir} is in use by another Kosh process (pid ${other.pid}`);
    } finally {
      other.kill('SIGKILL');
      await once(other, 'exit');
    }
    const taken = await open();
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: process.pid });
    await taken.close();
  });

  it('reports a damaged control file with the directory, the cause and the way back, and leaves no lock', async () => {
    // The healthy control file's checksum is found, so only an unspecific cause could be given.
    expect(diagnoseDataDir(dir)).toBe('its files could not be read (damaged or written by another version)');
    const controlFile = join(dir, 'global', 'pg_control');
    const bytes = readFileSync(controlFile);
    bytes.fill(0x5a, 16, 48);
    writeFileSync(controlFile, bytes);

    const failure = await open().then(
      () => null,
      (error: unknown) => error as Error,
    );
    expect(failure?.message).toContain(`The embedded database in ${dir} cannot be opened`);
    expect(failure?.message).toContain('its control file global/pg_control is damaged (its checksum does not match its contents)');
    expect(failure?.message).toContain('npm run db:restore');
    expect(failure?.message).not.toContain('PGlite failed to initialize');
    expect(existsSync(lockPathOf(dir))).toBe(false);
  });
});
