/**
 * A reported trade's life and who may see and act on it: accept-reject by the counterparty, cancel
 * and modify by the reporter, every illegal transition a 409, tenancy (404 for other clients and the
 * other side's routes, 403 for the wrong party and for viewers on writes), the order with its
 * timeline, the unified list, and the seam that books a confirmed RFQ deal as an accepted order.
 */
import { execFileSync } from 'node:child_process';
import { and, asc, count, eq, inArray, or } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clients, events, finstruments, orders } from '../../src/server/db/schema';
import { ORDER_MESSAGES, type OrderDetail, type OrderView } from '../../src/shared/contracts/orders';
import { accruedInterestOf } from './helpers/bondMath';
import { LiveSocket, liveUrl } from './helpers/liveSocket';
import { signIn } from './helpers/signIn';
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

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
const call = (method: Method, url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload !== undefined && { payload }) });

/** Arihant reports a sale to Vasuki (brokered by Trishul when asked). */
async function reportSale(over: Record<string, unknown> = {}): Promise<OrderView> {
  const res = await call('POST', '/api/orders/', p.seller.headers, {
    counterparty_client_id: p.buyer.clientId,
    finstrument_id: bond.id,
    quantity: bond.faceValue * 10,
    unit_price_stored: 99.25,
    trade_time: '10:50',
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const answer = (id: number, headers: Headers, status: 'ACCEPTED' | 'REJECTED', family = 'procurement-orders', reason?: string) =>
  call('PUT', `/api/${family}/${id}/accept-reject/`, headers, { reported_order_status: status, ...(reason && { reason }) });
const cancel = (id: number, headers: Headers, family = 'orders') => call('POST', `/api/${family}/${id}/cancel/`, headers, {});
const modify = (id: number, headers: Headers, body: object) => call('PUT', `/api/orders/${id}/modify/`, headers, body);

const orderEvents = async (id: number) =>
  (
    await t.ctx.database.db
      .select({ type: events.type })
      .from(events)
      .where(and(eq(events.aggregateType, 'order'), eq(events.aggregateId, String(id))))
      .orderBy(asc(events.id))
  ).map((e) => e.type);

function expect409(res: { statusCode: number; body: string }, message: string) {
  expect(res.statusCode, res.body).toBe(409);
  expect(JSON.parse(res.body).message).toBe(message);
}

describe('accept-reject (the counterparty answers)', () => {
  it('the buyer accepts under api/procurement-orders/: accepted, actions for the legs, one order.accepted event', async () => {
    const order = await reportSale();
    const res = await answer(order.id, p.buyer.headers, 'ACCEPTED');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: order.id,
      kind: 'PROCUREMENT',
      status: 'accepted',
      reported_order_status: 'ACCEPTED',
      reported_by_me: false,
      actions: ['request_cancel'],
    });
    expect(await orderEvents(order.id)).toEqual(['order.reported', 'order.accepted']);
    expect409(await answer(order.id, p.buyer.headers, 'ACCEPTED'), ORDER_MESSAGES.alreadyAnswered);
    expect409(await answer(order.id, p.buyer.headers, 'REJECTED'), ORDER_MESSAGES.alreadyAnswered);
  });

  it('the buyer rejects with a reason; the reason is kept and rejecting again is 409', async () => {
    const order = await reportSale();
    const res = await answer(order.id, p.buyer.headers, 'REJECTED', 'procurement-orders', 'Wrong price');
    expect(res.json()).toMatchObject({ status: 'rejected', reported_order_status: 'REJECTED', reason: 'Wrong price', actions: [] });
    expect(await orderEvents(order.id)).toEqual(['order.reported', 'order.rejected']);
    expect409(await answer(order.id, p.buyer.headers, 'REJECTED'), ORDER_MESSAGES.alreadyAnswered);
    expect409(await answer(order.id, p.buyer.headers, 'ACCEPTED'), ORDER_MESSAGES.alreadyAnswered);
  });

  it('a seller answering a report the buyer made uses api/orders/', async () => {
    const res = await call('POST', '/api/procurement-orders/', p.buyer.headers, {
      counterparty_client_id: p.seller.clientId,
      finstrument_id: bond.id,
      quantity: bond.faceValue,
      unit_price_stored: 99.5,
      trade_time: '10:58',
    });
    const order = res.json() as OrderView;
    expect((await answer(order.id, p.seller.headers, 'ACCEPTED', 'procurement-orders')).statusCode).toBe(404);
    const ok = await answer(order.id, p.seller.headers, 'ACCEPTED', 'orders');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ kind: 'SALE', status: 'accepted' });
  });

  it("only the counterparty answers (403 for the reporter), on its own side's routes (404 on the other), never a stranger (404); a viewer is 403; a bad body 400", async () => {
    const order = await reportSale();
    const mine = await answer(order.id, p.seller.headers, 'ACCEPTED', 'orders');
    expect(mine.statusCode).toBe(403);
    expect(mine.json().message).toBe(ORDER_MESSAGES.notCounterparty);
    expect((await answer(order.id, p.buyer.headers, 'ACCEPTED', 'orders')).statusCode).toBe(404);
    expect((await answer(order.id, p.broker.headers, 'ACCEPTED')).statusCode).toBe(404);
    expect((await answer(999_999, p.buyer.headers, 'ACCEPTED')).statusCode).toBe(404);
    expect((await answer(order.id, p.sellerViewer.headers, 'ACCEPTED', 'orders')).statusCode).toBe(403);
    const bad = await call('PUT', `/api/procurement-orders/${order.id}/accept-reject/`, p.buyer.headers, {
      reported_order_status: 'MAYBE',
    });
    expect(bad.statusCode).toBe(400);
    expect((await call('GET', `/api/orders/${order.id}/`, p.seller.headers)).json().status).toBe('reported');
  });
});

