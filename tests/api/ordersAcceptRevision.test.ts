/**
 * An accept is bound to the figures the counterparty saw (issue #27): accept-reject names the
 * order's revision; a report changed since is 409 FIGURES_CHANGED with its new figures and nothing
 * changes; raced against ten modifications, the accepted figures are the named revision's.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { finstruments } from '../../src/server/db/schema';
import type { OrderView } from '../../src/shared/contracts/orders';
import { type Headers, orderParties } from './helpers/orderParties';
import { createTestApp, type TestApp } from './helpers/testApp';
import { tradableBond } from './helpers/tradableBond';
import { assertTradingInvariants } from './helpers/tradingInvariants';

let t: TestApp;
let p: Awaited<ReturnType<typeof orderParties>>;
let bond: typeof finstruments.$inferSelect;

beforeAll(async () => {
  t = await createTestApp();
  p = await orderParties(t.app);
  bond = await tradableBond(t.ctx.database.db);
});
afterAll(async () => {
  await t.close();
});
afterEach(() => assertTradingInvariants(t.ctx.database.db));

const call = (method: 'GET' | 'PUT' | 'POST', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload !== undefined && { payload }) });

async function reportSale(): Promise<OrderView> {
  const res = await call('POST', '/api/orders/', p.seller.headers, {
    counterparty_client_id: p.buyer.clientId,
    finstrument_id: bond.id,
    quantity: bond.faceValue * 10,
    unit_price_stored: 99.25,
    trade_time: '10:50',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const accept = (id: number, revision?: number) =>
  call('PUT', `/api/procurement-orders/${id}/accept-reject/`, p.buyer.headers, {
    reported_order_status: 'ACCEPTED',
    ...(revision !== undefined && { revision }),
  });
const modify = (id: number, price: number) => call('PUT', `/api/orders/${id}/modify/`, p.seller.headers, { unit_price_stored: price });
const current = async (id: number): Promise<OrderView> => (await call('GET', `/api/procurement-orders/${id}/`, p.buyer.headers)).json();

describe('accept-reject with the revision seen', () => {
  it('a stale revision is 409 FIGURES_CHANGED with the new figures, and the report stays unanswered', async () => {
    const seen = await reportSale();
    const changed: OrderView = (await modify(seen.id, 99.5)).json();
    expect(changed.revision).toBe(seen.revision + 1);
    const stale = await accept(seen.id, seen.revision);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'FIGURES_CHANGED',
      fields: {
        revision: String(changed.revision),
        unit_price: changed.unit_price,
        consideration: changed.consideration,
        settlement_date: changed.settlement_date,
      },
    });
    expect(await current(seen.id)).toMatchObject({ status: 'reported', revision: changed.revision });
    const fresh = await accept(seen.id, changed.revision);
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json()).toMatchObject({ status: 'accepted', unit_price: changed.unit_price });
  });

  it('raced against ten modifications, an accept takes exactly the figures of the revision it names, or none', async () => {
    const seen = await reportSale();
    const results = await Promise.all([
      ...Array.from({ length: 10 }, (_, i) => modify(seen.id, 99 + (i + 1) / 100)),
      accept(seen.id, seen.revision),
    ]);
    const accepted = results.at(-1)!;
    const after = await current(seen.id);
    if (accepted.statusCode === 200) {
      expect(after).toMatchObject({ status: 'accepted', revision: seen.revision, unit_price: seen.unit_price });
      expect(results.slice(0, 10).every((r) => r.statusCode === 409)).toBe(true);
    } else {
      expect(accepted.statusCode).toBe(409);
      expect(accepted.json().code).toBe('FIGURES_CHANGED');
      expect(after.status).toBe('reported');
      expect(after.revision).toBeGreaterThan(seen.revision);
    }
  });
});
