/**
 * Order commands of spec 01 §4 Orders: report a trade, the counterparty's answer, the reporter's
 * withdrawal and change. Each runs in one transaction through the order repository (one row change,
 * one event). Order of checks, as for quotes: access control already passed; then tenancy (404: not
 * a party, or the other side's family of routes), then the caller's part (403), then the body (400),
 * then the machine (409).
 */
import { and, eq } from 'drizzle-orm';
import { orderMachine } from '../../../../machines/order.machine.js';
import type { Principal } from '../../../shared/accessPolicy.js';
import { businessDateOf, istInstant, istTimeOf } from '../../../shared/businessDate.js';
import type { Clock } from '../../../shared/clock.js';
import { INSTRUMENT_MESSAGES } from '../../../shared/contracts/instruments.js';
import {
  acceptRejectSchema,
  LATE_REPORT_MINUTES,
  type ModifyOrder,
  modifyOrderSchema,
  ORDER_MESSAGES,
  type OrderView,
  type ReportOrder,
  reportOrderSchema,
} from '../../../shared/contracts/orders.js';
import { RFQ_PLATFORMS, type RfqPlatform, TRADE_MESSAGES, TRADING_MESSAGES } from '../../../shared/contracts/trading.js';
import type { Exchange } from '../../../shared/enums.js';
import { VALIDATION_MESSAGES as M } from '../../../shared/validation/index.js';
import type { Db, DbOrTx } from '../../db/database.js';
import { clients, userAccounts } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { FinstrumentRow } from '../instruments/terms.js';
import { addBusinessDays, isBusinessDay, loadHolidays } from '../pricing/settlement.js';
import { figuresFor } from '../trading/clusterRepository.js';
import { parseBody, PLATFORM_OF, tradableBond } from '../trading/eoiCommands.js';
import { accepts } from '../lifecycle.js';
import { checkWholeBonds, invalid, priceQuote } from '../trading/quotePricing.js';
import { type Answer, idempotent } from './idempotency.js';
import { insertOrder, lockOrder, type OrderRow, snapshotOfOrder, transitionOrder } from './orderRepository.js';
import { type OrderSide, orderViewFor, sideOf } from './orderView.js';

export interface OrderDeps {
  db: Db;
  clock: Clock;
}

const LATE_MS = LATE_REPORT_MINUTES * 60_000;

/** The routes of a side: the seller's `api/orders/`, the buyer's `api/procurement-orders/` (for the key's route). */
export const familyOf = (side: OrderSide) => (side === 'seller' ? 'api/orders/' : 'api/procurement-orders/');

/** The counterparty of a report: another client, on the platform, with an active user (the one named, if any). */
async function counterpartyOf(tx: DbOrTx, principal: Principal, input: ReportOrder): Promise<number> {
  const id = input.counterparty_client_id;
  const field = 'counterparty_client_id';
  if (id === principal.clientId) throw invalid(field, ORDER_MESSAGES.counterpartySelf);
  const [client] = await tx
    .select({ isOperator: clients.isOperator, offline: clients.offlineRecord })
    .from(clients)
    .where(eq(clients.id, id));
  if (!client) throw invalid(field, ORDER_MESSAGES.counterpartyUnknown);
  const active = await tx
    .select({ id: userAccounts.id })
    .from(userAccounts)
    .where(and(eq(userAccounts.clientId, id), eq(userAccounts.status, 'active')));
  if (client.isOperator || client.offline || active.length === 0) throw invalid(field, ORDER_MESSAGES.counterpartyInactive);
  const named = input.counterparty_user_account_id;
  if (named && !active.some((a) => a.id === named)) throw invalid('counterparty_user_account_id', ORDER_MESSAGES.counterpartyUserUnknown);
  return id;
}

async function platformsOf(tx: DbOrTx, clientId: number): Promise<RfqPlatform[]> {
  const [client] = await tx.select({ allowed: clients.allowedExchanges }).from(clients).where(eq(clients.id, clientId));
  return (client?.allowed ?? []).flatMap((corp) => (corp in PLATFORM_OF ? [PLATFORM_OF[corp as Exchange]] : []));
}

