/**
 * The dispatcher hands committed events to durable consumers (DESIGN §3). Each consumer has a
 * cursor row; a batch is claimed with a transaction-scoped advisory lock on the consumer, handled,
 * and the cursor moved in the same transaction — so a restart resumes exactly where it stopped and two
 * instances never handle the same batch. Woken by NOTIFY on commit, with a safety poll.
 */
import { sql } from 'drizzle-orm';
import type { Clock } from '../../shared/clock.js';
import type { EventType } from '../../shared/events.js';
import type { Timers } from '../../shared/timers.js';
import { rowsOf, type Database, type DbOrTx } from '../db/database.js';

/** An event as read from the log. */
export interface LoggedEvent {
  id: number;
  type: EventType;
  aggregateType: string;
  aggregateId: string;
  clientId: number | null;
  actorUserId: number | null;
  payload: Record<string, unknown>;
  occurredAt: string;
}

export interface EventConsumer {
  /** The cursor's key: never rename a consumer, or it starts again. */
  name: string;
  /** Where a new consumer starts: the whole history, or only events committed from now on. */
  startAt: 'beginning' | 'now';
  /** Handles a batch in log order; `tx` holds the cursor, so writes here commit with it. */
  handle(events: readonly LoggedEvent[], tx: DbOrTx): Promise<void>;
}

export const NOTIFY_CHANNEL = 'kosh_events';
/** The safety-net poll: at least once a second (issue #13). */
export const DISPATCH_POLL_MS = 1_000;
const BATCH_SIZE = 500;
/** The advisory-lock key space of consumer claims (the second key is the hashed consumer name). */
const CURSOR_LOCK_SPACE = 7_406_202;
/**
 * Events held back by a running transaction (possibly another database's on the same server) are
 * read again after this long in real time: the commit that frees them may bring no NOTIFY of ours.
 */
const HELD_BACK_RETRY_MS = 20;

interface Row extends Record<string, unknown> {
  id: string | number;
  tx_id: string;
  type: EventType;
  aggregate_type: string;
  aggregate_id: string;
  client_id: number | null;
  actor_user_id: number | null;
  payload: Record<string, unknown>;
  occurred_at: string | Date;
}

export interface BatchOutcome {
  /** Events handled (0: nothing new, or the cursor is claimed by another instance). */
  handled: number;
  /** Committed-or-not events wait behind a transaction still running: try again shortly. */
  heldBack: boolean;
}

