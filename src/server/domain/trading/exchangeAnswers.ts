/**
 * A deal's way to the exchange and back, durably. Accepting commits the deal as PENDING first; the
 * deal is then sent, and the platform's answer (confirmed or rejected) is recorded in its own
 * transaction. A platform may answer later, and the server may stop between the commit and the
 * send: the answers sweep, on the injected timers and once at start, asks the platform about every
 * PENDING deal, sends again the ones it never received (the platform knows a deal by its id) and
 * records each answer once — the deal row is locked and must still be PENDING. Each deal is asked
 * about and recorded on its own: one that fails is logged and noted in the event log
 * (`exchange.answer_failed`) and the sweep goes on to the next (issue #27).
 */
import { and, asc, eq } from 'drizzle-orm';
import { clusterMachine } from '../../../../machines/cluster.machine.js';
import { eoiMachine } from '../../../../machines/eoi.machine.js';
import { NEGOTIATION_MESSAGES as N } from '../../../shared/contracts/trading.js';
import type { DbOrTx } from '../../db/database.js';
import { deals, finstruments } from '../../db/schema.js';
import { appendEvent } from '../../events/eventLog.js';
import type { ExchangeAnswer, ExchangeStatus } from '../../exchanges/exchangeGateway.js';
import { clusterEventPayload, lockClusterFor } from './clusterRepository.js';
import { endOpenClusters, saveCluster } from './clusterEnding.js';
import { saveTransition, snapshotOf, type TradingDeps } from './eoiCommands.js';
import { applyEvent } from '../lifecycle.js';
import { expireQuote } from './validityExpiry.js';

type DealRow = typeof deals.$inferSelect;

const BATCH = 100;

/** Sends the deal to its platform (again, if it was sent before: the platform answers its status). */
export async function sendDeal({ db, exchanges }: TradingDeps, deal: DealRow): Promise<ExchangeStatus> {
  const [bond] = await db.select({ isin: finstruments.isin }).from(finstruments).where(eq(finstruments.id, deal.finstrumentId));
  if (!bond) throw new Error(`deal ${deal.id} without its bond`);
  return exchanges[deal.exchange].submitDeal({
    dealId: deal.id,
    finstrumentIsin: bond.isin,
    buyerClientId: deal.buyerClientId,
    sellerClientId: deal.sellerClientId,
    quantity: deal.quantity,
    unitPrice: deal.unitPrice,
    yield: deal.yield,
    settlementDate: deal.settlementDate,
    consideration: deal.consideration,
  });
}

/**
 * Records the platform's answer on a PENDING deal: the deal row, the negotiation (confirmed or
 * rejected), the quote (traded, or live again) and one event. `actorUserId` is the acceptor when the
 * answer came with the accept, null when the sweep found it. False when it was already recorded.
 */
export async function recordAnswer(
  { db, clock, bookDeal }: TradingDeps,
  dealId: number,
  answer: ExchangeAnswer,
  actorUserId: number | null,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [pending] = await lockPendingDeal(tx, dealId);
    if (!pending) return false;
    const { eoi, cluster } = await lockClusterFor(tx, pending.clusterId, () => true);
    const confirmed = answer.status === 'CONFIRMED';
    await tx
      .update(deals)
      .set({
        exchangeDealId: answer.exchangeDealId,
        exchangeStatus: answer.status,
        rejectionReason: confirmed ? null : answer.reason,
      })
      .where(eq(deals.id, dealId));
    const saved = await saveCluster(
      tx,
      clock,
      cluster,
      applyEvent(
        clusterMachine,
        { value: cluster.machineState, context: {} },
        { type: confirmed ? 'exchange.confirmed' : 'exchange.rejected' },
        N.negotiationOver,
      ),
    );
    const answered = await saveTransition(
      tx,
      clock,
      eoi,
      applyEvent(eoiMachine, snapshotOf(eoi), { type: confirmed ? 'deal.confirmed' : 'deal.rejected' }, N.negotiationOver),
    );
    // A traded quote ends its other negotiations; a rejected deal frees a quote whose validity ran out meanwhile to expire now.
    if (confirmed) await endOpenClusters(tx, clock, answered, 'close', actorUserId, saved.id);
    const savedEoi = !confirmed && answered.expiresAt <= clock.now() ? await expireQuote(tx, clock, answered) : answered;
    const base = { ...clusterEventPayload(saved, savedEoi), deal_id: dealId, exchange: pending.exchange };
    const who = { aggregateId: saved.id, clientId: saved.ownerClientId, actorUserId };
    await (answer.status === 'CONFIRMED'
      ? appendEvent(tx, clock, { type: 'deal.confirmed', ...who, payload: { ...base, exchange_deal_id: answer.exchangeDealId } })
      : appendEvent(tx, clock, {
          type: 'deal.rejected',
          ...who,
          payload: { ...base, exchange_deal_id: answer.exchangeDealId, reason: answer.reason },
        }));
    // The confirmed deal becomes an order to settle, in the same transaction (issue #9).
    if (confirmed) await bookDeal(tx, clock, pending, saved, savedEoi, actorUserId);
    return true;
  });
}

const lockPendingDeal = (tx: DbOrTx, dealId: number) =>
  tx
    .select()
    .from(deals)
    .where(and(eq(deals.id, dealId), eq(deals.exchangeStatus, 'PENDING')))
    .for('update');

/** Asks the platform about one PENDING deal and records its answer if there is one; true when recorded. */
async function answerDeal(deps: TradingDeps, deal: DealRow): Promise<boolean> {
  const status = (await deps.exchanges[deal.exchange].dealStatus(deal.id)) ?? (await sendDeal(deps, deal));
  return status.status !== 'PENDING' && (await recordAnswer(deps, deal.id, status, null));
}

/** Notes a deal whose answer could not be asked for or recorded: an event for operators, and the error for the log. */
async function noteFailure(deps: TradingDeps, deal: DealRow, error: unknown, onFailed: (error: Error) => void): Promise<void> {
  const reason = error instanceof Error ? error.message : String(error);
  const failure = new Error(`Deal ${deal.id} on ${deal.exchange}: its answer could not be recorded (${reason})`, { cause: error });
  try {
    await appendEvent(deps.db, deps.clock, {
      type: 'exchange.answer_failed',
      aggregateId: deal.id,
      payload: { deal_id: deal.id, cluster_id: deal.clusterId, eoi_id: deal.eoiId, exchange: deal.exchange, reason },
    });
  } catch (logError) {
    failure.message += `; the failure could not be logged either (${logError instanceof Error ? logError.message : String(logError)})`;
  }
  onFailed(failure);
}

/**
 * Asks the platforms about every PENDING deal and records the answers there are; returns how many.
 * A deal that fails goes to `onFailed` (the sweep logs it) and never keeps the others from their answers.
 */
export async function answerPendingDeals(deps: TradingDeps, onFailed: (error: Error) => void): Promise<number> {
  const pending = await deps.db.select().from(deals).where(eq(deals.exchangeStatus, 'PENDING')).orderBy(asc(deals.id)).limit(BATCH);
  let recorded = 0;
  for (const deal of pending) {
    try {
      if (await answerDeal(deps, deal)) recorded += 1;
    } catch (error) {
      await noteFailure(deps, deal, error, onFailed);
    }
  }
  return recorded;
}
