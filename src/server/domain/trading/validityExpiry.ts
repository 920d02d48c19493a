/**
 * Durable validity expiry (issue #14): a quote expires at its time even if the server was down in
 * between. The due time is the row's `expires_at` (already the earlier of validity and mandate); each
 * sweep expires every live quote due by the injected clock, with its open negotiations, so the first
 * sweep after a restart catches up. A quote whose deal waits on the exchange is left until the
 * exchange answers: a rejection expires it at once if it is due (exchangeAnswers.ts). Rows
 * are claimed with SKIP LOCKED so several instances never expire the same quote twice, and a quote
 * being acted on is simply picked up by the next sweep.
 */
import { and, asc, inArray, lte, sql } from 'drizzle-orm';
import { eoiMachine } from '../../../../machines/eoi.machine.js';
import { EOI_ON_MARKET } from '../../../../machines/stateSets.js';
import type { Clock } from '../../../shared/clock.js';
import type { Db, DbOrTx } from '../../db/database.js';
import { eois } from '../../db/schema.js';
import { appendEvent } from '../../events/eventLog.js';
import { endOpenClusters } from './clusterEnding.js';
import { eventPayload, saveTransition, snapshotOf } from './eoiCommands.js';
import { applyEvent } from '../lifecycle.js';
import type { EoiRow } from './eoiRepository.js';

const BATCH = 100;

/** A quote whose end is its client's mandate's expired for that reason, else for its validity. */
const endedBy = (row: EoiRow) =>
  row.mandateExpiresAt && row.mandateExpiresAt.getTime() === row.expiresAt.getTime() ? 'mandate' : 'validity';

/**
 * Live quotes due by now whose end the chart allows: a quote whose deal waits on the exchange is
 * skipped, and expires once the exchange has answered (issue #27).
 */
const dueNow = (clock: Clock) =>
  and(
    inArray(eois.status, EOI_ON_MARKET),
    lte(eois.expiresAt, clock.now()),
    sql`coalesce((${eois.machineContext}->>'dealPending')::boolean, false) = false`,
  );

/** Expires one quote whose validity (or mandate) has run out, with its open negotiations, in the caller's transaction. */
export async function expireQuote(tx: DbOrTx, clock: Clock, row: EoiRow): Promise<EoiRow> {
  const saved = await saveTransition(tx, clock, row, applyEvent(eoiMachine, snapshotOf(row), { type: 'validity.elapsed' }, 'not live'));
  await endOpenClusters(tx, clock, saved, 'validity.elapsed', null);
  await appendEvent(tx, clock, {
    type: 'eoi.expired',
    aggregateId: saved.id,
    clientId: saved.clientId,
    actorUserId: null,
    payload: { ...eventPayload(saved), by: endedBy(row) },
  });
  return saved;
}

/** Expires one batch of due quotes in one transaction; returns how many. */
async function expireBatch(db: Db, clock: Clock): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(eois)
      .where(dueNow(clock))
      .orderBy(asc(eois.expiresAt), asc(eois.id))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    for (const row of due) await expireQuote(tx, clock, row);
    return due.length;
  });
}

/** Expires every quote due by now; returns how many. */
export async function expireDueQuotes(db: Db, clock: Clock): Promise<number> {
  let total = 0;
  for (let n = await expireBatch(db, clock); n > 0; n = n === BATCH ? await expireBatch(db, clock) : 0) total += n;
  return total;
}