/** The exchange asked for, which both clients must be allowed on; else the first they share. */
async function sharedExchange(tx: DbOrTx, mine: number, theirs: number, asked: RfqPlatform | null | undefined): Promise<RfqPlatform> {
  const [my, their] = [await platformsOf(tx, mine), await platformsOf(tx, theirs)];
  if (asked) {
    if (!my.includes(asked)) throw invalid('exchange', TRADING_MESSAGES.exchangeNotAllowed);
    if (!their.includes(asked)) throw invalid('exchange', ORDER_MESSAGES.counterpartyExchange);
    return asked;
  }
  const first = RFQ_PLATFORMS.find((p) => my.includes(p) && their.includes(p));
  if (!first) throw invalid('exchange', ORDER_MESSAGES.noSharedExchange);
  return first;
}

/** A broker firm named on the report; brokerage is owed only to one. */
async function checkBroker(tx: DbOrTx, brokerClientId: number | null, brokerage: string): Promise<void> {
  if (brokerClientId !== null) {
    const [broker] = await tx.select({ isBroker: clients.isBroker }).from(clients).where(eq(clients.id, brokerClientId));
    if (!broker?.isBroker) throw invalid('broker_client_id', TRADE_MESSAGES.notABroker);
  }
  if (brokerClientId === null && Number(brokerage) > 0) throw invalid('brokerage', ORDER_MESSAGES.brokerageNeedsBroker);
}

/**
 * The settlement date of a trade struck on `tradeDate`: the date given, or `delta` business days
 * after the trade date (default T+1) on the holiday calendar. Not before the trade date, not in
 * the past (obligations cannot fall due on a day gone), a business day.
 */
async function settlementOf(
  tx: DbOrTx,
  today: string,
  tradeDate: string,
  input: { settlement_date?: string | null; settlement_delta?: number | null },
): Promise<string> {
  const closed = await loadHolidays(tx, tradeDate);
  const field = input.settlement_date ? 'settlement_date' : 'settlement_delta';
  const date = input.settlement_date ?? addBusinessDays(tradeDate, input.settlement_delta ?? 1, closed);
  if (date < tradeDate) throw invalid(field, M.settlementBeforeTrade);
  if (date < today) throw invalid(field, ORDER_MESSAGES.settlementPast);
  if (!isBusinessDay(date, closed)) throw invalid(field, INSTRUMENT_MESSAGES.settlementNotBusinessDay);
  return date;
}

/** Price, yield and the amounts in paise from the bond engine for the settlement date. */
function pricedTrade(
  bond: FinstrumentRow,
  settlement: string,
  quantity: number,
  typed: { price?: number | undefined; yield?: number | undefined },
) {
  const priced = priceQuote(bond, settlement, typed);
  const figures = figuresFor(bond, settlement, quantity, priced.price);
  return {
    quantity,
    unitPrice: priced.price,
    yield: priced.yield,
    settlementDate: settlement,
    principal: figures.principal,
    accruedInterest: figures.total_accrued_interest,
    consideration: figures.consideration,
    stampDuty: figures.stamp_duty,
  };
}

/** POST api/orders/ (the caller sells) or api/procurement-orders/ (the caller buys): 201 with the order. */
export async function reportOrder(
  { db, clock }: OrderDeps,
  principal: Principal,
  side: OrderSide,
  body: unknown,
  key: string | null,
): Promise<Answer<OrderView>> {
  const call = { userAccountId: principal.userAccountId, key, route: `POST ${familyOf(side)}`, body };
  return idempotent(db, clock, call, async (tx) => {
    const input = parseBody(
      reportOrderSchema(() => clock.now(), body),
      body,
    );
    const row = await reportIn(tx, clock, principal, side, input);
    return { status: 201, body: await orderViewFor(tx, row, principal) };
  });
}

