/**
 * Settlement through the clearing corporations (DOMAIN.md §1 Settlement; spec 01 §4 settle-or-cancel).
 * An accepted trade's obligations fall due on its settlement date (IST business date, weekends and
 * the holiday calendar skipped); each party then pays in its leg — the buyer's funds, the seller's
 * securities — to NSCCL (NSE) or ICCL (BSE) before the 17:45 IST pay-in cut-off; once both are in,
 * the clearing corporation pays out (DvP) and the order is settled in the same transaction. A leg
 * missing at the cut-off fails the trade and the leg that came in is returned. Before obligations
 * fall due, the two parties may cancel the trade by consent.
 *
 * Durable on the injected clock: the settlement job (`runSettlement`, at start and every few
 * seconds) takes each order as far as the clock allows, one locked row at a time — due, then the
 * demo counterparties' legs, then failed at the cut-off — so a restart after days down catches up in
 * order, and running it again changes nothing. The order row's leg columns are the truth; the
 * clearing corporation's calls are idempotent and made while the row is locked, so a rolled-back
 * attempt leaves at most an instruction the next attempt repeats.
 */
import { and, asc, eq, inArray, lte, or } from 'drizzle-orm';
import type { Principal } from '../../../shared/accessPolicy.js';
import { businessDateOf, istInstant } from '../../../shared/businessDate.js';
import type { Clock } from '../../../shared/clock.js';
import { ORDER_MESSAGES, type OrderKind, type OrderView, type SETTLE_CANCEL_DECISIONS } from '../../../shared/contracts/orders.js';
import type { RfqPlatform } from '../../../shared/contracts/trading.js';
import type { Db, DbOrTx } from '../../db/database.js';
import { orders } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { type ClearingCorporation, type Leg, LEGS } from '../../exchanges/clearingCorporation.js';
import { type Holidays, loadHolidays, rollForward } from '../pricing/settlement.js';
import type { Exchanges } from '../../exchanges/rfqSimulator.js';
import type { ServiceDeps } from '../../serviceDeps.js';
import { startSweep } from '../sweep.js';
import { SETTLEMENT_CUTOFFS } from '../trading/timings.js';
import { lockOrder, recordOrderChange, transitionOrder, type OrderRow } from './orderRepository.js';
import { kindOf, orderViewFor, sideOf, type OrderSide } from './orderView.js';
import { timedSweep } from '../../metrics/processMetrics.js';

export type SettleCancelDecision = (typeof SETTLE_CANCEL_DECISIONS)[number];

export interface SettlementDeps {
  db: Db;
  clock: Clock;
  /** Each platform's clearing corporation (the exchange gateways' `clearing`). */
  clearing: Record<RfqPlatform, ClearingCorporation>;
  /**
   * The market simulator's firms by client id, when it runs: as demo counterparties they accept
   * trades reported to them and pay in their legs when obligations fall due.
   */
  firms?: () => Promise<ReadonlyMap<number, Principal>>;
}

const LEG_OF: Record<OrderSide, Leg> = { buyer: 'funds', seller: 'securities' };
const SIDE_OF: Record<Leg, OrderSide> = { funds: 'buyer', securities: 'seller' };
const LEG_COLUMN = { funds: 'fundsPaidInAt', securities: 'securitiesPaidInAt' } as const;
const CANCEL_COLUMN = { buyer: 'buyerCancelRequestedAt', seller: 'sellerCancelRequestedAt' } as const;

const legIn = (row: OrderRow, leg: Leg) => row[LEG_COLUMN[leg]] !== null;
const missingLegs = (row: OrderRow) => LEGS.filter((leg) => !legIn(row, leg));
const clientOf = (row: OrderRow, side: OrderSide) => (side === 'buyer' ? row.buyerClientId : row.sellerClientId);

/** The day obligations fall due: the settlement date, or the next business day if it has since become a holiday. */
const obligationsDay = (row: OrderRow, closed: Holidays) => rollForward(row.settlementDate, closed);
/** The clearing corporation's pay-in cut-off on that day (SETTLEMENT_CUTOFFS: 17:45 IST for both). */
const payInCutoff = (row: OrderRow, day: string) => istInstant(day, SETTLEMENT_CUTOFFS[row.exchange].pay_in);

