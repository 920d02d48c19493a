/**
 * Reporting a trade (POST api/orders/, api/procurement-orders/): the spec 01 §5 rules with their
 * exact messages, amounts to the paisa against a hand-worked example, the late-report flag, and
 * the Idempotency-Key (one order per key, the first answer again, 409 for another body, concurrent
 * duplicates). The clock stands at 11:00 IST on Friday 2026-11-20 (helpers/testApp.ts).
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clients, events, finstruments, idempotencyKeys, orders } from '../../src/server/db/schema';
import { ORDER_MESSAGES } from '../../src/shared/contracts/orders';
import { accruedInterestOf } from './helpers/bondMath';
import { type Headers, orderParties } from './helpers/orderParties';
import { createTestApp, type TestApp } from './helpers/testApp';
import { assertTradingInvariants } from './helpers/tradingInvariants';
import { tradableBond } from './helpers/tradableBond';

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
// Every scenario leaves quotes, negotiations, deals and orders consistent (issue #27).
afterEach(() => assertTradingInvariants(t.ctx.database.db));

const post = (url: string, headers: Headers, payload: unknown, key?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, ...(key !== undefined && { 'idempotency-key': key }) },
    payload: payload as object,
  });

/** A sale by Arihant to Vasuki of ten bonds at 99.25, struck at 10:50 IST today. */
const sale = (over: Record<string, unknown> = {}) => ({
  counterparty_client_id: p.buyer.clientId,
  finstrument_id: bond.id,
  quantity: bond.faceValue * 10,
  unit_price_stored: 99.25,
  trade_time: '10:50',
  ...over,
});

async function errorOf(body: Record<string, unknown>, url = '/api/orders/') {
  const res = await post(url, p.seller.headers, body);
  expect(res.statusCode, res.body).toBe(400);
  return res.json() as { code: string; message: string; fields: Record<string, string> };
}

const orderCount = async () => (await t.ctx.database.db.select({ n: count() }).from(orders))[0]?.n ?? 0;