describe('cancel and modify (the reporter, while the report is unanswered)', () => {
  it('the reporter withdraws: cancelled; then every action is 409 with a clear reason', async () => {
    const order = await reportSale();
    const res = await cancel(order.id, p.seller.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', actions: [] });
    expect(await orderEvents(order.id)).toEqual(['order.reported', 'order.cancelled']);
    expect409(await cancel(order.id, p.seller.headers), ORDER_MESSAGES.withdrawn);
    expect409(await modify(order.id, p.seller.headers, { unit_price_stored: 99 }), ORDER_MESSAGES.withdrawn);
    expect409(await answer(order.id, p.buyer.headers, 'ACCEPTED'), ORDER_MESSAGES.withdrawn);
  });

  it('after the answer the reporter can neither withdraw nor change it (409); the counterparty may not cancel (403)', async () => {
    const order = await reportSale();
    const theirs = await cancel(order.id, p.buyer.headers, 'procurement-orders');
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().message).toBe(ORDER_MESSAGES.notReporter);
    expect((await answer(order.id, p.buyer.headers, 'ACCEPTED')).statusCode).toBe(200);
    expect409(await cancel(order.id, p.seller.headers), ORDER_MESSAGES.reportAnswered);
    expect409(await modify(order.id, p.seller.headers, { quantity: bond.faceValue }), ORDER_MESSAGES.reportAnswered);
    const rejected = await reportSale();
    await answer(rejected.id, p.buyer.headers, 'REJECTED');
    expect409(await cancel(rejected.id, p.seller.headers), ORDER_MESSAGES.reportAnswered);
  });

  it('modify recomputes the amounts from the engine, raises the revision and keeps the late flag of the first report', async () => {
    const order = await reportSale({ trade_time: '10:00' });
    expect(order.late_reported).toBe(true);
    const quantity = bond.faceValue * 4;
    const res = await modify(order.id, p.seller.headers, {
      quantity,
      unit_price_stored: 100.125,
      trade_time: '10:55',
      settlement_date: '2026-11-25',
    });
    expect(res.statusCode, res.body).toBe(200);
    const changed = res.json() as OrderView;
    const principal = Math.round(quantity * 100.125);
    const accrued = Math.round(quantity * accruedInterestOf(bond, '2026-11-25', Number(changed.yield)));
    expect(changed).toMatchObject({
      status: 'reported',
      revision: 1,
      quantity,
      unit_price: '100.1250',
      trade_time: '10:55',
      settlement_date: '2026-11-25',
      late_reported: true,
      principal: (principal / 100).toFixed(2),
      accrued_interest: (accrued / 100).toFixed(2),
      consideration: ((principal + accrued) / 100).toFixed(2),
    });
    // By yield the engine prices it again; what was not sent stays.
    const byYield = (await modify(order.id, p.seller.headers, { yield_stored: 0.09 })).json() as OrderView;
    expect(byYield).toMatchObject({ revision: 2, yield: '0.090000', quantity, settlement_date: '2026-11-25' });
    expect(await orderEvents(order.id)).toEqual(['order.reported', 'order.modified', 'order.modified']);
  });

  it('modify validates like a report: trade time rules, both price and yield, and only the reporter (403) on its own routes', async () => {
    const order = await reportSale();
    const later = await modify(order.id, p.seller.headers, { trade_time: '11:30' });
    expect(later.statusCode).toBe(400);
    expect(later.json().fields.trade_time).toBe('Trade time cannot be later than the current time.');
    expect((await modify(order.id, p.seller.headers, { trade_time: '7:00' })).json().fields.trade_time).toBe(
      'Please enter valid time in HH:MM 24-hour format',
    );
    expect((await modify(order.id, p.seller.headers, { unit_price_stored: 99, yield_stored: 0.08 })).json().message).toBe(
      'Cannot provide both price and yield',
    );
    const empty = await modify(order.id, p.seller.headers, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(ORDER_MESSAGES.nothingToChange);
    expect(
      (await call('PATCH', `/api/procurement-orders/${order.id}/modify/`, p.buyer.headers, { quantity: bond.faceValue })).statusCode,
    ).toBe(403);
    expect(
      (await call('PATCH', `/api/procurement-orders/${order.id}/modify/`, p.seller.headers, { quantity: bond.faceValue })).statusCode,
    ).toBe(404);
    expect((await modify(order.id, p.sellerViewer.headers, { quantity: bond.faceValue })).statusCode).toBe(403);
    expect((await call('GET', `/api/orders/${order.id}/`, p.seller.headers)).json().revision).toBe(0);
  });

  it('the buyer reporter changes its report with PATCH api/procurement-orders/{id}/modify/', async () => {
    const order = (
      await call('POST', '/api/procurement-orders/', p.buyer.headers, {
        counterparty_client_id: p.seller.clientId,
        finstrument_id: bond.id,
        quantity: bond.faceValue,
        unit_price_stored: 99.5,
        trade_time: '10:58',
      })
    ).json() as OrderView;
    const res = await call('PATCH', `/api/procurement-orders/${order.id}/modify/`, p.buyer.headers, { quantity: bond.faceValue * 2 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'PROCUREMENT', quantity: bond.faceValue * 2, revision: 1, unit_price: '99.5000' });
  });
});

describe('reading an order (GET api/orders/{id}/, api/procurement-orders/{id}/)', () => {
  it('the timeline from the event log, oldest first, in plain words with the actor', async () => {
    const order = await reportSale({ trade_time: '10:30' });
    await modify(order.id, p.seller.headers, { unit_price_stored: 99.5 });
    await answer(order.id, p.buyer.headers, 'ACCEPTED');
    const res = await call('GET', `/api/orders/${order.id}/`, p.seller.headers);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json() as OrderDetail;
    expect(detail.timeline.map((e) => e.type)).toEqual(['order.reported', 'order.modified', 'order.accepted']);
    expect(detail.timeline[0]?.label).toMatch(/^Reported by .*Arihant.*, late/i);
    expect(detail.timeline[1]?.label).toMatch(/^Changed by .*\(revision 1\)$/);
    expect(detail.timeline[2]?.label).toMatch(/^Accepted by .*Vasuki/i);
    expect(detail.timeline.every((e) => typeof e.actor === 'string' && e.actor.length > 0)).toBe(true);
    expect(detail.timeline[0]?.at <= detail.timeline[2]!.at).toBe(true);
  });

  it("readers: both parties on their own routes, viewers and compliance of the parties, the broker firm, the operator's compliance; others 404", async () => {
    const order = await reportSale({ broker_client_id: p.broker.clientId, brokerage: '500' });
    const get = (family: string, headers: Headers) => call('GET', `/api/${family}/${order.id}/`, headers);
    expect((await get('orders', p.seller.headers)).json()).toMatchObject({ kind: 'SALE', actions: ['modify', 'cancel'] });
    expect((await get('procurement-orders', p.buyer.headers)).json()).toMatchObject({ kind: 'PROCUREMENT', actions: ['accept', 'reject'] });
    expect((await get('orders', p.sellerViewer.headers)).json()).toMatchObject({ actions: [] });
    expect((await get('orders', p.sellerCompliance.headers)).statusCode).toBe(200);
    expect((await get('orders', p.sellerBackOffice.headers)).statusCode).toBe(200);
    expect((await get('procurement-orders', p.buyerCompliance.headers)).statusCode).toBe(200);
    const broker = await get('orders', p.broker.headers);
    expect(broker.statusCode).toBe(200);
    expect(broker.json()).toMatchObject({ actions: [], reported_by_me: false, broker: { client_id: p.broker.clientId } });
    // The other side's routes are not the party's.
    expect((await get('procurement-orders', p.seller.headers)).statusCode).toBe(404);
    expect((await get('orders', p.buyer.headers)).statusCode).toBe(404);
  });

  it("a client that is neither party nor broker gets 404, unless its compliance officers are the venue operator's", async () => {
    // Arihant and Trishul trade; Vasuki is the outsider.
    const order = await reportSale({ counterparty_client_id: p.broker.clientId });
    expect((await call('GET', `/api/orders/${order.id}/`, p.buyer.headers)).statusCode).toBe(404);
    expect((await call('GET', `/api/procurement-orders/${order.id}/`, p.buyerCompliance.headers)).statusCode).toBe(404);
    const db = t.ctx.database.db;
    await db.update(clients).set({ isOperator: true }).where(eq(clients.id, p.buyer.clientId));
    try {
      expect((await call('GET', `/api/orders/${order.id}/`, p.buyerCompliance.headers)).statusCode).toBe(200);
      expect((await call('GET', `/api/orders/${order.id}/`, p.buyer.headers)).statusCode).toBe(404);
    } finally {
      await db.update(clients).set({ isOperator: false }).where(eq(clients.id, p.buyer.clientId));
    }
  });
});

describe('the contract note (GET api/{orders|procurement-orders}/{id}/contract-note/)', () => {
  const text = (pdf: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf, encoding: 'utf8' });

  it('each party gets its own note as a PDF: the seller under api/orders/, the buyer under api/procurement-orders/, with what it pays or receives', async () => {
    const order = await reportSale({ trade_time: '10:40' });
    const seller = await call('GET', `/api/orders/${order.id}/contract-note/`, p.seller.headers);
    expect(seller.statusCode, seller.body).toBe(200);
    expect(seller.headers['content-type']).toBe('application/pdf');
    expect(seller.headers['content-disposition']).toBe(`attachment; filename="contract-note-${order.id}.pdf"`);
    const sellerText = text(seller.rawPayload);
    expect(sellerText).toContain(bond.isin);
    expect(sellerText).toMatch(/Net amount receivable by the seller/);
    const buyer = await call('GET', `/api/procurement-orders/${order.id}/contract-note/`, p.buyer.headers);
    expect(buyer.statusCode, buyer.body).toBe(200);
    expect(text(buyer.rawPayload)).toMatch(/Net amount payable by the buyer/);
  });

  it("only the parties' users, each on its own side's route: the other side's route, the broker and the other party's compliance get 404", async () => {
    const order = await reportSale({ trade_time: '10:41', broker_client_id: p.broker.clientId, brokerage: '100.00' });
    expect((await call('GET', `/api/procurement-orders/${order.id}/contract-note/`, p.seller.headers)).statusCode).toBe(404);
    expect((await call('GET', `/api/orders/${order.id}/contract-note/`, p.buyer.headers)).statusCode).toBe(404);
    expect((await call('GET', `/api/orders/${order.id}/contract-note/`, p.broker.headers)).statusCode).toBe(404);
    expect((await call('GET', `/api/orders/${order.id}/contract-note/`, p.buyerCompliance.headers)).statusCode).toBe(404);
    // A party's viewer and compliance officers read their own client's note.
    expect((await call('GET', `/api/orders/${order.id}/contract-note/`, p.sellerViewer.headers)).statusCode).toBe(200);
    expect((await call('GET', `/api/orders/${order.id}/contract-note/`, p.sellerCompliance.headers)).statusCode).toBe(200);
  });
});