const legWords = (legs: readonly Leg[]) => legs.map((leg, i) => (i === 0 ? leg[0]!.toUpperCase() + leg.slice(1) : leg)).join(' and ');

/** Why a trade failed, in words shown to users: what was missing and what is returned. */
export function failureReason(row: OrderRow, missing: readonly Leg[]): string {
  const cutoff = SETTLEMENT_CUTOFFS[row.exchange].pay_in;
  const returned = LEGS.filter((leg) => !missing.includes(leg));
  // Both legs read as plurals: 'the funds paid in are returned'.
  const back = returned.length ? `; the ${returned.join(' and ')} paid in are returned` : '';
  return `${legWords(missing)} not paid in by the ${cutoff} IST pay-in cut-off${back}.`;
}

/** 'obligations.due' when the obligations day has come; the row unchanged otherwise. */
async function bringDue({ clock }: SettlementDeps, tx: DbOrTx, row: OrderRow, closed: Holidays): Promise<OrderRow> {
  if (row.status !== 'accepted' || businessDateOf(clock.now()) < obligationsDay(row, closed)) return row;
  return transitionOrder(tx, clock, row, {
    event: { type: 'obligations.due' },
    refusal: ORDER_MESSAGES.notOpen,
    logAs: 'order.obligations_due',
    actorUserId: null,
  });
}

/**
 * Pays `leg` in at the clearing corporation and records it; with both legs in, pays out and
 * settles the order. Null when the clearing corporation did not receive the leg.
 */
async function payIn(deps: SettlementDeps, tx: DbOrTx, row: OrderRow, leg: Leg, actorUserId: number | null): Promise<OrderRow | null> {
  const clearing = deps.clearing[row.exchange];
  if (!(await clearing.payIn(row.id, leg))) return null;
  const saved = await recordOrderChange(
    tx,
    deps.clock,
    row,
    'order.leg_paid_in',
    { [LEG_COLUMN[leg]]: deps.clock.now() },
    { leg },
    actorUserId,
  );
  if (missingLegs(saved).length > 0) return saved;
  // Our row is the truth: a clearing corporation that lost a leg we recorded (its restart) gets it again before it pays out.
  const held = await clearing.legs(row.id);
  for (const other of LEGS) {
    if (!held.includes(other) && !(await clearing.payIn(row.id, other))) throw new AppError('CONFLICT', ORDER_MESSAGES.legNotReceived);
  }
  await clearing.payOut(row.id);
  return transitionOrder(tx, deps.clock, saved, {
    event: { type: 'payout' },
    refusal: ORDER_MESSAGES.notDue,
    logAs: 'order.settled',
    actorUserId: null,
  });
}

/**
 * Fails a due order at the cut-off: the legs that came in go back, and the order says what was
 * missing. A trade the clearing corporation already paid out (the pay-out went through and our
 * commit of it did not) is settled instead: both legs were in, whatever our row lost.
 */
async function failAtCutoff({ clock, clearing }: SettlementDeps, tx: DbOrTx, row: OrderRow): Promise<OrderRow> {
  const missing = missingLegs(row);
  if (await clearing[row.exchange].paidOut(row.id)) {
    const legsIn = Object.fromEntries(missing.map((leg) => [LEG_COLUMN[leg], clock.now()]));
    return transitionOrder(tx, clock, row, {
      event: { type: 'payout' },
      refusal: ORDER_MESSAGES.notDue,
      logAs: 'order.settled',
      changes: legsIn,
      actorUserId: null,
    });
  }
  await clearing[row.exchange].returnLegs(row.id);
  const reason = failureReason(row, missing);
  return transitionOrder(tx, clock, row, {
    event: { type: 'cutoff.missed' },
    refusal: ORDER_MESSAGES.notOpen,
    logAs: 'order.failed',
    extra: { missing_legs: missing, reason },
    changes: { reason },
    actorUserId: null,
  });
}

/**
 * PATCH api/orders/settle-cancel/{a}/{b}/ (the seller's family) and api/procurement-orders/… (the
 * buyer's): 'settle' pays in the caller's leg, 'cancel' asks to cancel the accepted trade by consent.
 * Not a party, or the other side's family → 404; a state that does not allow it → 409.
 */