describe('report a trade', () => {
  it('the seller reports under api/orders/: 201 with the order as the seller sees it, status reported, and one order.reported event', async () => {
    const res = await post('/api/orders/', p.seller.headers, sale({ exchange: 'BSE' }));
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json();
    expect(order).toMatchObject({
      kind: 'SALE',
      status: 'reported',
      reported_order_status: 'PENDING',
      source: 'REPORTED',
      reported_by_me: true,
      seller: { client_id: p.seller.clientId },
      buyer: { client_id: p.buyer.clientId },
      counterparty: { client_id: p.buyer.clientId },
      quantity: bond.faceValue * 10,
      unit_price: '99.2500',
      trade_date: '2026-11-20',
      trade_time: '10:50',
      settlement_date: '2026-11-23',
      exchange: 'BSE',
      clearing_corporation: 'ICCL',
      late_reported: false,
      revision: 0,
      actions: ['modify', 'cancel'],
      broker: null,
      brokerage: '0.00',
    });
    const logged = await t.ctx.database.db
      .select()
      .from(events)
      .where(and(eq(events.aggregateType, 'order'), eq(events.aggregateId, String(order.id))));
    expect(logged.map((e) => e.type)).toEqual(['order.reported']);
    expect(logged[0]?.payload).toMatchObject({ order_id: order.id, status: 'reported', reporter_client_id: p.seller.clientId });
  });

  it('the buyer reports under api/procurement-orders/: the caller is the buyer; by yield, the engine gives the price', async () => {
    const res = await post('/api/procurement-orders/', p.buyer.headers, {
      counterparty_client_id: p.seller.clientId,
      finstrument_id: bond.id,
      quantity: bond.faceValue * 5,
      yield_stored: 0.0825,
      trade_time: '10:55',
      settlement_delta: 0,
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json();
    expect(order).toMatchObject({
      kind: 'PROCUREMENT',
      buyer: { client_id: p.buyer.clientId },
      seller: { client_id: p.seller.clientId },
      settlement_date: '2026-11-20',
      yield: '0.082500',
    });
    expect(Number(order.unit_price)).toBeGreaterThan(0);
  });

  it("amounts to the paisa from the bond engine, worked by hand: principal, accrued, consideration and the buyer's stamp duty", async () => {
    const quantity = bond.faceValue * 7;
    const res = await post(
      '/api/orders/',
      p.seller.headers,
      sale({ quantity, unit_price_stored: 101.3725, settlement_date: '2026-11-25' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json();
    // By hand, in paise: principal = quantity × 101.3725 (per 100 face, ×100 paise per rupee ÷ 100).
    const principal = Math.round(quantity * 101.3725);
    // Accrued interest per 100 face from the engine for 2026-11-25; the amount is quantity × it, to the paisa.
    const accruedPer100 = accruedInterestOf(bond, '2026-11-25', Number(order.yield));
    const accrued = Math.round(quantity * accruedPer100);
    const consideration = principal + accrued;
    // Stamp duty 0.0001 % of the consideration, rounded to the paisa.
    const stampDuty = Math.round(consideration / 1_000_000);
    const inr = (paise: number) => (paise / 100).toFixed(2);
    expect(order).toMatchObject({
      principal: inr(principal),
      accrued_interest: inr(accrued),
      consideration: inr(consideration),
      stamp_duty: inr(stampDuty),
      settlement_date: '2026-11-25',
    });
    expect(accrued).toBeGreaterThan(0);
  });

  it('a bigger worked example: ₹ 12,34,00,000 face at 99.9999 — principal 12,33,99,876.60', async () => {
    const quantity = 123_400_000 - (123_400_000 % bond.faceValue);
    const res = await post('/api/orders/', p.seller.headers, sale({ quantity, unit_price_stored: 99.9999 }));
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json();
    const principal = Math.round(quantity * 99.9999);
    if (quantity === 123_400_000) expect(order.principal).toBe('123399876.60');
    expect(order.principal).toBe((principal / 100).toFixed(2));
    const accrued = Math.round(quantity * accruedInterestOf(bond, order.settlement_date, Number(order.yield)));
    expect(order.consideration).toBe(((principal + accrued) / 100).toFixed(2));
    expect(order.stamp_duty).toBe((Math.round((principal + accrued) / 1_000_000) / 100).toFixed(2));
  });

  it('late when reported more than 15 minutes after the trade: 16 minutes is late, 14 is not; earlier days are late too', async () => {
    expect((await post('/api/orders/', p.seller.headers, sale({ trade_time: '10:44' }))).json().late_reported).toBe(true);
    expect((await post('/api/orders/', p.seller.headers, sale({ trade_time: '10:46' }))).json().late_reported).toBe(false);
    expect((await post('/api/orders/', p.seller.headers, sale({ trade_time: '10:45' }))).json().late_reported).toBe(false);
    const yesterday = await post('/api/orders/', p.seller.headers, sale({ trade_date: '2026-11-19', trade_time: '15:30' }));
    expect(yesterday.statusCode, yesterday.body).toBe(201);
    expect(yesterday.json()).toMatchObject({
      late_reported: true,
      trade_date: '2026-11-19',
      trade_time: '15:30',
      settlement_date: '2026-11-20',
    });
  });

  it('a broker firm and brokerage on the report', async () => {
    const res = await post('/api/orders/', p.seller.headers, sale({ broker_client_id: p.broker.clientId, brokerage: '1250.50' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ broker: { client_id: p.broker.clientId }, brokerage: '1250.50' });
  });
});

describe('report validation (400, nothing reported)', () => {
  it('trade time: required, HH:MM 24-hour, not later than now — the spec messages word for word', async () => {
    const before = await orderCount();
    expect((await errorOf(sale({ trade_time: undefined }))).fields.trade_time).toBe('This field is required');
    expect((await errorOf(sale({ trade_time: '' }))).fields.trade_time).toBe('This field is required');
    for (const bad of ['25:00', '9:30', '10:5', '10.50', 'noon']) {
      expect((await errorOf(sale({ trade_time: bad }))).fields.trade_time).toBe('Please enter valid time in HH:MM 24-hour format');
    }
    expect((await errorOf(sale({ trade_time: '11:01' }))).fields.trade_time).toBe('Trade time cannot be later than the current time.');
    expect((await errorOf(sale({ trade_time: '23:59' }))).message).toBe('Trade time cannot be later than the current time.');
    // Any time of an earlier day is in the past.
    expect((await post('/api/orders/', p.seller.headers, sale({ trade_date: '2026-11-19', trade_time: '23:59' }))).statusCode).toBe(201);
    expect(await orderCount()).toBe(before + 1);
  });

  it('trade date: a real date, not in the future', async () => {
    expect((await errorOf(sale({ trade_date: '2026-11-21', trade_time: '09:00' }))).fields.trade_date).toBe(ORDER_MESSAGES.tradeDateFuture);
    expect((await errorOf(sale({ trade_date: '2026-02-30' }))).fields.trade_date).toBe('Please enter a valid date');
  });

  it('quantity: required, not zero, at most 12 digits, whole, a multiple of the face value', async () => {
    expect((await errorOf(sale({ quantity: undefined }))).fields.quantity).toBe('This field is required');
    expect((await errorOf(sale({ quantity: 0 }))).fields.quantity).toBe('Cannot be zero');
    expect((await errorOf(sale({ quantity: -100 }))).fields.quantity).toBe('Cannot be negative');
    expect((await errorOf(sale({ quantity: 1_000_000_000_000 }))).fields.quantity).toBe('Max 12 digits');
    expect((await errorOf(sale({ quantity: 'ten' }))).fields.quantity).toBe('Should be number');
    expect((await errorOf(sale({ quantity: bond.faceValue + 1 }))).fields.quantity).toBe(
      `Should be a multiple of ${new Intl.NumberFormat('en-IN').format(bond.faceValue)}`,
    );
  });

  it('price and yield: exactly one (cross-field first), price 0 < p ≤ 250 with 4 decimals, yield at most 100 %', async () => {
    const both = await errorOf(sale({ yield_stored: 0.08, quantity: 0 }));
    expect(both.message).toBe('Cannot provide both price and yield');
    expect(both.fields).toEqual({ non_field_errors: 'Cannot provide both price and yield' });
    expect((await errorOf(sale({ unit_price_stored: undefined }))).message).toBe('Provide a price or a yield');
    expect((await errorOf(sale({ unit_price_stored: 250.01 }))).fields.unit_price_stored).toBe('Should be less than 250');
    expect((await errorOf(sale({ unit_price_stored: 0 }))).fields.unit_price_stored).toBe('Cannot be zero');
    expect((await errorOf(sale({ unit_price_stored: 99.12345 }))).fields.unit_price_stored).toBe('Max 4 decimals');
    expect((await errorOf(sale({ unit_price_stored: undefined, yield_stored: 1.5 }))).fields.yield_stored).toBe('Yield above 100%');
    expect((await errorOf(sale({ unit_price_stored: undefined, yield_stored: -0.01 }))).fields.yield_stored).toBe('Cannot be negative');
  });

  it('settlement: date or delta (not both), not before the trade date, not past, a business day', async () => {
    expect((await errorOf(sale({ settlement_date: '2026-11-23', settlement_delta: 1 }))).message).toBe(
      'Cannot provide both settlement date & delta',
    );
    expect((await errorOf(sale({ settlement_date: '2026-11-19' }))).fields.settlement_date).toBe(
      'Settlement date cannot be earlier than the trade date.',
    );
    expect(
      (await errorOf(sale({ trade_date: '2026-11-18', trade_time: '10:00', settlement_date: '2026-11-19' }))).fields.settlement_date,
    ).toBe(ORDER_MESSAGES.settlementPast);
    expect((await errorOf(sale({ trade_date: '2026-11-18', trade_time: '10:00', settlement_delta: 0 }))).fields.settlement_delta).toBe(
      ORDER_MESSAGES.settlementPast,
    );
    expect((await errorOf(sale({ settlement_date: '2026-11-21' }))).fields.settlement_date).toBe('Settlement date must be a business day');
    expect((await errorOf(sale({ settlement_delta: 3 }))).fields.settlement_delta).toBeTruthy();
  });

  it('counterparty: required, another client, existing, on the platform', async () => {
    expect((await errorOf(sale({ counterparty_client_id: undefined }))).fields.counterparty_client_id).toBe(
      ORDER_MESSAGES.counterpartyRequired,
    );
    expect((await errorOf(sale({ counterparty_client_id: p.seller.clientId }))).fields.counterparty_client_id).toBe(
      ORDER_MESSAGES.counterpartySelf,
    );
    expect((await errorOf(sale({ counterparty_client_id: 999_999 }))).fields.counterparty_client_id).toBe(
      ORDER_MESSAGES.counterpartyUnknown,
    );
    expect((await errorOf(sale({ counterparty_user_account_id: 999_999 }))).fields.counterparty_user_account_id).toBe(
      ORDER_MESSAGES.counterpartyUserUnknown,
    );
    const db = t.ctx.database.db;
    await db.update(clients).set({ offlineRecord: true }).where(eq(clients.id, p.buyer.clientId));
    try {
      expect((await errorOf(sale())).fields.counterparty_client_id).toBe(ORDER_MESSAGES.counterpartyInactive);
    } finally {
      await db.update(clients).set({ offlineRecord: false }).where(eq(clients.id, p.buyer.clientId));
    }
  });

  it('exchange: both clients must be allowed on it; without one, the first they share', async () => {
    const db = t.ctx.database.db;
    await db
      .update(clients)
      .set({ allowedExchanges: ['NSCCL'] })
      .where(eq(clients.id, p.buyer.clientId));
    try {
      expect((await errorOf(sale({ exchange: 'BSE' }))).fields.exchange).toBe(ORDER_MESSAGES.counterpartyExchange);
      expect((await post('/api/orders/', p.seller.headers, sale())).json().exchange).toBe('NSE');
      await db
        .update(clients)
        .set({ allowedExchanges: ['ICCL'] })
        .where(eq(clients.id, p.seller.clientId));
      expect((await errorOf(sale({ exchange: 'NSE' }))).fields.exchange).toBe('Your client may not trade on this RFQ platform');
      expect((await errorOf(sale())).fields.exchange).toBe(ORDER_MESSAGES.noSharedExchange);
    } finally {
      await db
        .update(clients)
        .set({ allowedExchanges: ['NSCCL', 'ICCL'] })
        .where(eq(clients.id, p.buyer.clientId));
      await db
        .update(clients)
        .set({ allowedExchanges: ['NSCCL', 'ICCL'] })
        .where(eq(clients.id, p.seller.clientId));
    }
  });

  it('broker and brokerage: a broker firm; brokerage in INR with 2 decimals, owed only to a broker', async () => {
    expect((await errorOf(sale({ broker_client_id: p.buyer.clientId }))).fields.broker_client_id).toBe('Choose a broker firm');
    expect((await errorOf(sale({ broker_client_id: p.broker.clientId, brokerage: '12.345' }))).fields.brokerage).toBe(
      'Give the brokerage in INR with at most 2 decimals',
    );
    expect((await errorOf(sale({ brokerage: '100' }))).fields.brokerage).toBe(ORDER_MESSAGES.brokerageNeedsBroker);
  });

  it('bond: must exist and be tradable', async () => {
    expect((await errorOf(sale({ finstrument_id: 999_999 }))).fields.finstrument_id).toBe('No such bond');
  });
});

describe('Idempotency-Key on reports', () => {
  const keyRows = async (key: string) => t.ctx.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));

  it('the same key and body twice: one order, and the second answer is the first (status and body)', async () => {
    const before = await orderCount();
    const first = await post('/api/orders/', p.seller.headers, sale(), 'retry-1');
    const again = await post('/api/orders/', p.seller.headers, { ...sale() }, 'retry-1');
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await orderCount()).toBe(before + 1);
    expect(await keyRows('retry-1')).toHaveLength(1);
  });

  it('the same key with another body (or on the other route) is 409 and creates nothing; another user may use the same key', async () => {
    await post('/api/orders/', p.seller.headers, sale(), 'retry-2');
    const before = await orderCount();
    const other = await post('/api/orders/', p.seller.headers, sale({ quantity: bond.faceValue * 20 }), 'retry-2');
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(ORDER_MESSAGES.idempotencyMismatch);
    const otherRoute = await post('/api/procurement-orders/', p.seller.headers, sale(), 'retry-2');
    expect(otherRoute.statusCode).toBe(409);
    expect(await orderCount()).toBe(before);
    const someoneElse = await post(
      '/api/procurement-orders/',
      p.buyer.headers,
      { ...sale(), counterparty_client_id: p.seller.clientId },
      'retry-2',
    );
    expect(someoneElse.statusCode, someoneElse.body).toBe(201);
  });

  it('two requests with one key at once make one order and get the same answer', async () => {
    const before = await orderCount();
    const answers = await Promise.all(Array.from({ length: 5 }, () => post('/api/orders/', p.seller.headers, sale(), 'race-1')));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(await orderCount()).toBe(before + 1);
  });

  it('a refused report stores no key: the corrected retry under the same key reports', async () => {
    const bad = await post('/api/orders/', p.seller.headers, sale({ trade_time: '25:00' }), 'fix-1');
    expect(bad.statusCode).toBe(400);
    expect(await keyRows('fix-1')).toHaveLength(0);
    expect((await post('/api/orders/', p.seller.headers, sale(), 'fix-1')).statusCode).toBe(201);
  });

  it('a bad key is a 400 and reports nothing: empty, over 200 characters, control characters', async () => {
    const before = await orderCount();
    for (const key of ['', ' ', 'k'.repeat(201), 'a\tb']) {
      const res = await post('/api/orders/', p.seller.headers, sale(), key);
      expect(res.statusCode, `key ${JSON.stringify(key)}`).toBe(400);
      expect(res.json().message).toBe(ORDER_MESSAGES.idempotencyKeyFormat);
    }
    expect((await post('/api/orders/', p.seller.headers, sale(), 'k'.repeat(200))).statusCode).toBe(201);
    expect(await orderCount()).toBe(before + 1);
  });
});