describe('the unified list (GET api/orders/unified/)', () => {
  it("both sides of the caller's client, newest trade first; open by default; filters by state, counterparty, bond, text and trade dates; pages", async () => {
    const a = await reportSale({ trade_time: '09:10' });
    const b = await reportSale({ trade_time: '09:20' });
    await cancel(b.id, p.seller.headers);
    const bought = (
      await call('POST', '/api/procurement-orders/', p.seller.headers, {
        counterparty_client_id: p.broker.clientId,
        finstrument_id: bond.id,
        quantity: bond.faceValue,
        unit_price_stored: 99,
        trade_time: '09:30',
        trade_date: '2026-11-19',
      })
    ).json() as OrderView;
    const list = async (query: string, headers = p.seller.headers) => {
      const res = await call('GET', `/api/orders/unified/?${query}`, headers);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { count: number; page: number; page_size: number; results: OrderView[] };
    };
    const ids = (page: { results: OrderView[] }) => page.results.map((o) => o.id);
    const open = await list('');
    expect(ids(open)).toContain(a.id);
    expect(ids(open)).not.toContain(b.id);
    expect(open.results.find((o) => o.id === bought.id)).toMatchObject({ kind: 'PROCUREMENT' });
    const dates = open.results.map((o) => `${o.trade_date}T${o.trade_time}`);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(ids(await list('state=cancelled'))).toEqual(expect.arrayContaining([b.id]));
    expect((await list('state=cancelled')).results.every((o) => o.status === 'cancelled')).toBe(true);
    expect(ids(await list('state=all'))).toEqual(expect.arrayContaining([a.id, b.id, bought.id]));
    const withTrishul = await list(`state=all&counterparty_client_id=${p.broker.clientId}`);
    expect(ids(withTrishul)).toContain(bought.id);
    expect(ids(withTrishul)).not.toContain(a.id);
    expect(ids(await list('state=all&from=2026-11-19&to=2026-11-19'))).toEqual([bought.id]);
    expect(ids(await list('state=all&from=2026-11-20'))).not.toContain(bought.id);
    expect((await list(`state=all&search=${bond.isin}`)).count).toBe((await list('state=all')).count);
    expect((await list('state=all&search=NO-SUCH-BOND')).count).toBe(0);
    expect((await list(`state=all&finstrument_id=${bond.id}`)).count).toBe((await list('state=all')).count);
    const paged = await list('state=all&page=2&page_size=1');
    expect(paged).toMatchObject({ page: 2, page_size: 1 });
    expect(paged.results).toHaveLength(1);
    expect((await list('state=all&paginate=false&page=3')).page_size).toBe(100);
    // Vasuki sees its side of Arihant's reports, not Arihant's trade with Trishul.
    const theirs = await list('state=all', p.buyer.headers);
    expect(ids(theirs)).toContain(a.id);
    expect(ids(theirs)).not.toContain(bought.id);
    expect(theirs.results.find((o) => o.id === a.id)).toMatchObject({ kind: 'PROCUREMENT', reported_by_me: false });
    expect((await call('GET', '/api/orders/unified/?state=nope', p.seller.headers)).statusCode).toBe(400);
    expect((await call('GET', '/api/orders/unified/?page_size=101', p.seller.headers)).statusCode).toBe(400);
  });
});

