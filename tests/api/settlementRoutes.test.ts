/**
 * PATCH api/orders/settle-cancel/{a}/{b}/ (the seller's family) and api/procurement-orders/… (the
 * buyer's): who may call them on whose order, and what a bad {a} or {b} gets.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../src/server/db/schema';
import { ORDER_MESSAGES } from '../../src/shared/contracts/orders';
import { bearer, signIn } from './helpers/signIn';
import { ist, makeOrder, settlementEvents } from './helpers/settlementOrders';
import { createTestApp, type TestApp } from './helpers/testApp';
import { assertTradingInvariants } from './helpers/tradingInvariants';
import type { OrderRow } from '../../src/server/domain/orders/orderRepository';

let t: TestApp;
let order: OrderRow;
beforeAll(async () => {
  t = await createTestApp();
  // Arihant sells to Vasuki for Monday; the clock is on the Monday morning, obligations due.
  order = await makeOrder(t, { seller: 'arihant', buyer: 'vasuki', settlementDate: '2026-11-23' });
  t.clock.set(ist('2026-11-23', '09:30'));
  await t.ctx.services.settlement.runSettlement();
});
afterAll(async () => {
  await t.close();
});
// Every scenario leaves quotes, negotiations, deals and orders consistent (issue #27).
afterEach(() => assertTradingInvariants(t.ctx.database.db));

const patch = async (email: string, url: string) =>
  t.app.inject({ method: 'PATCH', url, headers: bearer((await signIn(t.app, email)).access) });
const sale = (id: number, b: string) => `/api/orders/settle-cancel/${id}/${b}/`;
const procurement = (id: number, b: string) => `/api/procurement-orders/settle-cancel/${id}/${b}/`;
const unchanged = async () => {
  const [row] = await t.ctx.database.db.select().from(orders).where(eq(orders.id, order.id));
  expect(row).toMatchObject({
    status: 'due',
    fundsPaidInAt: null,
    securitiesPaidInAt: null,
    buyerCancelRequestedAt: null,
    sellerCancelRequestedAt: null,
  });
  expect((await settlementEvents(t, order.id)).map((e) => e.type)).toEqual(['order.obligations_due']);
};

describe('settle-cancel routes', () => {
  it("the wrong family for the caller's side is 404, as for an order that does not exist", async () => {
    for (const [email, url] of [
      ['clientdealer@arihant.demo', procurement(order.id, 'settle')],
      ['clientdealer@vasuki.demo', sale(order.id, 'settle')],
      ['clientdealer@vasuki.demo', sale(order.id, 'cancel')],
      ['clientdealer@arihant.demo', sale(999_999, 'settle')],
    ] as const) {
      const res = await patch(email, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: ORDER_MESSAGES.orderNotFound });
    }
    await unchanged();
  });

  it("another client's dealer gets 404 on either family; a party's viewer 403", async () => {
    for (const url of [sale(order.id, 'settle'), procurement(order.id, 'settle')]) {
      expect((await patch('clientdealer@trishul.demo', url)).statusCode).toBe(404);
    }
    const viewer = await patch('clientviewer@arihant.demo', sale(order.id, 'settle'));
    expect(viewer.statusCode).toBe(403);
    expect((await patch('complianceofficer@arihant.demo', sale(order.id, 'cancel'))).statusCode).toBe(403);
    await unchanged();
  });

  it('{b} other than settle or cancel, or {a} not an id, is 400', async () => {
    for (const url of [
      sale(order.id, 'pay'),
      procurement(order.id, 'SETTLE'),
      sale(0, 'settle'),
      '/api/orders/settle-cancel/abc/settle/',
    ]) {
      const res = await patch('clientdealer@arihant.demo', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    await unchanged();
  });

  it("a party's back office pays in its leg; the answer is the order as that user sees it", async () => {
    const res = await patch('backoffice@arihant.demo', sale(order.id, 'settle'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: order.id,
      kind: 'SALE',
      status: 'due',
      securities_paid_in: true,
      funds_paid_in: false,
      counterparty: { client_id: order.buyerClientId },
      exchange: 'NSE',
      clearing_corporation: 'NSCCL',
      actions: [],
    });
    const buyer = await patch('clientdealer@vasuki.demo', procurement(order.id, 'settle'));
    expect(buyer.json()).toMatchObject({ kind: 'PROCUREMENT', status: 'settled', funds_paid_in: true });
  });
});
