/**
 * Trade calls of spec 01 §7: facilitators and agents, a client's traders for the counterparty
 * search, the brokers and brokerage of a negotiation (parties and their brokers only), and the
 * live RFQ negotiation notification reaching a broker once it is on the negotiation.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clients, clusters, deals, events, users } from '../../src/server/db/schema';
import { CHATTER_USER_SEARCH_PAGE_SIZE } from '../../src/shared/constants';
import { NEGOTIATION_MESSAGES, TRADE_MESSAGES } from '../../src/shared/contracts/trading';
import { LiveSocket, liveUrl } from './helpers/liveSocket';
import { bearer, signIn } from './helpers/signIn';
import { createTestApp, type TestApp } from './helpers/testApp';
import { assertTradingInvariants } from './helpers/tradingInvariants';
import { tradableBond } from './helpers/tradableBond';

let t: TestApp;
let owner: Record<string, string>;
let responder: Record<string, string>;
let broker: Record<string, string>;
let ids: Record<string, number>;
const sockets: LiveSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  owner = bearer((await signIn(t.app, 'clientdealer@arihant.demo')).access);
  responder = bearer((await signIn(t.app, 'clientdealer@vasuki.demo')).access);
  broker = bearer((await signIn(t.app, 'clientdealer@trishul.demo')).access);
  const rows = await t.ctx.database.db.select({ id: clients.id, slug: clients.slug }).from(clients);
  ids = Object.fromEntries(rows.map((r) => [r.slug, r.id]));
});
afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
});
afterAll(async () => {
  await t.close();
});
// Every scenario leaves quotes, negotiations, deals and orders consistent (issue #27).
afterEach(() => assertTradingInvariants(t.ctx.database.db));

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload !== undefined && { payload }) });

async function negotiation() {
  const bond = await tradableBond(t.ctx.database.db);
  const eoi = (
    await call('POST', '/api/trade/eoi/', owner, { finstrument_id: bond.id, quantum: bond.faceValue * 10, yield_stored: 0.0825 })
  ).json();
  const res = await call('POST', '/api/eoi/add-negotiation/', responder, { respond_eoi_id: eoi.id, unit_price_stored: 99.5 });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; eoi_id: number };
}

describe('GET api/trade/facilitator/ and api/trade/agent/', () => {
  it('facilitators are every broker firm; agents only the brokers the caller trades through', async () => {
    const facilitators = (await call('GET', '/api/trade/facilitator/', owner)).json().results as { id: number; name: string }[];
    const brokerIds = (await t.ctx.database.db.select({ id: clients.id }).from(clients).where(eq(clients.isBroker, true)))
      .map((r) => r.id)
      .sort();
    expect(facilitators.map((f) => f.id).sort()).toEqual(brokerIds);
    const arihantAgents = (await call('GET', '/api/trade/agent/', owner))
      .json()
      .results.map((a: { id: number }) => a.id)
      .sort();
    expect(arihantAgents).toEqual([ids.trishul, ids.nandi].sort());
    const vasukiAgents = (await call('GET', '/api/trade/agent/', responder)).json().results.map((a: { id: number }) => a.id);
    expect(vasukiAgents).toEqual([ids.trishul]);
  });
});

describe('GET api/trade/client/users/{id}/', () => {
  it("lists the client's traders by name, 20 a page, with search_param; no e-mails; an unknown client is 404", async () => {
    const all = (await call('GET', `/api/trade/client/users/${ids.vasuki}/`, owner)).json();
    expect(all.page_size).toBe(CHATTER_USER_SEARCH_PAGE_SIZE);
    expect(all.results.length).toBeGreaterThan(0);
    expect(all.results.length).toBeLessThanOrEqual(20);
    expect(all.results.every((u: { client_id: number }) => u.client_id === ids.vasuki)).toBe(true);
    expect(JSON.stringify(all)).not.toContain('@');
    const first = all.results[0] as { name: string };
    const searched = (
      await call('GET', `/api/trade/client/users/${ids.vasuki}/?search_param=${encodeURIComponent(first.name.split(' ')[0]!)}`, owner)
    ).json();
    expect(searched.results.map((u: { name: string }) => u.name)).toContain(first.name);
    const none = (await call('GET', `/api/trade/client/users/${ids.vasuki}/?search_param=zzzqqq`, owner)).json();
    expect(none).toMatchObject({ results: [], count: 0 });
    expect((await call('GET', '/api/trade/client/users/999999/', owner)).statusCode).toBe(404);
  });

  it('lists only users who may trade: a viewer of the client is not a counterparty', async () => {
    const page = (await call('GET', `/api/trade/client/users/${ids.arihant}/`, responder)).json() as {
      results: { name: string }[];
      count: number;
    };
    const [viewer] = await t.ctx.database.db
      .select({ first: users.firstName, last: users.lastName })
      .from(users)
      .where(eq(users.email, 'clientviewer@arihant.demo'));
    const [dealer] = await t.ctx.database.db
      .select({ first: users.firstName, last: users.lastName })
      .from(users)
      .where(eq(users.email, 'clientdealer@arihant.demo'));
    const names = page.results.map((u) => u.name);
    expect(names).toContain(`${dealer?.first} ${dealer?.last}`);
    expect(names).not.toContain(`${viewer?.first} ${viewer?.last}`);
  });
});

describe('PATCH api/trade/members/{id}/ and api/trade/{id}/brokerage/', () => {
  it('a party names the facilitator and its agent; the broker then hears of the negotiation, sets the brokerage, and the deal carries it', async () => {
    const url = await liveUrl(t.app);
    const brokerSocket = await LiveSocket.signedIn(url, (await signIn(t.app, 'clientdealer@trishul.demo')).access);
    sockets.push(brokerSocket);
    const cluster = await negotiation();
    // A trader, the broker sees the quote's row go live and then negotiating — nothing of the negotiation itself.
    for (const status of ['live', 'negotiating']) {
      expect(await brokerSocket.next()).toMatchObject({
        type: 'updates',
        topic: 'eois',
        rows: [expect.objectContaining({ id: String(cluster.eoi_id), status })],
      });
    }

    const notBroker = await call('PATCH', `/api/trade/members/${cluster.id}/`, owner, { facilitator_id: ids.vasuki });
    expect(notBroker.statusCode).toBe(400);
    expect(notBroker.json().message).toBe(TRADE_MESSAGES.notABroker);
    const notAgent = await call('PATCH', `/api/trade/members/${cluster.id}/`, responder, { agent_id: ids.nandi });
    expect(notAgent.json().message).toBe(TRADE_MESSAGES.notYourAgent);
    expect((await call('PATCH', `/api/trade/members/${cluster.id}/`, broker, { facilitator_id: ids.trishul })).statusCode).toBe(404);
    // Before it is on the negotiation the broker may not set brokerage: it cannot see it.
    expect((await call('PATCH', `/api/trade/${cluster.id}/brokerage/`, broker, { brokerage: '100.00' })).statusCode).toBe(404);

    const named = await call('PATCH', `/api/trade/members/${cluster.id}/`, owner, { facilitator_id: ids.trishul, agent_id: ids.trishul });
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json()).toMatchObject({ facilitator: { id: ids.trishul }, agent: { id: ids.trishul }, brokerage: null });
    expect(await brokerSocket.next()).toEqual({
      type: 'rfq_negotiation',
      negotiation_id: String(cluster.id),
      eoi_id: String(cluster.eoi_id),
      action: 'updated',
      event_id: expect.any(Number),
    });

    // Named, the broker reads the negotiation (no side, no counterparty, no action) and lists it; acting on it is 403.
    const followed = await call('GET', `/api/trade/cluster/${cluster.id}/`, broker);
    expect(followed.statusCode, followed.body).toBe(200);
    expect(followed.json()).toMatchObject({
      my_role: 'broker',
      my_side: null,
      counterparty: null,
      can_counter: false,
      can_accept: false,
      can_close: false,
    });
    expect((await call('GET', '/api/trade/cluster/', broker)).json().results.map((c: { id: number }) => c.id)).toContain(cluster.id);
    const meddling = await t.app.inject({
      method: 'PUT',
      url: `/api/trade/cluster/${cluster.id}/`,
      headers: broker,
      payload: { close: true },
    });
    expect(meddling.statusCode).toBe(403);
    expect(meddling.json().message).toBe(NEGOTIATION_MESSAGES.brokerFollows);
    expect((await call('PATCH', `/api/trade/members/${cluster.id}/`, broker, { facilitator_id: null })).statusCode).toBe(403);

    const bad = await call('PATCH', `/api/trade/${cluster.id}/brokerage/`, broker, { brokerage: '12.345' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(TRADE_MESSAGES.brokerage);
    const set = await call('PATCH', `/api/trade/${cluster.id}/brokerage/`, broker, { brokerage: '1500.50' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ id: cluster.id, brokerage: '1500.50' });
    expect(await brokerSocket.next()).toMatchObject({ type: 'rfq_negotiation', action: 'updated' });

    const { figures } = (await call('GET', `/api/cluster/${cluster.id}/?price`, owner)).json();
    const accepted = await call('POST', `/api/cluster/${cluster.id}/accept/`, owner, { ...figures, exchange: 'NSE' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().deal).toMatchObject({ brokerage: '1500.50', exchange_status: 'CONFIRMED' });
    expect(await brokerSocket.next()).toMatchObject({ type: 'rfq_negotiation', action: 'accepted' });
    expect(await brokerSocket.next()).toMatchObject({ type: 'rfq_negotiation', action: 'confirmed' });

    // Once dealt, the negotiation's brokers and brokerage are settled: 409, nothing changed.
    const late = await call('PATCH', `/api/trade/${cluster.id}/brokerage/`, owner, { brokerage: '1.00' });
    expect(late.statusCode).toBe(409);
    const [deal] = await t.ctx.database.db.select().from(deals).where(eq(deals.clusterId, cluster.id));
    expect(deal?.brokerage).toBe('1500.50');
    const logged = await t.ctx.database.db
      .select({ type: events.type })
      .from(events)
      .where(and(eq(events.aggregateType, 'cluster'), eq(events.aggregateId, String(cluster.id))));
    expect(logged.map((e) => e.type)).toEqual([
      'cluster.opened',
      'cluster.brokers_changed',
      'cluster.brokerage_set',
      'cluster.accepted',
      'deal.confirmed',
    ]);
  });

  it('a client that is not a party gets 404 and nothing changes', async () => {
    const cluster = await negotiation();
    expect((await call('PATCH', `/api/trade/members/${cluster.id}/`, broker, { facilitator_id: null })).statusCode).toBe(404);
    const [row] = await t.ctx.database.db.select().from(clusters).where(eq(clusters.id, cluster.id));
    expect(row).toMatchObject({ facilitatorClientId: null, agentClientId: null, brokerage: null });
  });
});
