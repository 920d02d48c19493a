/**
 * Respond, counter, close and accept: turns from the cluster machine, engine pricing, the figures
 * the acceptor saw, the deal on the exchange (confirmed or rejected) and 20 concurrent accepts.
 */
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { considerationFor } from '../../src/server/domain/pricing/amounts';
import { clients, clusters, deals, events, finstruments } from '../../src/server/db/schema';
import { NEGOTIATION_MESSAGES } from '../../src/shared/contracts/trading';
import { accruedInterestOf, cleanPriceOf } from './helpers/bondMath';
import { bearer, signIn } from './helpers/signIn';
import { createTestApp, type TestApp } from './helpers/testApp';
import { assertTradingInvariants } from './helpers/tradingInvariants';
import { tradableBond } from './helpers/tradableBond';

let t: TestApp;
let owner: Record<string, string>;
let responder: Record<string, string>;
let ownerViewer: Record<string, string>;
let outsider: Record<string, string>;
let bond: typeof finstruments.$inferSelect;

beforeAll(async () => {
  t = await createTestApp();
  owner = bearer((await signIn(t.app, 'clientdealer@arihant.demo')).access);
  responder = bearer((await signIn(t.app, 'clientdealer@vasuki.demo')).access);
  ownerViewer = bearer((await signIn(t.app, 'clientviewer@arihant.demo')).access);
  outsider = bearer((await signIn(t.app, 'clientdealer@trishul.demo')).access);
  bond = await tradableBond(t.ctx.database.db);
});
afterAll(async () => {
  await t.close();
});
// Every scenario leaves quotes, negotiations, deals and orders consistent (issue #27).
afterEach(() => assertTradingInvariants(t.ctx.database.db));

const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload !== undefined && { payload }) });

