/**
 * Orders for the settlement tests, made through the order repository (as the orders commands do):
 * a trade between two seeded clients, reported by the seller and, unless told otherwise, accepted.
 */
import { asc, and, eq } from 'drizzle-orm';
import { clients, events, finstruments, users } from '../../../src/server/db/schema';
import { insertOrder, transitionOrder, type OrderRow } from '../../../src/server/domain/orders/orderRepository';
import { istInstant } from '../../../src/shared/businessDate';
import type { TestApp } from './testApp';
import { tradableBond } from './tradableBond';

export interface TestOrder {
  seller: string;
  buyer: string;
  settlementDate: string;
  exchange?: 'NSE' | 'BSE';
  /** Which party reported it (default the seller). */
  reporter?: 'seller' | 'buyer';
  /** Leave it reported instead of accepting it. */
  reportedOnly?: boolean;
}

export async function clientIdOf(t: TestApp, slug: string): Promise<number> {
  const [row] = await t.ctx.database.db.select({ id: clients.id }).from(clients).where(eq(clients.slug, slug));
  if (!row) throw new Error(`no seeded client ${slug}`);
  return row.id;
}

/** A seeded user's account at its client (for the actor of an event). */
export async function userIdOf(t: TestApp, email: string): Promise<number> {
  const [row] = await t.ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no seeded user ${email}`);
  return row.id;
}

let bond: typeof finstruments.$inferSelect | null = null;

/** A ₹5-bond trade at par, traded now on the test clock, seller and buyer by client slug or id. */
export async function makeOrder(t: TestApp, spec: TestOrder): Promise<OrderRow> {
  const db = t.ctx.database.db;
  bond ??= await tradableBond(db);
  const [sellerId, buyerId] = [await clientIdOf(t, spec.seller), await clientIdOf(t, spec.buyer)];
  const quantity = bond.faceValue * 5;
  const consideration = `${quantity}.00`;
  return db.transaction(async (tx) => {
    const reported = await insertOrder(
      tx,
      t.clock,
      {
        finstrumentId: bond!.id,
        buyerClientId: buyerId,
        sellerClientId: sellerId,
        reporterClientId: spec.reporter === 'buyer' ? buyerId : sellerId,
        quantity,
        unitPrice: '100.0000',
        yield: '0.080000',
        tradedAt: t.clock.now(),
        settlementDate: spec.settlementDate,
        principal: consideration,
        accruedInterest: '0.00',
        consideration,
        stampDuty: (Math.round(quantity * 0.000001 * 100) / 100).toFixed(2),
        exchange: spec.exchange ?? 'NSE',
      },
      'order.reported',
      undefined,
      null,
    );
    if (spec.reportedOnly) return reported;
    return transitionOrder(tx, t.clock, reported, {
      event: { type: 'accept' },
      refusal: 'not reported',
      logAs: 'order.accepted',
      actorUserId: null,
    });
  });
}

export interface LoggedEvent {
  type: string;
  payload: Record<string, unknown>;
  actorUserId: number | null;
}

/** The order's events, oldest first. */
export async function orderEvents(t: TestApp, orderId: number): Promise<LoggedEvent[]> {
  const rows = await t.ctx.database.db
    .select({ type: events.type, payload: events.payload, actorUserId: events.actorUserId })
    .from(events)
    .where(and(eq(events.aggregateType, 'order'), eq(events.aggregateId, String(orderId))))
    .orderBy(asc(events.id));
  return rows as LoggedEvent[];
}

/** The order's events after its report and acceptance, oldest first. */
export async function settlementEvents(t: TestApp, orderId: number): Promise<LoggedEvent[]> {
  return (await orderEvents(t, orderId)).filter((e) => e.type !== 'order.reported' && e.type !== 'order.accepted');
}

export const typesOf = (logged: readonly LoggedEvent[]) => logged.map((e) => e.type);

/** The instant of an IST date and time. */
export const ist = (date: string, time: string) => istInstant(date, time);
