/** POST api/quote/{id}/, the master quote and the market quote: validation, settlement calendar and paise-exact amounts. */
import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accruedInterestOf, cleanPriceOf } from './helpers/bondMath';
import { finstruments, holidays } from '../../src/server/db/schema';
import { bearer, signIn } from './helpers/signIn';
import { createTestApp, type TestApp } from './helpers/testApp';

let t: TestApp;
let headers: Record<string, string>;
let corp: typeof finstruments.$inferSelect;
beforeAll(async () => {
  t = await createTestApp();
  headers = bearer((await signIn(t.app, 'clientdealer@arihant.demo')).access);
  [corp] = (await t.ctx.database.db
    .select()
    .from(finstruments)
    .where(
      and(
        eq(finstruments.convention, 'IN_CORP'),
        gt(finstruments.frequency, 0),
        isNotNull(finstruments.maturityDate),
        gt(finstruments.maturityDate, '2029-01-01'),
        sql`${finstruments.callSchedule} = '[]'::jsonb`,
        sql`${finstruments.putSchedule} = '[]'::jsonb`,
      ),
    )
    .orderBy(finstruments.id)
    .limit(1)) as [typeof finstruments.$inferSelect];
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('POST api/quote/:id/ validation', () => {
  it('checks the cross-field rules first, with the spec messages verbatim', async () => {
    const both = await post(`/api/quote/${corp.id}/`, { settlement_date: '2026-11-23', settlement_delta: 1, bond_yield: 'x' });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe('Cannot provide both settlement date & delta');
    const priceAndYield = await post(`/api/quote/${corp.id}/`, { clean_price: 101, bond_yield: 0.07 });
    expect(priceAndYield.statusCode).toBe(400);
    expect(priceAndYield.json().message).toBe('Cannot provide both price and yield');
  });

  it('rejects bad fields with clear messages', async () => {
    const cases: [object, string, string][] = [
      [{ clean_price: 0 }, 'clean_price', 'Price must be above 0 and at most 250'],
      [{ clean_price: 250.5 }, 'clean_price', 'Price must be above 0 and at most 250'],
      [{ clean_price: 100.12345 }, 'clean_price', 'Max 4 decimals'],
      [{ bond_yield: 0.0712345 }, 'bond_yield', 'Max 6 decimals'],
      [{ bond_yield: 1.5 }, 'bond_yield', 'Yield must be a fraction between -0.05 and 1'],
      [{ bond_yield: 'abc' }, 'bond_yield', 'Should be number'],
      [{ settlement_delta: 3 }, 'settlement_delta', 'Settlement delta must be 0, 1 or 2'],
      [{ settlement_date: '2026-13-01' }, 'settlement_date', 'Please enter a valid date'],
      [{ quantity: 0 }, 'quantity', 'Cannot be zero'],
      [{ quantity: 1.5 }, 'quantity', 'Should be whole number'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await post(`/api/quote/${corp.id}/`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fields[field]).toBe(message);
    }
  });

  it('rejects a quantum that is not a multiple of the face value', async () => {
    const res = await post(`/api/quote/${corp.id}/`, { bond_yield: 0.08, quantity: corp.faceValue + 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.quantity).toMatch(/^Should be a multiple of /);
  });

  it('rejects settlement dates in the past, on weekends and on holidays', async () => {
    expect((await post(`/api/quote/${corp.id}/`, { bond_yield: 0.08, settlement_date: '2026-11-19' })).json().message).toBe(
      'Settlement date cannot be earlier than the trade date.',
    );
    expect((await post(`/api/quote/${corp.id}/`, { bond_yield: 0.08, settlement_date: '2026-11-21' })).json().message).toBe(
      'Settlement date must be a business day',
    );
    const [holiday] = await t.ctx.database.db
      .select()
      .from(holidays)
      .where(gt(holidays.date, '2026-11-20'))
      .orderBy(holidays.date)
      .limit(1);
    expect((await post(`/api/quote/${corp.id}/`, { bond_yield: 0.08, settlement_date: holiday!.date })).json().message).toBe(
      'Settlement date must be a business day',
    );
  });

  it('answers 404 for an unknown bond', async () => {
    expect((await post('/api/quote/999999/', { bond_yield: 0.08 })).statusCode).toBe(404);
  });
});

describe('POST api/quote/:id/ pricing', () => {
  it('settles T+1 on the business-day calendar by default (Friday 20 Nov 2026 → Monday 23 Nov)', async () => {
    const res = await post(`/api/quote/${corp.id}/`, { bond_yield: 0.08 });
    expect(res.json().price.settlement_date).toBe('2026-11-23');
    expect((await post(`/api/quote/${corp.id}/`, { bond_yield: 0.08, settlement_delta: 0 })).json().price.settlement_date).toBe(
      '2026-11-20',
    );
  });

  it('prices from a yield with paise-exact amounts (checked by hand from the engine)', async () => {
    const quantity = corp.faceValue * 7;
    const res = await post(`/api/quote/${corp.id}/`, { bond_yield: 0.0815, settlement_delta: 1, quantity });
    expect(res.statusCode).toBe(200);
    const { price, consideration, can_be_priced } = res.json();
    expect(can_be_priced).toBe(true);
    // The engine's per-100 numbers, rounded as the API reports them.
    const clean = cleanPriceOf(corp, '2026-11-23', 0.0815);
    const accrued = accruedInterestOf(corp, '2026-11-23', 0.0815);
    expect(price.unit_clean_price).toBe(Number(clean.toFixed(4)));
    expect(price.accrued_interest).toBeCloseTo(accrued, 9);
    // By hand in integer paise: principal = quantum × clean / 100 INR = quantum × clean paise, half-up.
    const halfUp = (n: bigint, d: bigint) => (2n * n + d) / (2n * d);
    const principal = halfUp(BigInt(quantity) * BigInt(Math.round(price.unit_clean_price * 1e4)), 10_000n);
    const accruedPaise = halfUp(BigInt(quantity) * BigInt(Math.round(price.accrued_interest * 1e10)), 10n ** 10n);
    const total = principal + accruedPaise;
    const stamp = halfUp(total, 1_000_000n);
    const inr = (p: bigint) => `${p / 100n}.${String(p % 100n).padStart(2, '0')}`;
    expect(consideration).toEqual({
      quantity,
      number_of_bonds: 7,
      principal: inr(principal),
      accrued_interest_amount: inr(accruedPaise),
      consideration: inr(total),
      stamp_duty: inr(stamp),
      total_payable: inr(total + stamp),
    });
  });

  it('prices from a clean price and round-trips the yield', async () => {
    const byYield = (await post(`/api/quote/${corp.id}/`, { bond_yield: 0.079 })).json();
    const byPrice = (await post(`/api/quote/${corp.id}/`, { clean_price: byYield.price.unit_clean_price })).json();
    expect(byPrice.price.unit_clean_price).toBe(byYield.price.unit_clean_price);
    expect(byPrice.price.bond_yield).toBeCloseTo(0.079, 5);
    expect(byPrice.yield_source).toBe('INPUT');
    for (const key of ['modified_duration', 'macaulay_duration', 'convexity', 'dirty_price']) expect(byPrice.price[key]).toBeGreaterThan(0);
  });

  it('without a price or yield, prices at the market (tape VWAP or fair value)', async () => {
    const res = (await post(`/api/quote/${corp.id}/`, {})).json();
    expect(res.can_be_priced).toBe(true);
    expect(['MARKET', 'FAIR_VALUE']).toContain(res.yield_source);
    expect(res.price.bond_yield).toBeGreaterThan(0.05);
  });

  it('says a matured bond cannot be priced', async () => {
    const [matured] = await t.ctx.database.db
      .select()
      .from(finstruments)
      .where(sql`${finstruments.maturityDate} < '2026-11-20'`)
      .limit(1);
    const res = (await post(`/api/quote/${matured!.id}/`, { bond_yield: 0.07 })).json();
    expect(res).toMatchObject({
      can_be_priced: false,
      allow_price_modification: false,
      price: { unit_clean_price: null, bond_yield: null },
    });
  });

  it('prices a perpetual to its first future call', async () => {
    const [perp] = await t.ctx.database.db.select().from(finstruments).where(eq(finstruments.isPerpetual, true)).limit(1);
    const res = (await post(`/api/quote/${perp!.id}/`, { bond_yield: 0.09 })).json();
    if (res.can_be_priced) {
      expect(res.price.priced_to).toBe('CALL');
      expect(res.price.priced_to_date > '2026-11-23').toBe(true);
    }
  });
});

describe('market and master quotes', () => {
  it('POST api/quote/market/:id/ gives the market price and echoes the quote type', async () => {
    const res = await post(`/api/quote/market/${corp.id}/`, { infer_from_market: true, quote_type: 'BUY' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ can_be_priced: true, quote_type: 'BUY' });
    expect((await post('/api/quote/market/999999/', {})).statusCode).toBe(404);
  });

  it('a bond on the tape is priced at the VWAP yield of its last trading day', async () => {
    const rows = (
      (await t.ctx.database.db.execute(sql`
      select finstrument_id as id, sum(yield * quantity) / sum(quantity) as vwap from market_trades
      where (finstrument_id, trade_date) = (select finstrument_id, max(trade_date) from market_trades where trade_date <= '2026-11-20' group by finstrument_id order by finstrument_id limit 1)
      group by finstrument_id`)) as unknown as { rows: { id: number; vwap: string }[] }
    ).rows;
    const res = (await post(`/api/quote/market/${rows[0]!.id}/`, {})).json();
    expect(res.yield_source).toBe('MARKET');
    expect(res.price.bond_yield).toBeCloseTo(Number(rows[0]!.vwap), 6);
  });

  it('POST api/v1/finstrument/master/quote/:id settles T+1', async () => {
    const res = await post(`/api/v1/finstrument/master/quote/${corp.id}`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().price.settlement_date).toBe('2026-11-23');
  });
});