async function postBid(over: object = {}) {
  const res = await call('POST', '/api/trade/eoi/', owner, {
    finstrument_id: bond.id,
    quantum: bond.faceValue * 10,
    yield_stored: 0.0825,
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; unit_price_stored: number };
}

async function openNegotiation(price = 99.25) {
  const eoi = await postBid();
  const res = await call('POST', '/api/eoi/add-negotiation/', responder, { respond_eoi_id: eoi.id, unit_price_stored: price });
  expect(res.statusCode, res.body).toBe(201);
  return { eoi, cluster: res.json() };
}

const accept = (
  id: number,
  headers: Record<string, string>,
  figures: { unit_clean_price: number; bond_yield: number; total_accrued_interest: string },
  exchange = 'NSE',
) =>
  call('POST', `/api/cluster/${id}/accept/`, headers, {
    unit_clean_price: figures.unit_clean_price,
    bond_yield: figures.bond_yield,
    total_accrued_interest: figures.total_accrued_interest,
    exchange,
  });

/** The answers sweep, where any deal that fails fails the test. */
const answerPendingDeals = () =>
  t.ctx.services.trading.answerPendingDeals((error) => {
    throw error;
  });

const eventTypes = async (ids: { cluster?: number; eoi?: number }) => {
  const rows = await t.ctx.database.db
    .select({ type: events.type, aggregateType: events.aggregateType, aggregateId: events.aggregateId })
    .from(events)
    .where(inArray(events.aggregateId, [String(ids.cluster ?? -1), String(ids.eoi ?? -1)]))
    .orderBy(events.id);
  return rows
    .filter(
      (r) =>
        (r.aggregateType === 'cluster' && r.aggregateId === String(ids.cluster)) ||
        (r.aggregateType === 'eoi' && r.aggregateId === String(ids.eoi)),
    )
    .map((r) => r.type);
};

describe('respond (POST api/eoi/add-negotiation/)', () => {
  it("opens a negotiation with the responder's quote for the owner, priced by the engine, and puts the EOI in negotiation", async () => {
    const { eoi, cluster } = await openNegotiation(99.25);
    expect(cluster).toMatchObject({
      eoi_id: eoi.id,
      my_role: 'responder',
      my_side: 'SELL',
      status: 'withOwner',
      can_counter: false,
      can_accept: false,
      can_close: true,
    });
    expect(cluster.figures.unit_clean_price).toBe(99.25);
    expect(cleanPriceOf(bond, cluster.figures.settlement_date, cluster.figures.bond_yield)).toBeCloseTo(99.25, 3);
    expect(cluster.counterparty.name).toMatch(/Arihant/);
    const seenByOwner = (await call('GET', `/api/trade/cluster/${cluster.id}/`, owner)).json();
    expect(seenByOwner).toMatchObject({ my_role: 'owner', my_side: 'BUY', can_counter: true, can_accept: true });
    const mine = (await call('GET', '/api/trade/eoi/', owner)).json().results.find((r: { id: number }) => r.id === eoi.id);
    expect(mine).toMatchObject({ status: 'negotiating', open_negotiations: 1 });
    expect(await eventTypes({ cluster: cluster.id, eoi: eoi.id })).toEqual(['eoi.created', 'cluster.opened']);
  });

  it("answers at the quote's own price when asked, and refuses both price and yield with the spec message", async () => {
    const eoi = await postBid();
    const both = await call('POST', '/api/eoi/add-negotiation/', responder, {
      respond_eoi_id: eoi.id,
      unit_price_stored: 99,
      yield_stored: 0.08,
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe('Cannot provide both price and yield');
    const same = await call('POST', '/api/eoi/add-negotiation/', responder, { respond_eoi_id: eoi.id, use_respond_eoi_price: true });
    expect(same.statusCode, same.body).toBe(201);
    expect(same.json().figures.unit_clean_price).toBe(eoi.unit_price_stored);
  });

  it('404 for a quote the caller cannot see, 403 on their own, 409 on one no longer live', async () => {
    const oto = await postBid({
      rfq_mode: 'OTO',
      oto_participant_details: { client_id: (await call('GET', '/api/client/', responder)).json().id },
    });
    expect((await call('POST', '/api/eoi/add-negotiation/', outsider, { respond_eoi_id: oto.id, unit_price_stored: 99 })).statusCode).toBe(
      404,
    );
    const own = await call('POST', '/api/eoi/add-negotiation/', owner, { respond_eoi_id: oto.id, unit_price_stored: 'bad' });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('You cannot respond to your own quote.');
    expect((await call('POST', `/api/eoi/expire/${oto.id}/`, owner)).statusCode).toBe(200);
    const late = await call('POST', '/api/eoi/add-negotiation/', responder, { respond_eoi_id: oto.id, unit_price_stored: 99 });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This quote is no longer live.');
  });
});

describe('counter and close (PUT api/trade/cluster/{id}/)', () => {
  it('alternates turns: the owner counters by price, then only the responder may move; 409 out of turn', async () => {
    const { cluster } = await openNegotiation(99.25);
    const outOfTurn = await call('PUT', `/api/trade/cluster/${cluster.id}/`, responder, { seller_price: 99.2 });
    expect(outOfTurn.statusCode).toBe(409);
    expect(outOfTurn.json().message).toBe('It is not your turn: the other party has your quote.');
    const wrongSide = await call('PUT', `/api/trade/cluster/${cluster.id}/`, owner, { seller_price: 99 });
    expect(wrongSide.json().fields.buyer_price).toBe('Give your price');
    const countered = await call('PUT', `/api/trade/cluster/${cluster.id}/`, owner, { buyer_price: 99.1 });
    expect(countered.statusCode, countered.body).toBe(200);
    expect(countered.json()).toMatchObject({ status: 'withResponder', revision: 1, can_counter: false, can_accept: false });
    expect(countered.json().figures.unit_clean_price).toBe(99.1);
    expect((await call('GET', `/api/cluster/${cluster.id}/`, responder)).json()).toMatchObject({ can_counter: true, can_accept: true });
    expect((await call('PUT', `/api/trade/cluster/${cluster.id}/`, outsider, { seller_price: 99 })).statusCode).toBe(404);
    expect((await call('GET', `/api/trade/cluster/${cluster.id}/`, outsider)).statusCode).toBe(404);
    expect((await call('GET', '/api/trade/cluster/', ownerViewer)).json().results.map((c: { id: number }) => c.id)).toContain(cluster.id);
  });

  it('closes a negotiation; the EOI is live again; closing twice is 409', async () => {
    const { eoi, cluster } = await openNegotiation();
    const closed = await call('PUT', `/api/trade/cluster/${cluster.id}/`, owner, { close: true });
    expect(closed.json()).toMatchObject({ status: 'closed', can_close: false });
    expect((await call('GET', '/api/trade/eoi/', owner)).json().results.find((r: { id: number }) => r.id === eoi.id).status).toBe('live');
    expect((await call('PUT', `/api/trade/cluster/${cluster.id}/`, responder, { close: true })).statusCode).toBe(409);
    expect(await eventTypes({ cluster: cluster.id, eoi: eoi.id })).toEqual(['eoi.created', 'cluster.opened', 'cluster.closed']);
  });
});

describe('accept (POST api/cluster/{id}/accept/)', () => {
  it('deals on the figures the acceptor saw: the deal carries the consideration to the paisa and the exchange confirms it', async () => {
    const { eoi, cluster } = await openNegotiation(99.25);
    const seen = (await call('GET', `/api/cluster/${cluster.id}/`, owner)).json().figures;
    const settlement = seen.settlement_date;
    const accrued = accruedInterestOf(bond, settlement, seen.bond_yield);
    const expected = considerationFor(bond.faceValue * 10, bond.faceValue, 99.25, accrued);
    expect(seen).toMatchObject({
      principal: expected.principal,
      total_accrued_interest: expected.accrued_interest_amount,
      stamp_duty: expected.stamp_duty,
    });
    const res = await accept(cluster.id, owner, seen);
    expect(res.statusCode, res.body).toBe(200);
    const done = res.json();
    expect(done.status).toBe('confirmed');
    expect(done.deal).toMatchObject({ exchange: 'NSE', exchange_status: 'CONFIRMED', rejection_reason: null });
    expect(done.deal.exchange_deal_id).toMatch(/^NSE-RFQ-\d{6}$/);
    expect(done.deal.figures).toEqual(seen);
    expect((await call('GET', '/api/trade/eoi/', owner)).json().results.find((r: { id: number }) => r.id === eoi.id).status).toBe('traded');
    expect((await call('GET', `/api/cluster/${cluster.id}/`, responder)).json().deal.exchange_status).toBe('CONFIRMED');
    expect(await eventTypes({ cluster: cluster.id, eoi: eoi.id })).toEqual([
      'eoi.created',
      'cluster.opened',
      'cluster.accepted',
      'deal.confirmed',
    ]);
  });

  it('answers 409 with the current figures when what the acceptor saw differs, and deals on nothing', async () => {
    const { cluster } = await openNegotiation(99.25);
    const seen = (await call('GET', `/api/cluster/${cluster.id}/`, owner)).json().figures;
    for (const changed of [
      { ...seen, unit_clean_price: 99.2501 },
      { ...seen, bond_yield: seen.bond_yield + 0.000001 },
      { ...seen, total_accrued_interest: (Number(seen.total_accrued_interest) + 0.01).toFixed(2) },
    ]) {
      const res = await accept(cluster.id, owner, changed);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'FIGURES_CHANGED',
        fields: {
          unit_clean_price: '99.2500',
          bond_yield: seen.bond_yield.toFixed(6),
          total_accrued_interest: seen.total_accrued_interest,
        },
      });
    }
    const [n] = await t.ctx.database.db.select({ n: count() }).from(deals).where(eq(deals.clusterId, cluster.id));
    expect(n?.n).toBe(0);
    // Out of turn: the responder cannot accept their own quote.
    expect((await accept(cluster.id, responder, seen)).statusCode).toBe(409);
    // A body error is a 400 before any of that.
    const bad = await call('POST', `/api/cluster/${cluster.id}/accept/`, owner, { exchange: 'MCX' });
    expect(bad.statusCode).toBe(400);
  });

  it('records the rejection of the simulator with its reason; the EOI is live again', async () => {
    const { eoi, cluster } = await openNegotiation(99.3);
    const seen = (await call('GET', `/api/cluster/${cluster.id}/`, owner)).json().figures;
    t.ctx.services.trading.exchanges.BSE.behave({ rejectWith: 'Counterparty limit exceeded', delayMs: 0 });
    try {
      const res = await accept(cluster.id, owner, seen, 'BSE');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        status: 'rejected',
        deal: { exchange: 'BSE', exchange_status: 'REJECTED', rejection_reason: 'Counterparty limit exceeded' },
      });
    } finally {
      t.ctx.services.trading.exchanges.BSE.behave({ rejectWith: null, delayMs: 0 });
    }
    expect((await call('GET', '/api/trade/eoi/', owner)).json().results.find((r: { id: number }) => r.id === eoi.id).status).toBe('live');
    expect((await eventTypes({ cluster: cluster.id, eoi: eoi.id })).at(-1)).toBe('deal.rejected');
  });

  it('a platform that answers later: the deal waits on the exchange, and the answers sweep records the answer when it comes', async () => {
    const { eoi, cluster } = await openNegotiation(99.35);
    const seen = (await call('GET', `/api/cluster/${cluster.id}/`, owner)).json().figures;
    t.ctx.services.trading.exchanges.NSE.behave({ rejectWith: null, delayMs: 90_000 });
    try {
      const res = await accept(cluster.id, owner, seen);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'onExchange', deal: { exchange: 'NSE', exchange_status: 'PENDING' } });
      expect(await answerPendingDeals()).toBe(0);
      t.clock.advance(90_000);
      expect(await answerPendingDeals()).toBe(1);
      expect(await answerPendingDeals()).toBe(0);
    } finally {
      t.ctx.services.trading.exchanges.NSE.behave({ rejectWith: null, delayMs: 0 });
    }
    const after = (await call('GET', `/api/cluster/${cluster.id}/`, responder)).json();
    expect(after).toMatchObject({
      status: 'confirmed',
      deal: { exchange_status: 'CONFIRMED', exchange_deal_id: expect.stringMatching(/^NSE-RFQ-/) },
    });
    expect((await eventTypes({ cluster: cluster.id, eoi: eoi.id })).filter((type) => type.startsWith('deal.'))).toEqual(['deal.confirmed']);
    const [confirmed] = await t.ctx.database.db
      .select()
      .from(events)
      .where(and(eq(events.type, 'deal.confirmed'), eq(events.aggregateId, String(cluster.id))));
    expect(confirmed?.actorUserId).toBeNull();
  });

  it('a deal the platform never received (a stop between commit and send) is sent again by the sweep, once', async () => {
    const { cluster } = await openNegotiation(99.36);
    const seen = (await call('GET', `/api/cluster/${cluster.id}/`, owner)).json().figures;
    const nse = t.ctx.services.trading.exchanges.NSE;
    const submitDeal = nse.submitDeal;
    // The platform is unreachable during the accept: the deal stays committed as PENDING.
    nse.submitDeal = () => Promise.reject(new Error('connection refused'));
    try {
      expect((await accept(cluster.id, owner, seen)).json()).toMatchObject({ status: 'onExchange', deal: { exchange_status: 'PENDING' } });
    } finally {
      nse.submitDeal = submitDeal;
    }
    const sent = nse.received.length;
    expect(await answerPendingDeals()).toBe(1);
    expect(nse.received.length).toBe(sent + 1);
    expect((await call('GET', `/api/cluster/${cluster.id}/`, owner)).json()).toMatchObject({
      status: 'confirmed',
      deal: { exchange_status: 'CONFIRMED' },
    });
  });

  it("the simulator is told how to answer by the venue operator's ops admin in demo or test mode only, with a clear 400 on a bad body", async () => {
    const ops = bearer((await signIn(t.app, 'clientopsadmin@venue.demo')).access);
    const told = await call('POST', '/api/dev/exchanges/BSE/', ops, { reject_with: 'Limit breached', delay_ms: 0 });
    expect(told.json()).toEqual({ platform: 'BSE', reject_with: 'Limit breached', delay_ms: 0 });
    expect((await call('POST', '/api/dev/exchanges/BSE/', ops, { reject_with: null })).statusCode).toBe(200);
    expect((await call('POST', '/api/dev/exchanges/MCX/', ops, { reject_with: null })).statusCode).toBe(400);
    expect((await call('POST', '/api/dev/exchanges/NSE/', ops, { reject_with: null, delay_ms: -1 })).statusCode).toBe(400);
    expect((await call('POST', '/api/dev/exchanges/NSE/', owner, { reject_with: 'x' })).statusCode).toBe(403);
    // A firm's own ops admin, or the operator's compliance officer, cannot make the venue refuse everybody's deals.
    for (const email of ['clientopsadmin@arihant.demo', 'complianceofficer@venue.demo']) {
      const refused = await call('POST', '/api/dev/exchanges/NSE/', bearer((await signIn(t.app, email)).access), { reject_with: 'x' });
      expect([email, refused.statusCode, refused.json().code]).toEqual([email, 403, 'FORBIDDEN']);
    }
  });

  it('offers only the platforms both parties may use, and refuses a deal on another with the spec reason', async () => {
    const { cluster } = await openNegotiation(99.37);
    expect((await call('GET', `/api/cluster/${cluster.id}/`, owner)).json().exchanges).toEqual(['NSE', 'BSE']);
    const db = t.ctx.database.db;
    const [vasuki] = await db.select().from(clients).where(eq(clients.id, cluster.counterparty.id));
    await db
      .update(clients)
      .set({ allowedExchanges: ['NSCCL'] })
      .where(eq(clients.id, vasuki!.id));
    try {
      const seen = (await call('GET', `/api/cluster/${cluster.id}/`, owner)).json();
      expect(seen.exchanges).toEqual(['NSE']);
      const refused = await accept(cluster.id, owner, seen.figures, 'BSE');
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields.exchange).toBe(NEGOTIATION_MESSAGES.exchangeNotShared);
    } finally {
      await db.update(clients).set({ allowedExchanges: vasuki!.allowedExchanges }).where(eq(clients.id, vasuki!.id));
    }
  });

  it('20 concurrent accepts of one cluster: exactly one deal, 19 × 409, one accepted event', async () => {
    const { cluster } = await openNegotiation(99.4);
    const seen = (await call('GET', `/api/cluster/${cluster.id}/`, owner)).json().figures;
    const answers = await Promise.all(Array.from({ length: 20 }, () => accept(cluster.id, owner, seen)));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const db = t.ctx.database.db;
    const [dealCount] = await db.select({ n: count() }).from(deals).where(eq(deals.clusterId, cluster.id));
    expect(dealCount?.n).toBe(1);
    const accepted = await db
      .select()
      .from(events)
      .where(and(eq(events.type, 'cluster.accepted'), eq(events.aggregateId, String(cluster.id))));
    expect(accepted).toHaveLength(1);
    const [row] = await db.select().from(clusters).where(eq(clusters.id, cluster.id));
    expect(row?.status).toBe('confirmed');
  });
});
