/**
 * Orders as rows: lock one, apply an order-machine event to it and append the matching event to the
 * log in the same transaction (DESIGN §3). Every command and the settlement jobs change orders only
 * through `transitionOrder` (or `insertOrder`), so each change is one row update plus one event,
 * and each event carries both parties' open-orders counts for the live `open orders count`.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { orderMachine, type OrderEvent } from '../../../../machines/order.machine.js';
import type { Clock } from '../../../shared/clock.js';
import { OPEN_ORDER_STATUSES, ORDER_MESSAGES } from '../../../shared/contracts/orders.js';
import type { EventPayload, EventType } from '../../../shared/events.js';
import type { DbOrTx } from '../../db/database.js';
import { orders } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { appendEvent } from '../../events/eventLog.js';
import { applyEvent, initialSnapshot, statusOf, type StoredSnapshot } from '../lifecycle.js';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = Omit<typeof orders.$inferInsert, 'id' | 'status' | 'machineState' | 'createdAt' | 'updatedAt'>;
type OrderEventType = Extract<EventType, `order.${string}`>;
/** What an event adds to the common order payload (e.g. `reason`, `leg`). */
type Extra<T extends OrderEventType> = Omit<EventPayload<T>, keyof EventPayload<'order.reported'>>;

export const snapshotOfOrder = (row: OrderRow): StoredSnapshot => ({ value: row.machineState, context: {} });

/** Locks order `id` for the rest of the transaction; 404 when there is none. */
export async function lockOrder(tx: DbOrTx, id: number): Promise<OrderRow> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  if (!row) throw new AppError('NOT_FOUND', ORDER_MESSAGES.orderNotFound);
  return row;
}

/** Each party's open orders (reported, accepted or due) as of now in this transaction. */
export async function openOrderCounts(tx: DbOrTx, clientIds: readonly number[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = Object.fromEntries(clientIds.map((id) => [String(id), 0]));
  for (const id of clientIds) {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(inArray(orders.status, [...OPEN_ORDER_STATUSES]), or(eq(orders.buyerClientId, id), eq(orders.sellerClientId, id))));
    counts[String(id)] = row?.n ?? 0;
  }
  return counts;
}

/** The payload every order event carries (src/shared/events.ts `orderPayload`). */
export async function orderEventPayload(tx: DbOrTx, row: OrderRow): Promise<EventPayload<'order.reported'>> {
  return {
    order_id: row.id,
    status: row.status,
    revision: row.revision,
    buyer_client_id: row.buyerClientId,
    seller_client_id: row.sellerClientId,
    reporter_client_id: row.reporterClientId,
    broker_client_id: row.brokerClientId,
    finstrument_id: row.finstrumentId,
    quantity: row.quantity,
    unit_price: row.unitPrice,
    consideration: row.consideration,
    settlement_date: row.settlementDate,
    exchange: row.exchange,
    late_reported: row.lateReported,
    open_orders: await openOrderCounts(tx, [row.buyerClientId, row.sellerClientId]),
  };
}

interface Change<T extends OrderEventType> {
  /** The machine event; refused with 409 `refusal` when the order's state does not accept it. */
  event: OrderEvent;
  refusal: string;
  /** The log event written with the change, and what it adds to the common payload. */
  logAs: T;
  extra?: Extra<T>;
  /** Columns changed with the transition (amounts of a modify, a leg's time, a reason). */
  changes?: Partial<typeof orders.$inferInsert>;
  actorUserId: number | null;
}

/** Applies `change` to the locked `row`: the row update and its event, in the caller's transaction. */
export async function transitionOrder<T extends OrderEventType>(
  tx: DbOrTx,
  clock: Clock,
  row: OrderRow,
  change: Change<T>,
): Promise<OrderRow> {
  const next = applyEvent(orderMachine, snapshotOfOrder(row), change.event, change.refusal);
  const [saved] = await tx
    .update(orders)
    .set({
      ...change.changes,
      status: statusOf(next.value),
      machineState: next.value,
      updatedAt: clock.now(),
    })
    .where(eq(orders.id, row.id))
    .returning();
  if (!saved) throw new Error(`order ${row.id} vanished while locked`);
  await logOrderEvent(tx, clock, saved, change.logAs, change.extra, change.actorUserId);
  return saved;
}

/** Records an event about `row` without a state change (a leg paid in, a cancel request). */
export async function recordOrderChange<T extends OrderEventType>(
  tx: DbOrTx,
  clock: Clock,
  row: OrderRow,
  logAs: T,
  changes: Partial<typeof orders.$inferInsert>,
  extra: Extra<T> | undefined,
  actorUserId: number | null,
): Promise<OrderRow> {
  const [saved] = await tx
    .update(orders)
    .set({ ...changes, updatedAt: clock.now() })
    .where(eq(orders.id, row.id))
    .returning();
  if (!saved) throw new Error(`order ${row.id} vanished while locked`);
  await logOrderEvent(tx, clock, saved, logAs, extra, actorUserId);
  return saved;
}

/**
 * Inserts a new order in the machine's initial state ('reported') and logs `logAs`. With `via`, the
 * machine first applies that event (a deal the exchange confirmed is booked straight as 'accepted'):
 * still one row and one event, the booking, instead of a report and an acceptance nobody made.
 */
export async function insertOrder<T extends OrderEventType>(
  tx: DbOrTx,
  clock: Clock,
  order: NewOrder,
  logAs: T,
  extra: Extra<T> | undefined,
  actorUserId: number | null,
  via?: OrderEvent,
): Promise<OrderRow> {
  const initial = initialSnapshot(orderMachine);
  const start = via ? applyEvent(orderMachine, initial, via, `A new order cannot start with ${via.type}.`) : initial;
  const now = clock.now();
  const [saved] = await tx
    .insert(orders)
    .values({
      ...order,
      status: statusOf(start.value),
      machineState: start.value,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!saved) throw new Error('order insert returned no row');
  await logOrderEvent(tx, clock, saved, logAs, extra, actorUserId);
  return saved;
}

async function logOrderEvent<T extends OrderEventType>(
  tx: DbOrTx,
  clock: Clock,
  row: OrderRow,
  type: T,
  extra: Extra<T> | undefined,
  actorUserId: number | null,
): Promise<void> {
  const payload = { ...(await orderEventPayload(tx, row)), ...extra } as EventPayload<T>;
  await appendEvent(tx, clock, { type, aggregateId: row.id, clientId: row.reporterClientId, actorUserId, payload });
}
