/** Bond detail, cashflows, same-issuer bonds, the trade tape, credit rationale, the tradable list and the paywall. */
import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finstruments, ratings } from '../../src/server/db/schema';
import { bearer, signIn } from './helpers/signIn';
import { createTestApp, type TestApp } from './helpers/testApp';

let t: TestApp;
let premium: Record<string, string>;
let basic: Record<string, string>;
let viewer: Record<string, string>;
let rated: typeof finstruments.$inferSelect;
let traded: number;
beforeAll(async () => {
  t = await createTestApp();
  premium = bearer((await signIn(t.app, 'clientdealer@arihant.demo')).access);
  basic = bearer((await signIn(t.app, 'clientdealer@vasuki.demo')).access);
  viewer = bearer((await signIn(t.app, 'clientviewer@arihant.demo')).access);
  const db = t.ctx.database.db;
  // A bond with an instrument-level rating (so both levels show) that still has coupons to pay.
  [rated] = (await db
    .select({ f: finstruments })
    .from(finstruments)
    .innerJoin(ratings, eq(ratings.finstrumentId, finstruments.id))
    .where(and(isNotNull(finstruments.maturityDate), gt(finstruments.maturityDate, '2028-01-01'), gt(finstruments.frequency, 0)))
    .limit(1)
    .then((rows) => rows.map((r) => r.f))) as [typeof finstruments.$inferSelect];
  traded = (
    (await db.execute(sql`select finstrument_id from market_trades group by 1 order by count(*) desc limit 1`)) as unknown as {
      rows: { finstrument_id: number }[];
    }
  ).rows[0]!.finstrument_id;
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

describe('bond detail', () => {
  it('is the same on all three paths, with issuer and ratings', async () => {
    const a = (await call('POST', `/api/v1/finstrument/${rated.id}/`, premium)).json();
    const b = (await call('GET', `/api/finstrument/${rated.id}/`, premium)).json();
    const c = (await call('GET', `/api/v2/finstrument/info/${traded}`, premium)).json();
    expect(a).toEqual(b);
    expect(a).toMatchObject({
      id: rated.id,
      isin: rated.isin,
      identifiers: { ISIN: rated.isin },
      matured: false,
      face_value: rated.faceValue,
    });
    expect(a.issuer).toMatchObject({ id: rated.issuerId });
    expect(a.ratings[0].level).toBe('INSTRUMENT');
    expect(c.market).toMatchObject({ last_trade_date: expect.any(String), last_yield: expect.any(Number), last_price: expect.any(Number) });
  });

  it('needs a login and answers 404 for an unknown id', async () => {
    expect((await call('GET', `/api/finstrument/${rated.id}/`, {})).statusCode).toBe(401);
    expect((await call('GET', '/api/finstrument/999999/', premium)).statusCode).toBe(404);
    expect((await call('GET', '/api/finstrument/abc/', premium)).statusCode).toBe(400);
  });
});

describe('POST api/cashflow/:id/', () => {
  it('scales the per-100 flows to the quantum in paise, with business-day payment dates', async () => {
    const quantity = rated.faceValue * 3;
    const res = await call('POST', `/api/cashflow/${rated.id}/`, premium, { quantity, ref_date: '2026-11-20' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.cashflows.length).toBeGreaterThan(0);
    const last = body.cashflows.at(-1);
    expect(last.principal).toBe(((quantity * Number(rated.redemption)) / 100).toFixed(2));
    for (const flow of body.cashflows) {
      expect(flow.total).toBe((Number(flow.coupon) + Number(flow.principal)).toFixed(2));
      expect(flow.payment_date >= flow.date).toBe(true);
      expect([0, 6]).not.toContain(new Date(`${flow.payment_date}T00:00:00Z`).getUTCDay());
    }
  });

  it('is paywalled: 402 for a BASIC client, 200 for PREMIUM with security data access', async () => {
    const res = await call('POST', `/api/cashflow/${rated.id}/`, basic, {});
    expect(res.statusCode).toBe(402);
    expect(res.json().code).toBe('PREMIUM_REQUIRED');
    expect((await call('POST', `/api/cashflow/${rated.id}/`, premium, {})).statusCode).toBe(200);
  });

  it('validates the quantum and answers 404 for an unknown id', async () => {
    expect((await call('POST', `/api/cashflow/${rated.id}/`, premium, { quantity: rated.faceValue + 1 })).statusCode).toBe(400);
    expect((await call('POST', `/api/cashflow/${rated.id}/`, premium, { ref_date: 'yesterday' })).json().fields.ref_date).toBe(
      'Please enter a valid date',
    );
    expect((await call('POST', '/api/cashflow/999999/', premium, {})).statusCode).toBe(404);
  });
});

describe('lists around a bond', () => {
  it("POST api/bonds-by-same-issuer/:id/ pages the issuer's other bonds", async () => {
    const res = await call('POST', `/api/bonds-by-same-issuer/${rated.id}/`, premium, {
      pagination: { page: 1, page_size: 2 },
      sort: { field: 'maturity_date', direction: 'asc' },
      filters: {},
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 1, page_size: 2 });
    expect(body.results.length).toBeLessThanOrEqual(2);
    expect(body.results.map((r: { id: number }) => r.id)).not.toContain(rated.id);
    expect(
      (await call('POST', `/api/bonds-by-same-issuer/${rated.id}/`, premium, { pagination: { page: 1, page_size: 101 } })).statusCode,
    ).toBe(400);
    expect((await call('POST', '/api/bonds-by-same-issuer/999999/', premium, {})).statusCode).toBe(404);
  });

  it('POST api/trades/:id/ pages the tape, newest first, behind the paywall', async () => {
    const res = await call('POST', `/api/trades/${traded}/`, premium, { pagination: { page: 1, page_size: 5 } });
    const body = res.json();
    expect(body.count).toBeGreaterThan(5);
    expect(body.results).toHaveLength(5);
    const times = body.results.map((r: { traded_at: string }) => r.traded_at);
    expect([...times].sort().reverse()).toEqual(times);
    for (const trade of body.results) expect(trade.quantity % 100).toBe(0);
    const nse = (await call('POST', `/api/trades/${traded}/`, premium, { filters: { exchange: 'NSE' } })).json();
    expect(nse.results.every((r: { exchange: string }) => r.exchange === 'NSE')).toBe(true);
    expect((await call('POST', `/api/trades/${traded}/`, basic, {})).statusCode).toBe(402);
    expect((await call('POST', `/api/trades/${traded}/`, premium, { sort: { field: 'nope' } })).statusCode).toBe(400);
  });

  it('GET api/credit-rationale/:id/ lists instrument-level ratings first, with rationale', async () => {
    const body = (await call('GET', `/api/credit-rationale/${rated.id}/`, premium)).json();
    expect(body.results[0]).toMatchObject({ level: 'INSTRUMENT', rationale: expect.any(String) });
    expect(body.results.at(-1).level).toBe('ISSUER');
    expect((await call('GET', '/api/credit-rationale/999999/', premium)).statusCode).toBe(404);
  });

  it('GET api/trade/finstrument/ lists tradable bonds, and nothing without client.can_trade', async () => {
    const body = (await call('GET', '/api/trade/finstrument/?page_size=10', premium)).json();
    expect(body.count).toBeGreaterThan(10);
    expect(body.results).toHaveLength(10);
    for (const bond of body.results) expect(bond.maturity_date === null || bond.maturity_date > '2026-11-20').toBe(true);
    expect((await call('GET', '/api/trade/finstrument/', viewer)).json()).toMatchObject({ results: [], count: 0 });
  });
});