export async function settleOrCancel(
  deps: SettlementDeps,
  principal: Principal,
  family: OrderKind,
  id: number,
  decision: SettleCancelDecision,
): Promise<OrderView> {
  return deps.db.transaction(async (tx) => {
    const row = await lockOrder(tx, id);
    const side = sideOf(row, principal);
    if (!side || kindOf(side) !== family) throw new AppError('NOT_FOUND', ORDER_MESSAGES.orderNotFound);
    const saved =
      decision === 'settle' ? await settle(deps, tx, row, side, principal) : await requestCancel(deps, tx, row, side, principal);
    return orderViewFor(tx, saved, principal);
  });
}

async function settle(deps: SettlementDeps, tx: DbOrTx, locked: OrderRow, side: OrderSide, principal: Principal): Promise<OrderRow> {
  const closed = await loadHolidays(tx, locked.settlementDate);
  // The job may not have run yet on the settlement date: obligations fall due first, in order.
  const row = await bringDue(deps, tx, locked, closed);
  if (row.status !== 'due' || deps.clock.now() >= payInCutoff(row, obligationsDay(row, closed)))
    throw new AppError('CONFLICT', ORDER_MESSAGES.notDue);
  const leg = LEG_OF[side];
  if (legIn(row, leg)) throw new AppError('CONFLICT', ORDER_MESSAGES.legAlreadyIn);
  const saved = await payIn(deps, tx, row, leg, principal.userId);
  if (!saved) throw new AppError('CONFLICT', ORDER_MESSAGES.legNotReceived);
  return saved;
}

async function requestCancel(
  { clock }: SettlementDeps,
  tx: DbOrTx,
  row: OrderRow,
  side: OrderSide,
  principal: Principal,
): Promise<OrderRow> {
  if (row.status === 'due' || row.status === 'settled' || row.status === 'failed')
    throw new AppError('CONFLICT', ORDER_MESSAGES.cancelTooLate);
  if (row.status !== 'accepted') throw new AppError('CONFLICT', row.status === 'reported' ? undefined : ORDER_MESSAGES.notOpen);
  const closed = await loadHolidays(tx, row.settlementDate);
  // Obligations are due from the start of the day even if the job has not marked it yet.
  if (businessDateOf(clock.now()) >= obligationsDay(row, closed)) throw new AppError('CONFLICT', ORDER_MESSAGES.cancelTooLate);
  // Asking again changes nothing: the request stands until the other party asks too.
  if (row[CANCEL_COLUMN[side]] !== null) return row;
  const asked = { [CANCEL_COLUMN[side]]: clock.now() };
  const otherSide: OrderSide = side === 'buyer' ? 'seller' : 'buyer';
  if (row[CANCEL_COLUMN[otherSide]] !== null) {
    return transitionOrder(tx, clock, row, {
      event: { type: 'cancel.agreed' },
      refusal: ORDER_MESSAGES.cancelTooLate,
      logAs: 'order.cancelled',
      changes: asked,
      actorUserId: principal.userId,
    });
  }
  return recordOrderChange(
    tx,
    clock,
    row,
    'order.cancel_requested',
    asked,
    { requested_by_client_id: principal.clientId },
    principal.userId,
  );
}

const counterpartyOf = (row: OrderRow) => (row.reporterClientId === row.buyerClientId ? row.sellerClientId : row.buyerClientId);

/** Whether `advanceOrder` would change the order now (read without a lock, to skip the rows that wait). */
function hasWork(row: OrderRow, now: Date, closed: Holidays, firms: ReadonlyMap<number, Principal>): boolean {
  if (row.status === 'reported') return firms.has(counterpartyOf(row));
  const day = obligationsDay(row, closed);
  if (businessDateOf(now) < day) return false;
  if (row.status === 'accepted') return true;
  return row.status === 'due' && (now >= payInCutoff(row, day) || missingLegs(row).some((leg) => firms.has(clientOf(row, SIDE_OF[leg]))));
}

/**
 * One order as far as the clock allows, in one transaction on the locked row: a demo firm accepts
 * a trade reported to it; obligations fall due; demo firms pay in their legs before the cut-off;
 * at the cut-off a trade with a leg missing fails. Answers how many steps it took.
 */