describe('the seam: a confirmed RFQ deal becomes an accepted order', () => {
  it("books one order in the confirmation's transaction, accepted at once with one order.booked event, figures and parties from the deal", async () => {
    const eoi = await call('POST', '/api/trade/eoi/', p.seller.headers, {
      finstrument_id: bond.id,
      quantum: bond.faceValue * 10,
      yield_stored: 0.0825,
      quote_type: 'ASK',
    });
    expect(eoi.statusCode, eoi.body).toBe(201);
    const cluster = await call('POST', '/api/eoi/add-negotiation/', p.buyer.headers, {
      respond_eoi_id: eoi.json().id,
      unit_price_stored: 99.1,
    });
    expect(cluster.statusCode, cluster.body).toBe(201);
    const clusterId = cluster.json().id as number;
    expect(
      (await call('PATCH', `/api/trade/members/${clusterId}/`, p.seller.headers, { facilitator_id: p.broker.clientId })).statusCode,
    ).toBe(200);
    expect((await call('PATCH', `/api/trade/${clusterId}/brokerage/`, p.seller.headers, { brokerage: '750.25' })).statusCode).toBe(200);
    const figures = (await call('GET', `/api/cluster/${clusterId}/`, p.seller.headers)).json().figures;
    const accepted = await call('POST', `/api/cluster/${clusterId}/accept/`, p.seller.headers, {
      unit_clean_price: figures.unit_clean_price,
      bond_yield: figures.bond_yield,
      total_accrued_interest: figures.total_accrued_interest,
      exchange: 'NSE',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const deal = accepted.json().deal;
    expect(deal.exchange_status).toBe('CONFIRMED');
    const [row] = await t.ctx.database.db.select().from(orders).where(eq(orders.dealId, deal.id));
    expect(row).toBeDefined();
    expect(await orderEvents(row!.id)).toEqual(['order.booked']);
    const seen = (await call('GET', `/api/orders/${row!.id}/`, p.seller.headers)).json() as OrderDetail;
    expect(seen).toMatchObject({
      status: 'accepted',
      source: 'RFQ_DEAL',
      deal_id: deal.id,
      kind: 'SALE',
      reported_by_me: true,
      late_reported: false,
      seller: { client_id: p.seller.clientId },
      buyer: { client_id: p.buyer.clientId },
      broker: { client_id: p.broker.clientId },
      brokerage: '750.25',
      quantity: figures.quantity,
      settlement_date: figures.settlement_date,
      principal: figures.principal,
      accrued_interest: figures.total_accrued_interest,
      consideration: figures.consideration,
      stamp_duty: figures.stamp_duty,
      exchange: 'NSE',
      clearing_corporation: 'NSCCL',
    });
    expect(seen.timeline[0]?.label).toBe(`Booked from RFQ deal ${deal.id} confirmed on NSE`);
    const forBuyer = (await call('GET', `/api/procurement-orders/${row!.id}/`, p.buyer.headers)).json() as OrderView;
    expect(forBuyer).toMatchObject({ status: 'accepted', actions: ['request_cancel'] });
    // Booked orders are not answered again.
    expect409(await answer(row!.id, p.buyer.headers, 'ACCEPTED'), ORDER_MESSAGES.alreadyAnswered);
    const others = await t.ctx.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(inArray(orders.dealId, [deal.id]));
    expect(others).toHaveLength(1);
  });

  it('a rejected deal books no order', async () => {
    const db = t.ctx.database.db;
    const before = await db.select({ id: orders.id }).from(orders);
    const eoi = (
      await call('POST', '/api/trade/eoi/', p.seller.headers, {
        finstrument_id: bond.id,
        quantum: bond.faceValue,
        yield_stored: 0.0825,
        quote_type: 'ASK',
      })
    ).json();
    const cluster = (
      await call('POST', '/api/eoi/add-negotiation/', p.buyer.headers, { respond_eoi_id: eoi.id, unit_price_stored: 99.1 })
    ).json();
    t.ctx.services.trading.exchanges.NSE.behave({ rejectWith: 'Outside price band', delayMs: 0 });
    try {
      const figures = (await call('GET', `/api/cluster/${cluster.id}/`, p.seller.headers)).json().figures;
      const res = await call('POST', `/api/cluster/${cluster.id}/accept/`, p.seller.headers, {
        unit_clean_price: figures.unit_clean_price,
        bond_yield: figures.bond_yield,
        total_accrued_interest: figures.total_accrued_interest,
        exchange: 'NSE',
      });
      expect(res.json().deal.exchange_status).toBe('REJECTED');
    } finally {
      t.ctx.services.trading.exchanges.NSE.behave({ rejectWith: null, delayMs: 0 });
    }
    expect(await db.select({ id: orders.id }).from(orders)).toHaveLength(before.length);
  });
});

describe('live: order changes reach the parties with their open orders count', () => {
  it('a report and its acceptance: both parties refetch the row and get their own count; a third client nothing', async () => {
    const url = await liveUrl(t.app);
    const socketOf = async (email: string) => LiveSocket.signedIn(url, (await signIn(t.app, email)).access);
    const [seller, buyer, third] = [
      await socketOf('clientdealer@arihant.demo'),
      await socketOf('clientdealer@vasuki.demo'),
      await socketOf('clientdealer@trishul.demo'),
    ];
    const openOf = async (clientId: number) =>
      (
        await t.ctx.database.db
          .select({ n: count() })
          .from(orders)
          .where(
            and(
              inArray(orders.status, ['reported', 'accepted', 'due']),
              or(eq(orders.buyerClientId, clientId), eq(orders.sellerClientId, clientId)),
            ),
          )
      )[0]?.n;
    try {
      const order = await reportSale();
      const row = { type: 'partial_refresh', topic: 'orders', ids: [String(order.id)], event_id: expect.any(Number) };
      const countOf = (n: number | undefined) => ({ type: 'open_orders_count', count: n, event_id: expect.any(Number) });
      expect(await seller.next()).toEqual(row);
      expect(await seller.next()).toEqual(countOf(await openOf(p.seller.clientId)));
      expect(await buyer.next()).toEqual(row);
      expect(await buyer.next()).toEqual(countOf(await openOf(p.buyer.clientId)));
      const before = await openOf(p.buyer.clientId);
      await answer(order.id, p.buyer.headers, 'REJECTED');
      expect(await buyer.next()).toEqual(row);
      expect(await buyer.next()).toEqual(countOf((before ?? 0) - 1));
      expect(await seller.next()).toEqual(row);
      expect((await seller.next()).type).toBe('open_orders_count');
      expect(await third.drain()).toEqual([]);
    } finally {
      for (const s of [seller, buyer, third]) s.close();
    }
  });
});