/** Claims and handles one batch for `consumer`. */
export async function dispatchBatch(database: Database, clock: Clock, consumer: EventConsumer): Promise<BatchOutcome> {
  return database.db.transaction(async (tx) => {
    // First statement, before this transaction holds an id: transactions older than the horizon
    // are all finished, so nothing can still commit behind the cursor.
    const [horizon] = rowsOf<{ xmin: string }>(await tx.execute(sql`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin`));
    // A consumer starting now starts after the newest event written so far.
    const start =
      consumer.startAt === 'now'
        ? sql`coalesce((select tx_id from events order by tx_id desc, id desc limit 1), '0'::xid8), coalesce((select id from events order by tx_id desc, id desc limit 1), 0)`
        : sql`'0'::xid8, 0`;
    await tx.execute(sql`insert into event_consumer_cursors (consumer, tx_id, event_id, updated_at)
      select ${consumer.name}, ${start}, ${clock.now()}
      where not exists (select 1 from event_consumer_cursors where consumer = ${consumer.name})
      on conflict (consumer) do nothing`);
    // The claim is an advisory lock, not SELECT … FOR UPDATE SKIP LOCKED on the cursor row: under
    // load that row lock let two instances read the same cursor and hand one batch over twice.
    // The lock is released only after the holder's commit is visible, so the cursor read next (a
    // fresh snapshot) is the holder's final one.
    const [claim] = rowsOf<{ claimed: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(${CURSOR_LOCK_SPACE}, hashtext(${consumer.name})) as claimed`),
    );
    if (!claim?.claimed) return { handled: 0, heldBack: false };
    const [cursor] = rowsOf<{ tx_id: string; event_id: string | number }>(
      await tx.execute(sql`select tx_id::text, event_id
      from event_consumer_cursors where consumer = ${consumer.name}`),
    );
    if (!cursor) throw new Error(`event consumer ${consumer.name} has no cursor`);
    const rows = rowsOf<Row>(
      await tx.execute(sql`select id, tx_id::text, type, aggregate_type, aggregate_id, client_id,
        actor_user_id, payload, occurred_at
      from events
      where (tx_id, id) > (${cursor.tx_id}::xid8, ${Number(cursor.event_id)}) and tx_id < ${horizon!.xmin}::xid8
      order by tx_id, id limit ${BATCH_SIZE}`),
    );
    const last = rows.at(-1);
    const position = last ? { tx_id: last.tx_id, event_id: last.id } : cursor;
    const [behind] =
      rows.length === BATCH_SIZE
        ? []
        : rowsOf<{ held: boolean }>(
            await tx.execute(sql`select exists(
      select 1 from events where (tx_id, id) > (${position.tx_id}::xid8, ${Number(position.event_id)}) and tx_id >= ${horizon!.xmin}::xid8
    ) as held`),
          );
    const heldBack = behind?.held ?? false;
    if (!last) return { handled: 0, heldBack };
    await consumer.handle(rows.map(toLoggedEvent), tx);
    await tx.execute(sql`update event_consumer_cursors set tx_id = ${last.tx_id}::xid8, event_id = ${Number(last.id)},
      updated_at = ${clock.now()} where consumer = ${consumer.name}`);
    return { handled: rows.length, heldBack };
  });
}

function toLoggedEvent(row: Row): LoggedEvent {
  return {
    id: Number(row.id),
    type: row.type,
    aggregateType: row.aggregate_type,
    aggregateId: row.aggregate_id,
    clientId: row.client_id,
    actorUserId: row.actor_user_id,
    payload: row.payload,
    occurredAt: new Date(row.occurred_at).toISOString(),
  };
}

export interface EventDispatcher {
  /** Runs every consumer until nothing is left (also what NOTIFY and the poll trigger). */
  drain(): Promise<void>;
  /** Stops waking up and waits for the batch in flight, so its cursor is saved. */
  stop(): Promise<void>;
}

/** Starts dispatching the log to `consumers`: LISTEN wake-up plus a poll every DISPATCH_POLL_MS. */
export async function startEventDispatcher(deps: {
  database: Database;
  clock: Clock;
  timers: Timers;
  consumers: readonly EventConsumer[];
  onError: (error: unknown) => void;
}): Promise<EventDispatcher> {
  const { database, clock, timers, consumers, onError } = deps;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  let retry: ReturnType<typeof setTimeout> | null = null;
  const runAll = async () => {
    let heldBack = false;
    do {
      again = false;
      for (const consumer of consumers) {
        try {
          for (let outcome = { handled: BATCH_SIZE, heldBack: false }; !stopped && outcome.handled === BATCH_SIZE;) {
            outcome = await dispatchBatch(database, clock, consumer);
            heldBack ||= outcome.heldBack;
          }
        } catch (error) {
          onError(error);
        }
      }
    } while (again && !stopped);
    if (heldBack && !stopped && !retry)
      retry = setTimeout(() => {
        retry = null;
        void drain();
      }, HELD_BACK_RETRY_MS);
  };
  // Wake-ups during a run coalesce into one more run.
  const drain = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    // A wake-up that came after the run's last check (while it was finishing) starts the next run.
    running = runAll().finally(() => {
      running = null;
      if (again && !stopped) void drain();
    });
    return running;
  };

  const unlisten = await database.listen(NOTIFY_CHANNEL, () => void drain());
  const cancelPoll = timers.every(DISPATCH_POLL_MS, () => void drain());
  // Once started, every consumer has its cursor: one starting now misses nothing written after this.
  await drain();
  return {
    drain: async () => {
      await drain();
      if (running) await running;
    },
    async stop() {
      stopped = true;
      cancelPoll();
      if (retry) clearTimeout(retry);
      await unlisten();
      await running;
    },
  };
}
