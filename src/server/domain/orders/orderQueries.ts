/**
 * Reading orders (spec 01 §7 Orders): one order with its timeline from the event log, and the
 * unified list of the caller's client's orders. Readers (DESIGN §4 tenancy): the users of the two
 * parties (their compliance officers included, as users of their own client), the users of the
 * broker firm on the order, and the venue operator's compliance officers. Anyone else gets 404.
 */
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { Principal } from '../../../shared/accessPolicy.js';
import { istInstant } from '../../../shared/businessDate.js';
import {
  OPEN_ORDER_STATUSES,
  ORDER_MESSAGES,
  type OrderDetail,
  type OrderListQuery,
  type OrderListResponse,
} from '../../../shared/contracts/orders.js';
import type { EventType } from '../../../shared/events.js';
import type { DbOrTx } from '../../db/database.js';
import { clients, events, finstruments, orders, users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { addCalendarDays } from '../pricing/settlement.js';
import { containsPattern } from '../users/lookups.js';
import { renderContractNote } from './contractNote.js';
import type { OrderRow } from './orderRepository.js';
import { namesFor, type OrderSide, sideOf, toOrderView } from './orderView.js';

/** `paginate=false` answers this many in one page. */
const UNPAGINATED_LIMIT = 100;

async function isOperatorCompliance(db: DbOrTx, principal: Principal): Promise<boolean> {
  if (!principal.roles.includes('complianceofficer')) return false;
  const [client] = await db.select({ isOperator: clients.isOperator }).from(clients).where(eq(clients.id, principal.clientId));
  return client?.isOperator ?? false;
}

/**
 * Whether `principal` reads `row` through the routes of `side`: a party only through its own side's
 * routes; the broker and the operator's compliance through either.
 */
async function mayRead(db: DbOrTx, row: OrderRow, principal: Principal, side: OrderSide): Promise<boolean> {
  const mine = sideOf(row, principal);
  if (mine) return mine === side;
  return row.brokerClientId === principal.clientId || isOperatorCompliance(db, principal);
}

type Names = Awaited<ReturnType<typeof namesFor>>;
interface LoggedOrderEvent {
  type: EventType;
  payload: Record<string, unknown>;
}

/** An order event in plain words, naming the clients involved. */
function labelOf(event: LoggedOrderEvent, row: OrderRow, names: Names): string {
  const name = (id: unknown) => names.clients.get(Number(id)) ?? 'a client';
  const reporter = name(row.reporterClientId);
  const counterparty = name(row.reporterClientId === row.buyerClientId ? row.sellerClientId : row.buyerClientId);
  const p = event.payload;
  switch (event.type) {
    case 'order.reported':
      return `Reported by ${reporter}${p.late_reported ? ', late (more than 15 minutes after the trade)' : ''}`;
    case 'order.booked':
      return `Booked from RFQ deal ${String(p.deal_id)} confirmed on ${String(p.exchange)}`;
    case 'order.modified':
      return `Changed by ${reporter} (revision ${String(p.revision)})`;
    case 'order.accepted':
      return `Accepted by ${counterparty}`;
    case 'order.rejected':
      return `Rejected by ${counterparty}${p.reason ? `: ${String(p.reason)}` : ''}`;
    // Cancelled either way: the reporter withdrew the report, or both parties asked (each asked first).
    case 'order.cancelled':
      return row.buyerCancelRequestedAt && row.sellerCancelRequestedAt
        ? 'Cancelled by agreement of both parties'
        : `Withdrawn by ${reporter}`;
    case 'order.cancel_requested':
      return `Cancellation asked by ${name(p.requested_by_client_id)}`;
    case 'order.obligations_due':
      return 'Settlement date: funds and securities are due to the clearing corporation';
    case 'order.leg_paid_in':
      return p.leg === 'funds' ? 'Funds paid in by the buyer' : 'Securities paid in by the seller';
    case 'order.settled':
      return 'Settled: securities paid out to the buyer, funds to the seller';
    case 'order.failed':
      return `Failed${p.reason ? `: ${String(p.reason)}` : ''}`;
    default:
      return event.type;
  }
}

/** The order's events, oldest first, with their labels and who acted. */
async function timelineOf(db: DbOrTx, row: OrderRow, names: Names): Promise<OrderDetail['timeline']> {
  const rows = await db
    .select({
      id: events.id,
      type: events.type,
      payload: events.payload,
      at: events.occurredAt,
      first: users.firstName,
      last: users.lastName,
    })
    .from(events)
    .leftJoin(users, eq(users.id, events.actorUserId))
    .where(and(eq(events.aggregateType, 'order'), eq(events.aggregateId, String(row.id))))
    .orderBy(asc(events.id));
  return rows.map((e) => ({
    event_id: e.id,
    type: e.type,
    at: e.at.toISOString(),
    label: labelOf({ type: e.type, payload: e.payload as Record<string, unknown> }, row, names),
    actor: e.first === null ? null : `${e.first} ${e.last ?? ''}`.trim(),
  }));
}

/** GET api/orders/{id}/ (the seller's) and api/procurement-orders/{id}/ (the buyer's). */
export async function getOrder(db: DbOrTx, principal: Principal, side: OrderSide, id: number): Promise<OrderDetail> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row || !(await mayRead(db, row, principal, side))) throw new AppError('NOT_FOUND', ORDER_MESSAGES.orderNotFound);
  const names = await namesFor(db, [row]);
  return { ...toOrderView(row, principal, names), timeline: await timelineOf(db, row, names) };
}

