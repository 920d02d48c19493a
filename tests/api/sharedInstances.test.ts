/**
 * What instances on one database share (issue #27 item 8): a background job's run holds a lock
 * every instance sees, so a sweep runs once across instances and a dead instance's job is taken
 * over; uploaded files live in the database, so a file stored through one instance is read
 * through another. On the embedded database (one process) every run simply runs.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/database';
import { startSweep } from '../../src/server/domain/sweep';
import { databaseStorage } from '../../src/server/storage/databaseStorage';
import { newFileKey } from '../../src/server/storage/fileStorage';
import { simulatedTime } from '../../src/shared/timers';
import { databaseUrl } from './helpers/postgresUrls';
import { openTestDatabase } from './helpers/testDatabase';
import { TEST_NOW } from './setup/seedTemplate';

const template = inject('testDatabase');
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** A job run that lasts until released; records how many runs overlap at most. */
function watchedRuns() {
  let running = 0;
  let started = 0;
  let finished = 0;
  let mostAtOnce = 0;
  let release = () => {};
  let released = new Promise<void>((resolve) => (release = resolve));
  return {
    run: async () => {
      started += 1;
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      await released;
      running -= 1;
      finished += 1;
    },
    release: () => {
      release();
      released = new Promise<void>((resolve) => (release = resolve));
    },
    get started() {
      return started;
    },
    get finished() {
      return finished;
    },
    get mostAtOnce() {
      return mostAtOnce;
    },
  };
}

describe('the database file store', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database?.close());

  it('puts, gets and removes bytes by key, never replaces a key and refuses keys that are not keys', async () => {
    const files = databaseStorage(database.db, simulatedTime(TEST_NOW));
    const key = newFileKey('chat', new Date(TEST_NOW));
    await files.put(key, Buffer.from('statement.pdf bytes'));
    expect((await files.get(key)).toString()).toBe('statement.pdf bytes');
    await expect(files.put(key, Buffer.from('other'))).rejects.toThrow();
    expect((await files.get(key)).toString()).toBe('statement.pdf bytes');
    await files.remove(key);
    await expect(files.get(key)).rejects.toThrow(`No stored file under ${key}`);
    await files.remove(key);
    for (const bad of ['../x', '/etc/passwd', 'a//b']) await expect(files.put(bad, Buffer.from('x'))).rejects.toThrow('Invalid file key');
  });

  it.runIf(template.kind === 'pglite')('runs every job run on the embedded database, which one process owns', async () => {
    let ran = 0;
    expect(await database.runAlone('settlement', async () => void (ran += 1))).toBe(true);
    expect(ran).toBe(1);
  });
});

describe.runIf(template.kind === 'postgres')('two instances on one PostgreSQL', () => {
  const name = `kosh_inst_${randomBytes(5).toString('hex')}`;
  let admin: pg.Client;
  let url: string;
  let one: Database;
  let two: Database;
  beforeAll(async () => {
    if (template.kind !== 'postgres') return;
    admin = new pg.Client({ connectionString: template.adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template.template}`);
    url = databaseUrl(template.adminUrl, name);
    [one, two] = await Promise.all([openDatabase({ kind: 'postgres', url }), openDatabase({ kind: 'postgres', url })]);
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await admin?.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin?.end();
  });

  it('runs a sweep once across both: the other instance skips its ticks while a run is going', async () => {
    const time = simulatedTime(TEST_NOW);
    const runs = watchedRuns();
    const jobLocksHeld = async () =>
      Number(
        (
          await admin.query(
            `select count(*) as n from pg_locks where locktype = 'advisory' and classid = 7406203
        and database = (select oid from pg_database where datname = $1)`,
            [name],
          )
        ).rows[0].n,
      );
    const stops = [one, two].map((db) =>
      startSweep(
        () => db.runAlone('settlement', runs.run),
        time,
        5_000,
        (e) => expect.fail(String(e)),
      ),
    );
    try {
      await expect.poll(() => runs.started, { timeout: 10_000 }).toBe(1);
      for (let tick = 0; tick < 5; tick += 1) {
        time.advance(5_000);
        await settle();
      }
      expect(runs.started).toBe(1);
      runs.release();
      // Once the run is over the job runs again, on one instance only: a tick still waiting for the
      // lock takes it at once, or else the next tick does.
      await expect
        .poll(
          async () => {
            if (runs.started < 2 && (await jobLocksHeld()) === 0) time.advance(5_000);
            return runs.started;
          },
          { timeout: 10_000 },
        )
        .toBe(2);
      expect(runs.mostAtOnce).toBe(1);
    } finally {
      runs.release();
      await Promise.all(stops.map((stop) => stop()));
    }
  });

  it("takes over a job whose instance died: the lock goes with the dead instance's connection", async () => {
    const dying = new pg.Client({ connectionString: url });
    dying.on('error', () => undefined);
    await dying.connect();
    const { rows } = await dying.query<{ pid: number }>(
      `select pg_backend_pid() as pid, pg_try_advisory_lock(7406203, hashtext('exchange-answers'))`,
    );
    let ran = 0;
    expect(await one.runAlone('exchange-answers', async () => void (ran += 1))).toBe(false);
    // kill -9 of the process: its connection is gone; PostgreSQL releases its session locks.
    await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
    await dying.end().catch(() => undefined);
    await expect.poll(() => one.runAlone('exchange-answers', async () => void (ran += 1))).toBe(true);
    expect(ran).toBe(1);
  });

  it('reads through one instance the file stored through the other', async () => {
    const key = newFileKey('chat', new Date(TEST_NOW));
    const clock = simulatedTime(TEST_NOW);
    await databaseStorage(one.db, clock).put(key, Buffer.from('term sheet'));
    expect((await databaseStorage(two.db, clock).get(key)).toString()).toBe('term sheet');
  });
});
