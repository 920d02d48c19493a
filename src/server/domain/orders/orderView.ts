/**
 * An order as one user sees it (src/shared/contracts/orders.ts): the side decides the route family
 * (the seller's `api/orders/`, the buyer's `api/procurement-orders/`) and the actions come from the
 * order machine for this user — the counterparty answers a report, the reporter changes or
 * withdraws it, each party pays in its own leg and may ask to cancel before obligations are due.
 * Users who only read (viewers, compliance, the broker) get no actions.
 */
import { inArray } from 'drizzle-orm';
import { orderMachine, type OrderEvent } from '../../../../machines/order.machine.js';
import { isViewOnly, type Principal } from '../../../shared/accessPolicy.js';
import { businessDateOf, istTimeOf } from '../../../shared/businessDate.js';
import type { OrderAction, OrderKind, OrderView } from '../../../shared/contracts/orders.js';
import type { DbOrTx } from '../../db/database.js';
import { clients, finstruments } from '../../db/schema.js';
import { accepts } from '../lifecycle.js';
import { snapshotOfOrder, type OrderRow } from './orderRepository.js';

export type OrderSide = 'buyer' | 'seller';

/** The caller's side of the trade, or null for a reader who is neither party (broker, compliance). */
export function sideOf(row: OrderRow, principal: Principal): OrderSide | null {
  if (principal.clientId === row.buyerClientId) return 'buyer';
  if (principal.clientId === row.sellerClientId) return 'seller';
  return null;
}

/** The family of routes a side uses: the seller's orders, the buyer's procurement orders. */
export const kindOf = (side: OrderSide): OrderKind => (side === 'seller' ? 'SALE' : 'PROCUREMENT');

/** What the order machine lets this user do now. */
export function orderActions(row: OrderRow, principal: Principal): OrderAction[] {
  const side = sideOf(row, principal);
  if (!side || isViewOnly(principal.roles)) return [];
  const can = (event: OrderEvent['type']) => accepts(orderMachine, snapshotOfOrder(row), { type: event } as OrderEvent);
  const reporter = row.reporterClientId === principal.clientId;
  const myLegIn = side === 'buyer' ? row.fundsPaidInAt !== null : row.securitiesPaidInAt !== null;
  const myCancelAsked = (side === 'buyer' ? row.buyerCancelRequestedAt : row.sellerCancelRequestedAt) !== null;
  const actions: OrderAction[] = [];
  if (!reporter && can('accept')) actions.push('accept', 'reject');
  if (reporter && can('modify')) actions.push('modify', 'cancel');
  if (row.status === 'due' && !myLegIn) actions.push('pay_in');
  if (can('cancel.agreed') && !myCancelAsked) actions.push('request_cancel');
  return actions;
}

/** Names of the clients and bonds of `rows`, read once for a page of them. */
export async function namesFor(tx: DbOrTx, rows: readonly OrderRow[]) {
  const clientIds = [...new Set(rows.flatMap((r) => [r.buyerClientId, r.sellerClientId, ...(r.brokerClientId ? [r.brokerClientId] : [])]))];
  const bondIds = [...new Set(rows.map((r) => r.finstrumentId))];
  const [clientRows, bondRows] = await Promise.all([
    clientIds.length ? tx.select({ id: clients.id, name: clients.name }).from(clients).where(inArray(clients.id, clientIds)) : [],
    bondIds.length
      ? tx
          .select({ id: finstruments.id, isin: finstruments.isin, name: finstruments.displayName })
          .from(finstruments)
          .where(inArray(finstruments.id, bondIds))
      : [],
  ]);
  return { clients: new Map(clientRows.map((c) => [c.id, c.name])), bonds: new Map(bondRows.map((b) => [b.id, b])) };
}
type Names = Awaited<ReturnType<typeof namesFor>>;

/** The order as `principal` sees it; `names` from `namesFor`. */
export function toOrderView(row: OrderRow, principal: Principal, names: Names): OrderView {
  const side = sideOf(row, principal);
  const party = (id: number) => ({ client_id: id, name: names.clients.get(id) ?? '' });
  const bond = names.bonds.get(row.finstrumentId);
  const counterpartyId =
    side === 'seller'
      ? row.buyerClientId
      : side === 'buyer'
        ? row.sellerClientId
        : row.reporterClientId === row.buyerClientId
          ? row.sellerClientId
          : row.buyerClientId;
  const cancelBy = { buyer: row.buyerCancelRequestedAt !== null, seller: row.sellerCancelRequestedAt !== null };
  return {
    id: row.id,
    // A reader who is neither party sees the trade from the reporter's side.
    kind: kindOf(side ?? (row.reporterClientId === row.sellerClientId ? 'seller' : 'buyer')),
    status: row.status as OrderView['status'],
    reported_order_status:
      row.status === 'reported'
        ? 'PENDING'
        : row.status === 'rejected'
          ? 'REJECTED'
          : row.status === 'cancelled' && !cancelBy.buyer && !cancelBy.seller
            ? 'PENDING'
            : 'ACCEPTED',
    source: row.dealId === null ? 'REPORTED' : 'RFQ_DEAL',
    deal_id: row.dealId,
    finstrument_id: row.finstrumentId,
    isin: bond?.isin ?? '',
    bond_name: bond?.name ?? '',
    buyer: party(row.buyerClientId),
    seller: party(row.sellerClientId),
    counterparty: party(counterpartyId),
    reported_by_me: row.reporterClientId === principal.clientId,
    broker: row.brokerClientId === null ? null : party(row.brokerClientId),
    quantity: row.quantity,
    unit_price: row.unitPrice,
    yield: row.yield,
    trade_date: businessDateOf(row.tradedAt),
    trade_time: istTimeOf(row.tradedAt),
    settlement_date: row.settlementDate,
    principal: row.principal,
    accrued_interest: row.accruedInterest,
    consideration: row.consideration,
    stamp_duty: row.stampDuty,
    brokerage: row.brokerage,
    exchange: row.exchange,
    clearing_corporation: row.exchange === 'NSE' ? 'NSCCL' : 'ICCL',
    late_reported: row.lateReported,
    funds_paid_in: row.fundsPaidInAt !== null,
    securities_paid_in: row.securitiesPaidInAt !== null,
    cancel_requested_by_me: side !== null && cancelBy[side],
    cancel_requested_by_counterparty: side !== null && cancelBy[side === 'buyer' ? 'seller' : 'buyer'],
    reason: row.reason,
    revision: row.revision,
    actions: orderActions(row, principal),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** One order's view, reading its names. */
export async function orderViewFor(tx: DbOrTx, row: OrderRow, principal: Principal): Promise<OrderView> {
  return toOrderView(row, principal, await namesFor(tx, [row]));
}