async function reportIn(tx: DbOrTx, clock: Clock, principal: Principal, side: OrderSide, input: ReportOrder): Promise<OrderRow> {
  const now = clock.now();
  const today = businessDateOf(now);
  const tradeDate = input.trade_date ?? today;
  const tradedAt = istInstant(tradeDate, input.trade_time);
  const counterparty = await counterpartyOf(tx, principal, input);
  const bond = await tradableBond(tx, input.finstrument_id);
  checkWholeBonds(bond, input.quantity, 'quantity');
  const settlement = await settlementOf(tx, today, tradeDate, input);
  const trade = pricedTrade(bond, settlement, input.quantity, { price: input.unit_price_stored, yield: input.yield_stored });
  const exchange = await sharedExchange(tx, principal.clientId, counterparty, input.exchange);
  const brokerClientId = input.broker_client_id ?? null;
  const brokerage = input.brokerage ?? '0';
  await checkBroker(tx, brokerClientId, brokerage);
  return insertOrder(
    tx,
    clock,
    {
      ...trade,
      finstrumentId: bond.id,
      buyerClientId: side === 'buyer' ? principal.clientId : counterparty,
      sellerClientId: side === 'seller' ? principal.clientId : counterparty,
      reporterClientId: principal.clientId,
      reporterUserAccountId: principal.userAccountId,
      counterpartyUserAccountId: input.counterparty_user_account_id ?? null,
      brokerClientId,
      brokerage,
      exchange,
      tradedAt,
      // Decided once, at the first report: a later change does not make a late report timely.
      lateReported: now.getTime() - tradedAt.getTime() > LATE_MS,
    },
    'order.reported',
    undefined,
    principal.userId,
  );
}

/** Locks the order for one of its parties using their side's routes; 404 for anyone else (tenancy). */
async function partyOrder(tx: DbOrTx, principal: Principal, id: number, side: OrderSide): Promise<OrderRow> {
  const row = await lockOrder(tx, id);
  if (sideOf(row, principal) !== side) throw new AppError('NOT_FOUND', ORDER_MESSAGES.orderNotFound);
  return row;
}

/** Why a report can no longer be answered (the counterparty) or changed and withdrawn (the reporter). */
const answerRefusal = (row: OrderRow) => (row.status === 'cancelled' ? ORDER_MESSAGES.withdrawn : ORDER_MESSAGES.alreadyAnswered);
const reporterRefusal = (row: OrderRow) => (row.status === 'cancelled' ? ORDER_MESSAGES.withdrawn : ORDER_MESSAGES.reportAnswered);

/** An accept names the revision it saw; a report changed since is a 409 with its current figures for a second look. */
function checkSameRevision(row: OrderRow, seen: number | undefined): void {
  if (seen === undefined || seen === row.revision) return;
  throw new AppError('FIGURES_CHANGED', undefined, {
    revision: String(row.revision),
    quantity: String(row.quantity),
    unit_price: row.unitPrice,
    yield: row.yield,
    settlement_date: row.settlementDate,
    consideration: row.consideration,
    brokerage: row.brokerage,
  });
}

/** PUT …/{id}/accept-reject/: the counterparty accepts or rejects a reported trade; an accept is bound to the revision it names. */
export async function answerOrder(
  { db, clock }: OrderDeps,
  principal: Principal,
  side: OrderSide,
  id: number,
  body: unknown,
): Promise<OrderView> {
  return db.transaction(async (tx) => {
    const row = await partyOrder(tx, principal, id, side);
    if (row.reporterClientId === principal.clientId) throw new AppError('FORBIDDEN', ORDER_MESSAGES.notCounterparty);
    const input = parseBody(acceptRejectSchema, body);
    const refusal = answerRefusal(row);
    if (input.reported_order_status === 'ACCEPTED') checkSameRevision(row, input.revision);
    const saved =
      input.reported_order_status === 'REJECTED'
        ? await transitionOrder(tx, clock, row, {
            event: { type: 'reject' },
            refusal,
            logAs: 'order.rejected',
            extra: { reason: input.reason ?? null },
            changes: { reason: input.reason ?? null },
            actorUserId: principal.userId,
          })
        : await transitionOrder(tx, clock, row, {
            event: { type: 'accept' },
            refusal,
            logAs: 'order.accepted',
            actorUserId: principal.userId,
          });
    return orderViewFor(tx, saved, principal);
  });
}