async function advanceOrder(deps: SettlementDeps, id: number, firms: ReadonlyMap<number, Principal>): Promise<number> {
  return deps.db.transaction(async (tx) => {
    let row = await lockOrder(tx, id);
    let steps = 0;
    const step = (next: OrderRow | null) => {
      if (next && next !== row) {
        row = next;
        steps += 1;
      }
    };
    const acceptor = firms.get(counterpartyOf(row));
    if (row.status === 'reported' && acceptor) {
      step(
        await transitionOrder(tx, deps.clock, row, {
          event: { type: 'accept' },
          refusal: ORDER_MESSAGES.alreadyAnswered,
          logAs: 'order.accepted',
          actorUserId: acceptor.userId,
        }),
      );
    }
    const closed = await loadHolidays(tx, row.settlementDate);
    step(await bringDue(deps, tx, row, closed));
    if (row.status !== 'due') return steps;
    const cutoff = payInCutoff(row, obligationsDay(row, closed));
    if (deps.clock.now() < cutoff) {
      for (const leg of missingLegs(row)) {
        const firm = firms.get(clientOf(row, SIDE_OF[leg]));
        if (firm && row.status === 'due') step(await payIn(deps, tx, row, leg, firm.userId));
      }
    } else {
      step(await failAtCutoff(deps, tx, row));
    }
    return steps;
  });
}

/**
 * The settlement job's one sweep: every order the clock has made work for — accepted ones whose
 * settlement date has come, due ones, and reports to demo firms — oldest settlement date first.
 * Answers how many changes it made.
 */
export async function runSettlement(deps: SettlementDeps): Promise<number> {
  const { db, clock } = deps;
  const firms = deps.firms ? await deps.firms() : new Map<number, Principal>();
  const firmIds = [...firms.keys()];
  const today = businessDateOf(clock.now());
  const candidates = await db
    .select()
    .from(orders)
    .where(
      or(
        // A settlement date on a since-declared holiday rolls forward: the locked step decides.
        and(eq(orders.status, 'accepted'), lte(orders.settlementDate, today)),
        and(eq(orders.status, 'due'), lte(orders.settlementDate, today)),
        ...(firmIds.length
          ? [and(eq(orders.status, 'reported'), or(inArray(orders.buyerClientId, firmIds), inArray(orders.sellerClientId, firmIds)))]
          : []),
      ),
    )
    .orderBy(asc(orders.settlementDate), asc(orders.id));
  const closed = candidates[0] ? await loadHolidays(db, candidates[0].settlementDate) : new Set<string>();
  let steps = 0;
  const errors: unknown[] = [];
  // Only rows with something to do are locked (a due order waits all day for its legs); the locked step checks again.
  for (const row of candidates.filter((r) => hasWork(r, clock.now(), closed, firms))) {
    // One order that cannot move must not hold up the others; the sweep still reports it.
    try {
      steps += await advanceOrder(deps, row.id, firms);
    } catch (error) {
      errors.push(error);
    }
  }
  if (errors.length === 1) throw errors[0];
  if (errors.length > 1) throw new AggregateError(errors, `settlement of ${errors.length} orders failed`);
  return steps;
}

/** How often the settlement job looks at the clock (what falls due reads the clock, not the tick). */
const SETTLEMENT_SWEEP_MS = 5_000;

/**
 * The settlement service: settle-or-cancel for the routes, and the durable settlement job.
 * `simulatedFirms`, when the demo market runs, are the firms settlement acts for as counterparties.
 */
export function createSettlementService(
  { db, clock, timers, runAlone }: ServiceDeps,
  exchanges: Exchanges,
  simulatedFirms?: () => Promise<ReadonlyMap<number, Principal>>,
) {
  const deps: SettlementDeps = {
    db,
    clock,
    clearing: { NSE: exchanges.NSE.clearing, BSE: exchanges.BSE.clearing },
    ...(simulatedFirms && { firms: simulatedFirms }),
  };
  return {
    settleOrCancel: (principal: Principal, family: OrderKind, id: number, decision: SettleCancelDecision) =>
      settleOrCancel(deps, principal, family, id, decision),
    /** One sweep of the settlement job (tests call it directly). */
    runSettlement: () => runSettlement(deps),
    /** Starts the durable settlement job: a catch-up sweep now, then one every few seconds on the injected timers. */
    startSettlement: (onError: (error: unknown) => void) =>
      startSweep(
        () =>
          runAlone(
            'settlement',
            timedSweep('settlement', () => runSettlement(deps)),
          ),
        timers,
        SETTLEMENT_SWEEP_MS,
        onError,
      ),
  };
}
