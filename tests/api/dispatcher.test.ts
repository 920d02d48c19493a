import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { Database } from '../../src/server/db/database';
import {
  dispatchBatch,
  startEventDispatcher,
  type EventConsumer,
  type EventDispatcher,
  type LoggedEvent,
} from '../../src/server/events/dispatcher';
import { appendEvent } from '../../src/server/events/eventLog';
import { simulatedTime } from '../../src/shared/timers';
import { openTestDatabase } from './helpers/testDatabase';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const time = simulatedTime('2026-11-20T04:00:00Z');
let consumerSeq = 0;

/** A consumer that records what it handled; `name` defaults to a fresh cursor. */
function recorder(name = `test-${++consumerSeq}`, startAt: EventConsumer['startAt'] = 'now') {
  const seen: number[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const consumer: EventConsumer = {
    name,
    startAt,
    async handle(events: readonly LoggedEvent[]) {
      seen.push(...events.map((e) => e.id));
      for (const w of waiters.filter((w) => seen.length >= w.count)) w.resolve();
    },
  };
  /** Resolves once `count` events in all have been handled. */
  const until = (count: number) =>
    new Promise<void>((resolve) => {
      if (seen.length >= count) resolve();
      else waiters.push({ count, resolve });
    });
  return { consumer, seen, until };
}

const append = (n: number) => appendEvent(database.db, time, { type: 'invite.accepted', aggregateId: n, payload: { user_account_id: n } });
const appendMany = async (n: number) => {
  const ids: number[] = [];
  for (let i = 0; i < n; i += 1) ids.push(await append(i + 1));
  return ids;
};
const failOnError = (error: unknown) => {
  throw error;
};

async function start(consumers: EventConsumer[], db: Database = database): Promise<EventDispatcher> {
  return startEventDispatcher({ database: db, clock: time, timers: time, consumers, onError: failOnError });
}

describe('event dispatcher', () => {
  it('wakes on commit (NOTIFY) and hands every new event to the consumer once, in order', async () => {
    const r = recorder();
    const dispatcher = await start([r.consumer]);
    await dispatcher.drain();
    const ids = await appendMany(3);
    await r.until(3);
    await dispatcher.stop();
    expect(r.seen).toEqual(ids);
  });

  it('still delivers without NOTIFY, by the poll that runs every second on the injected clock', async () => {
    const r = recorder();
    const deaf: Database = { ...database, listen: async () => async () => undefined };
    const dispatcher = await start([r.consumer], deaf);
    await dispatcher.drain();
    const [id] = await appendMany(1);
    expect(r.seen).toEqual([]);
    // Without NOTIFY only the poll wakes the dispatcher: this hangs (and times out) if it never runs.
    time.advance(1_000);
    await r.until(1);
    await dispatcher.stop();
    expect(r.seen).toEqual([id]);
  });

  it('resumes exactly where it stopped after a restart: nothing skipped, nothing twice', async () => {
    const name = `restart-${++consumerSeq}`;
    const first = recorder(name);
    const before = await start([first.consumer]);
    const early = await appendMany(4);
    await first.until(4);
    await before.stop();

    const whileDown = await appendMany(3);
    const second = recorder(name);
    const after = await start([second.consumer]);
    await second.until(3);
    const later = await appendMany(2);
    await second.until(5);
    await after.stop();

    expect(first.seen).toEqual(early);
    expect(second.seen).toEqual([...whileDown, ...later]);
  });

  it('a consumer starting at the beginning reads the whole history; one starting now reads only new events', async () => {
    const [old] = await appendMany(1);
    const fromStart = recorder(undefined, 'beginning');
    const fromNow = recorder(undefined, 'now');
    const dispatcher = await start([fromStart.consumer, fromNow.consumer]);
    await dispatcher.drain();
    const [fresh] = await appendMany(1);
    await fromNow.until(1);
    while (!fromStart.seen.includes(fresh!)) await fromStart.until(fromStart.seen.length + 1);
    await dispatcher.stop();
    expect(fromStart.seen).toEqual(expect.arrayContaining([old, fresh]));
    expect(fromNow.seen).toEqual([fresh]);
  });

  it('four dispatchers over one log, fed by four writers at once, never hand the same event to a consumer twice', async () => {
    const name = `shared-${++consumerSeq}`;
    const recorders = [1, 2, 3, 4].map(() => recorder(name));
    const handled = () => recorders.flatMap((r) => r.seen);
    // The cursor exists before the events, so all start from the same place.
    await dispatchBatch(database, time, recorders[0]!.consumer);
    const dispatchers = await Promise.all(recorders.map((r) => start([r.consumer])));
    // Concurrent writers commit out of id order, so batches interleave in (tx_id, id) order.
    const ids = (await Promise.all([1, 2, 3, 4].map(() => appendMany(150)))).flat().sort((x, y) => x - y);
    // Every commit wakes every dispatcher and they race for the cursor: wait until each event was handled once.
    while (handled().length < ids.length) await Promise.race(recorders.map((r) => r.until(r.seen.length + 1)));
    await Promise.all(dispatchers.map((d) => d.stop()));
    expect(handled().sort((x, y) => x - y)).toEqual(ids);
  });

  it.skipIf(inject('testDatabase').kind === 'pglite')(
    'waits for a transaction still writing rather than skip its earlier event',
    async () => {
      const r = recorder();
      await dispatchBatch(database, time, r.consumer);
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let slowId = 0;
      const slow = database.db.transaction(async (tx) => {
        slowId = await appendEvent(tx, time, { type: 'invite.accepted', aggregateId: 1, payload: { user_account_id: 1 } });
        await held;
      });
      while (slowId === 0) await new Promise((resolve) => setImmediate(resolve));
      const [fastId] = await appendMany(1);
      expect(fastId).toBeGreaterThan(slowId);
      await dispatchBatch(database, time, r.consumer);
      expect(r.seen).toEqual([]);
      release();
      await slow;
      await dispatchBatch(database, time, r.consumer);
      expect(r.seen).toEqual([slowId, fastId]);
    },
  );

  it.skipIf(inject('testDatabase').kind === 'pglite')(
    'delivers events held back by a running transaction once it ends, without waiting for the poll',
    async () => {
      const r = recorder();
      const dispatcher = await start([r.consumer]);
      await dispatcher.drain();
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let started = false;
      // Any running transaction with an id holds the horizon, even one that writes no event (so its
      // commit brings no NOTIFY): the dispatcher must look again by itself.
      const slow = database.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_current_xact_id()`);
        started = true;
        await held;
      });
      while (!started) await new Promise((resolve) => setImmediate(resolve));
      const [fastId] = await appendMany(1);
      await dispatcher.drain();
      expect(r.seen).toEqual([]);
      release();
      await slow;
      await r.until(1);
      await dispatcher.stop();
      expect(r.seen).toEqual([fastId]);
    },
  );
});