/** Locks a report for its reporter: 404 for a stranger, 403 for the counterparty. */
async function reportedOrder(tx: DbOrTx, principal: Principal, id: number, side: OrderSide): Promise<OrderRow> {
  const row = await partyOrder(tx, principal, id, side);
  if (row.reporterClientId !== principal.clientId) throw new AppError('FORBIDDEN', ORDER_MESSAGES.notReporter);
  return row;
}

/** POST …/{id}/cancel/: the reporter withdraws a report the counterparty has not answered. */
export async function cancelOrder({ db, clock }: OrderDeps, principal: Principal, side: OrderSide, id: number): Promise<OrderView> {
  return db.transaction(async (tx) => {
    const row = await reportedOrder(tx, principal, id, side);
    const saved = await transitionOrder(tx, clock, row, {
      event: { type: 'cancel' },
      refusal: reporterRefusal(row),
      logAs: 'order.cancelled',
      actorUserId: principal.userId,
    });
    return orderViewFor(tx, saved, principal);
  });
}

/**
 * PUT api/orders/{id}/modify/, PATCH api/procurement-orders/{id}/modify/: the reporter changes the
 * quantity, price or yield, trade date and time, settlement or brokerage of an unanswered report.
 * What is not sent stays; without a new price or yield the price stays and the yield follows it.
 * Amounts are recomputed; the revision goes up. The late flag stays as decided at the first report.
 */
export async function modifyOrder(
  { db, clock }: OrderDeps,
  principal: Principal,
  side: OrderSide,
  id: number,
  body: unknown,
): Promise<OrderView> {
  return db.transaction(async (tx) => {
    const row = await reportedOrder(tx, principal, id, side);
    const input: ModifyOrder = parseBody(
      modifyOrderSchema(() => clock.now(), body, businessDateOf(row.tradedAt)),
      body,
    );
    if (Object.values(input).every((value) => value === undefined || value === null))
      throw new AppError('VALIDATION_FAILED', ORDER_MESSAGES.nothingToChange);
    if (!accepts(orderMachine, snapshotOfOrder(row), { type: 'modify' })) throw new AppError('CONFLICT', reporterRefusal(row));
    const now = clock.now();
    const tradeDate = input.trade_date ?? businessDateOf(row.tradedAt);
    const tradedAt = istInstant(tradeDate, input.trade_time ?? istTimeOf(row.tradedAt));
    // A new date with the old time could name a moment still to come.
    if (tradedAt > now) throw invalid('trade_time', M.tradeTimeLater);
    const bond = await tradableBond(tx, row.finstrumentId);
    const quantity = input.quantity ?? row.quantity;
    checkWholeBonds(bond, quantity, 'quantity');
    const newSettlement = input.settlement_date != null || input.settlement_delta != null;
    const settlement =
      newSettlement || input.trade_date != null
        ? await settlementOf(tx, businessDateOf(now), tradeDate, newSettlement ? input : { settlement_date: row.settlementDate })
        : row.settlementDate;
    const typed =
      input.unit_price_stored !== undefined || input.yield_stored !== undefined
        ? { price: input.unit_price_stored, yield: input.yield_stored }
        : { price: Number(row.unitPrice) };
    const trade = pricedTrade(bond, settlement, quantity, typed);
    const brokerage = input.brokerage ?? row.brokerage;
    await checkBroker(tx, row.brokerClientId, brokerage);
    const saved = await transitionOrder(tx, clock, row, {
      event: { type: 'modify' },
      refusal: reporterRefusal(row),
      logAs: 'order.modified',
      actorUserId: principal.userId,
      changes: { ...trade, tradedAt, brokerage, revision: row.revision + 1 },
    });
    return orderViewFor(tx, saved, principal);
  });
}
