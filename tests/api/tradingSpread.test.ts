/**
 * The cluster update payload's `seller_spread` and `facilitator` (spec 01 §3): a broker party
 * quotes the seller's price and a spread, the buyer pays both, the broker's brokerage is the
 * difference of the two principals in paise, the accept's figure check covers the spread; a party
 * names a facilitator on the PUT as it would on PATCH members.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clients, clusters, deals, events } from '../../src/server/db/schema';
import { parsePaise } from '../../src/shared/money';
import { bearer, signIn } from './helpers/signIn';
import { createTestApp, type TestApp } from './helpers/testApp';
import { assertTradingInvariants } from './helpers/tradingInvariants';
import { tradableBond } from './helpers/tradableBond';

let t: TestApp;
let arihant: Record<string, string>;
let vasuki: Record<string, string>;
let trishul: Record<string, string>;
let ids: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  arihant = bearer((await signIn(t.app, 'clientdealer@arihant.demo')).access);
  vasuki = bearer((await signIn(t.app, 'clientdealer@vasuki.demo')).access);
  trishul = bearer((await signIn(t.app, 'clientdealer@trishul.demo')).access);
  const rows = await t.ctx.database.db.select({ id: clients.id, slug: clients.slug, isBroker: clients.isBroker }).from(clients);
  ids = Object.fromEntries(rows.map((r) => [r.slug, r.id]));
  expect(rows.find((r) => r.slug === 'trishul')?.isBroker).toBe(true);
});
afterAll(async () => {
  await t.close();
});
// Every scenario leaves quotes, negotiations, deals and orders consistent (issue #27).
afterEach(() => assertTradingInvariants(t.ctx.database.db));

const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload !== undefined && { payload }) });

/** `owner` offers (ASK) 10 bonds; `responder` answers at 99: the owner has the turn. */
async function negotiation(owner: Record<string, string>, responder: Record<string, string>) {
  const bond = await tradableBond(t.ctx.database.db);
  const eoi = await call('POST', '/api/trade/eoi/', owner, {
    finstrument_id: bond.id,
    quantum: bond.faceValue * 10,
    yield_stored: 0.0825,
    quote_type: 'ASK',
  });
  expect(eoi.statusCode, eoi.body).toBe(201);
  const res = await call('POST', '/api/eoi/add-negotiation/', responder, { respond_eoi_id: eoi.json().id, unit_price_stored: 99 });
  expect(res.statusCode, res.body).toBe(201);
  return { cluster: res.json() as { id: number }, bond };
}
const clusterRow = async (id: number) => (await t.ctx.database.db.select().from(clusters).where(eq(clusters.id, id)))[0]!;
const eventCount = async () => (await t.ctx.database.db.select({ id: events.id }).from(events)).length;

