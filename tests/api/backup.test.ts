/**
 * Backups keep what was acknowledged: a backup taken while writes go on, restored, holds every
 * write acknowledged before it began. Embedded: the running server that holds the directory dumps
 * it for `npm run db:backup` (loopback and its token only), and a restore refuses while a server
 * runs. PostgreSQL: pg_dump and pg_restore.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { restoreBackup, takeBackup } from '../../src/server/backup/backup';
import { writeBackupAccess } from '../../src/server/backup/backupAccess';
import { openDatabase, rowsOf, type Db } from '../../src/server/db/database';
import { lockDataDir } from '../../src/server/db/dataDirLock';
import { events } from '../../src/server/db/schema';
import { appendEvent } from '../../src/server/events/eventLog';
import { databaseUrl } from './helpers/postgresUrls';
import { createTestApp, type TestApp } from './helpers/testApp';

const template = inject('testDatabase');
const work = mkdtempSync(join(tmpdir(), 'kosh-backup-'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

/**
 * Writes events one after another until stopped; `acknowledged` holds the id of each committed one.
 * `backup` runs once some are acknowledged, with the writes still going on; returns the ids
 * acknowledged before it began.
 */
async function underWriteLoad(db: Db, backup: () => Promise<unknown>): Promise<number[]> {
  const acknowledged: number[] = [];
  let stopped = false;
  const writer = (async () => {
    for (let n = 1; !stopped; n++) {
      acknowledged.push(await appendEvent(db, t.clock, { type: 'invite.accepted', aggregateId: n, payload: { user_account_id: n } }));
      // Writes come in as requests do, between other I/O: embedded, a write never leaves the
      // microtask queue, and a loop of them alone would starve the backup call's socket.
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  while (acknowledged.length < 20) await new Promise((resolve) => setImmediate(resolve));
  const before = [...acknowledged];
  try {
    await backup();
    // The writer kept going through the backup.
    expect(acknowledged.length).toBeGreaterThan(before.length);
  } finally {
    stopped = true;
    await writer;
  }
  return before;
}

const foundIn = async (db: Db, ids: number[]) =>
  (await db.select({ id: events.id }).from(events).where(inArray(events.id, ids))).map((row) => row.id).sort((a, b) => a - b);

describe.skipIf(template.kind !== 'pglite')('backups of the embedded database', { timeout: 180_000 }, () => {
  it('serves the backup call to loopback callers with the token only', async () => {
    const call = (options: { remoteAddress?: string; token?: string }) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/backup/',
        ...(options.remoteAddress && { remoteAddress: options.remoteAddress }),
        ...(options.token && { headers: { authorization: `Bearer ${options.token}` } }),
      });
    expect((await call({})).statusCode).toBe(401);
    expect((await call({ token: 'not-the-token' })).statusCode).toBe(403);
    expect((await call({ token: t.ctx.backupToken!, remoteAddress: '10.20.30.40' })).statusCode).toBe(403);
    const ok = await call({ token: t.ctx.backupToken! });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('application/gzip');
  });

  it('db:backup asks the running server while writes go on; the restore holds every write acknowledged before it began', async () => {
    const { config } = t.ctx;
    const file = join(work, 'embedded.tar.gz');
    // This app stands for the server holding the directory: its lock, its address, its token.
    const lock = lockDataDir(config.database.kind === 'pglite' ? config.database.dir : '');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    writeBackupAccess(config.dataDir, {
      url: `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`,
      token: t.ctx.backupToken!,
    });
    let how = '';
    const before = await underWriteLoad(t.ctx.database.db, async () => {
      how = await takeBackup(config.database, config.dataDir, file);
    });
    expect(how).toBe(`taken by the running server (pid ${process.pid})`);
    lock.release();

    const dir = join(work, 'restored', 'db');
    expect(await restoreBackup({ kind: 'pglite', dir }, file, t.clock.now())).toBe('restored');
    const restored = await openDatabase({ kind: 'pglite', dir });
    try {
      expect(await foundIn(restored.db, before)).toEqual(before);
      // A restore while a server holds the directory is refused, naming it.
      await expect(restoreBackup({ kind: 'pglite', dir }, file, t.clock.now())).rejects.toThrow(`The data directory ${dir} is in use`);
    } finally {
      await restored.close();
    }
    // Once stopped, a restore replaces the directory and keeps the one it replaced.
    expect(await restoreBackup({ kind: 'pglite', dir }, file, t.clock.now())).toMatch(
      /^restored; the replaced directory is kept as .*db\.before-restore-/,
    );
  });
});

describe.skipIf(template.kind !== 'postgres')('backups on PostgreSQL', { timeout: 180_000 }, () => {
  it('pg_dump while writes go on; pg_restore into an empty database holds every write acknowledged before it began', async () => {
    if (template.kind !== 'postgres') return;
    const { db } = t.ctx.database;
    const name = rowsOf<{ name: string }>(await db.execute(sql`select current_database() as name`))[0]!.name;
    const file = join(work, 'postgres.dump');
    const before = await underWriteLoad(db, () => takeBackup({ kind: 'postgres', url: databaseUrl(template.adminUrl, name) }, work, file));

    const target = `${name}_restored`;
    const admin = new pg.Client({ connectionString: template.adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${target}`);
    try {
      const url = databaseUrl(template.adminUrl, target);
      expect(await restoreBackup({ kind: 'postgres', url }, file, t.clock.now())).toBe('restored with pg_restore');
      const restored = await openDatabase({ kind: 'postgres', url });
      try {
        expect(await foundIn(restored.db, before)).toEqual(before);
      } finally {
        await restored.close();
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${target} WITH (FORCE)`);
      await admin.end();
    }
  });
});