function stateFilter(state: OrderListQuery['state']): SQL | undefined {
  if (state === 'all') return undefined;
  return inArray(orders.status, state === 'open' ? [...OPEN_ORDER_STATUSES] : [state]);
}

/**
 * GET api/orders/unified/: the orders the caller's client bought, sold or brokered, newest trade
 * first, filtered by state (default the open ones), counterparty, bond (id, or ISIN / name text)
 * and trade dates (IST, inclusive).
 */
export async function listOrders(db: DbOrTx, principal: Principal, query: OrderListQuery): Promise<OrderListResponse> {
  const me = principal.clientId;
  const other = query.counterparty_client_id;
  const where = and(
    or(eq(orders.buyerClientId, me), eq(orders.sellerClientId, me), eq(orders.brokerClientId, me)),
    stateFilter(query.state),
    other === undefined ? undefined : or(eq(orders.buyerClientId, other), eq(orders.sellerClientId, other)),
    query.finstrument_id === undefined ? undefined : eq(orders.finstrumentId, query.finstrument_id),
    query.search
      ? or(ilike(finstruments.isin, containsPattern(query.search)), ilike(finstruments.displayName, containsPattern(query.search)))
      : undefined,
    query.from ? gte(orders.tradedAt, istInstant(query.from, '00:00')) : undefined,
    query.to ? lt(orders.tradedAt, istInstant(addCalendarDays(query.to, 1), '00:00')) : undefined,
  );
  const paginate = query.paginate !== false;
  const pageSize = paginate ? query.page_size : UNPAGINATED_LIMIT;
  const page = paginate ? query.page : 1;
  const rows = await db
    .select({ order: orders })
    .from(orders)
    .innerJoin(finstruments, eq(finstruments.id, orders.finstrumentId))
    .where(where)
    .orderBy(desc(orders.tradedAt), desc(orders.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db
    .select({ n: count() })
    .from(orders)
    .innerJoin(finstruments, eq(finstruments.id, orders.finstrumentId))
    .where(where);
  const list = rows.map((r) => r.order);
  const names = await namesFor(db, list);
  return { count: total?.n ?? 0, page, page_size: pageSize, results: list.map((row) => toOrderView(row, principal, names)) };
}

/**
 * GET api/orders/{id}/contract-note/ and the procurement variant: the party's contract note as a
 * PDF. Only the buyer and the seller get one — the note states what that party pays or receives.
 */
export async function contractNoteOf(
  db: DbOrTx,
  principal: Principal,
  side: OrderSide,
  id: number,
  brand: string,
  now: Date,
): Promise<{ filename: string; pdf: Buffer }> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row || sideOf(row, principal) !== side) throw new AppError('NOT_FOUND', ORDER_MESSAGES.orderNotFound);
  const [bond] = await db.select({ faceValue: finstruments.faceValue }).from(finstruments).where(eq(finstruments.id, row.finstrumentId));
  const order = toOrderView(row, principal, await namesFor(db, [row]));
  const pdf = await renderContractNote({ order, brand, generatedAt: now, viewer: side, faceValue: bond?.faceValue });
  return { filename: `contract-note-${row.id}.pdf`, pdf };
}