describe('PUT api/trade/cluster/{id}/ seller_spread', () => {
  it("a broker party counters with the seller's price and a spread; the buyer pays both and the deal records the two legs and the brokerage", async () => {
    const { cluster, bond } = await negotiation(trishul, vasuki);
    const countered = await call('PUT', `/api/trade/cluster/${cluster.id}/`, trishul, { seller_price: 99.5, seller_spread: 0.25 });
    expect(countered.statusCode, countered.body).toBe(200);
    const view = countered.json();
    const quantity = bond.faceValue * 10;
    // spread × face / 100 in paise: 0.25 × quantity / 100 INR.
    const expectedBrokerage = BigInt(Math.round(0.25 * quantity));
    expect(view).toMatchObject({
      seller_spread: '0.2500',
      figures: { unit_clean_price: 99.5 },
      buyer_figures: { unit_clean_price: 99.75 },
    });
    expect(parsePaise(view.brokerage)).toBe(expectedBrokerage);
    expect(parsePaise(view.buyer_figures.principal) - parsePaise(view.figures.principal)).toBe(expectedBrokerage);

    // The buyer confirms the figures without the spread: they changed.
    const seen = (await call('GET', `/api/cluster/${cluster.id}/?price`, vasuki)).json();
    expect(seen.seller_spread).toBe('0.2500');
    const { unit_clean_price, bond_yield, total_accrued_interest } = seen.figures;
    const stale = await call('POST', `/api/cluster/${cluster.id}/accept/`, vasuki, {
      unit_clean_price,
      bond_yield,
      total_accrued_interest,
      exchange: 'NSE',
    });
    expect([stale.statusCode, stale.json().fields?.seller_spread]).toEqual([409, '0.2500']);
    expect(await t.ctx.database.db.select().from(deals).where(eq(deals.clusterId, cluster.id))).toEqual([]);

    const accepted = await call('POST', `/api/cluster/${cluster.id}/accept/`, vasuki, {
      unit_clean_price,
      bond_yield,
      total_accrued_interest,
      seller_spread: 0.25,
      exchange: 'NSE',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const { deal } = accepted.json();
    expect(deal).toMatchObject({
      seller_spread: '0.2500',
      figures: { unit_clean_price: 99.5 },
      buyer_figures: { unit_clean_price: 99.75 },
    });
    expect(parsePaise(deal.brokerage)).toBe(expectedBrokerage);
    expect(parsePaise(deal.buyer_figures.principal) - parsePaise(deal.figures.principal)).toBe(expectedBrokerage);
    const [row] = await t.ctx.database.db.select().from(deals).where(eq(deals.clusterId, cluster.id));
    expect(row).toMatchObject({
      unitPrice: '99.5000',
      sellerSpread: '0.2500',
      buyerPrincipal: deal.buyer_figures.principal,
      brokerage: deal.brokerage,
    });
  });

  it("a broker on the buying side may give the buyer's price with the spread: the seller's is that less the spread", async () => {
    const bond = await tradableBond(t.ctx.database.db);
    const eoi = (
      await call('POST', '/api/trade/eoi/', trishul, { finstrument_id: bond.id, quantum: bond.faceValue * 10, yield_stored: 0.0825 })
    ).json();
    const opened = (await call('POST', '/api/eoi/add-negotiation/', vasuki, { respond_eoi_id: eoi.id, unit_price_stored: 99.8 })).json();
    const res = await call('PUT', `/api/trade/cluster/${opened.id}/`, trishul, { buyer_price: 99.5, seller_spread: 0.2 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      my_side: 'BUY',
      seller_spread: '0.2000',
      figures: { unit_clean_price: 99.3 },
      buyer_figures: { unit_clean_price: 99.5 },
    });
  });

  it("keeps the spread when the other party counters: the buyer's price is the seller's plus it", async () => {
    const { cluster } = await negotiation(trishul, vasuki);
    expect((await call('PUT', `/api/trade/cluster/${cluster.id}/`, trishul, { seller_price: 99.5, seller_spread: 0.1 })).statusCode).toBe(
      200,
    );
    const res = await call('PUT', `/api/trade/cluster/${cluster.id}/`, vasuki, { buyer_price: 99.4 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      seller_spread: '0.1000',
      figures: { unit_clean_price: 99.3 },
      buyer_figures: { unit_clean_price: 99.4 },
    });
  });

  it('refuses a spread from a party that is not a broker, without a seller price, or out of bounds, and writes nothing', async () => {
    const { cluster } = await negotiation(arihant, trishul);
    const { cluster: brokered } = await negotiation(trishul, vasuki);
    const before = [await clusterRow(cluster.id), await eventCount()];
    const brokeredBefore = await clusterRow(brokered.id);
    const notBroker = await call('PUT', `/api/trade/cluster/${cluster.id}/`, arihant, { seller_price: 99.5, seller_spread: 0.25 });
    expect([notBroker.statusCode, notBroker.json().message]).toEqual([403, "Only a broker may quote a spread on the seller's price"]);
    const cases: [object, string][] = [
      [{ seller_spread: 0.25 }, "Give the seller's price with the spread"],
      [{ seller_price: 99.5, seller_spread: -0.1 }, 'Cannot be negative'],
      [{ seller_price: 99.5, seller_spread: 0.12345 }, 'Max 4 decimals'],
    ];
    for (const [payload, message] of cases) {
      const res = await call('PUT', `/api/trade/cluster/${brokered.id}/`, trishul, payload);
      expect([res.statusCode, res.json().message], JSON.stringify(payload)).toEqual([400, message]);
    }
    expect([await clusterRow(cluster.id), await eventCount()]).toEqual(before);
    expect(await clusterRow(brokered.id)).toEqual(brokeredBefore);
  });
});

describe('PUT api/trade/cluster/{id}/ facilitator', () => {
  it('a party names a broker firm as facilitator without taking a turn; another firm is refused', async () => {
    const { cluster } = await negotiation(arihant, vasuki);
    const before = await clusterRow(cluster.id);
    const refused = await call('PUT', `/api/trade/cluster/${cluster.id}/`, arihant, { facilitator: ids.vasuki });
    expect([refused.statusCode, refused.json().message, refused.json().fields]).toEqual([
      400,
      'Choose a broker firm',
      { facilitator: 'Choose a broker firm' },
    ]);
    expect(await clusterRow(cluster.id)).toEqual(before);

    const named = await call('PUT', `/api/trade/cluster/${cluster.id}/`, arihant, { facilitator: ids.trishul });
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json()).toMatchObject({ facilitator: { id: ids.trishul }, revision: before.revision, status: 'withOwner' });
    // The facilitator now reads the negotiation.
    expect((await call('GET', `/api/trade/cluster/${cluster.id}/`, trishul)).json()).toMatchObject({ my_role: 'broker' });

    const withCounter = await call('PUT', `/api/trade/cluster/${cluster.id}/`, arihant, { facilitator: null, seller_price: 99.6 });
    expect(withCounter.json()).toMatchObject({ facilitator: null, revision: before.revision + 1, figures: { unit_clean_price: 99.6 } });
  });
});
