/**
 * A quote and its deal on the exchange (issue #27): while an accepted deal waits for the exchange's
 * answer the quote cannot end — not by its owner (close, expire, close-all) nor by its validity —
 * so the answer always finds it and the confirmed trade is booked; and a deal whose answer cannot
 * be recorded never keeps the answers job from the deals after it.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clusters, deals, eois, events, finstruments, orders } from '../../src/server/db/schema';
import { NEGOTIATION_MESSAGES } from '../../src/shared/contracts/trading';
import { bearer, signIn } from './helpers/signIn';
import { createTestApp, type TestApp } from './helpers/testApp';
import { quoteCalls, tradableBond } from './helpers/tradableBond';
import { assertTradingInvariants, tradingInvariantProblems } from './helpers/tradingInvariants';

let t: TestApp;
let owner: Record<string, string>;
let responder: Record<string, string>;
let bond: typeof finstruments.$inferSelect;
const { call, create } = quoteCalls(
  () => t.app,
  () => bond,
);
/** The exchange's answer comes this long after the deal reaches it. */
const ANSWER_AFTER_MS = 10 * 60_000;

beforeAll(async () => {
  t = await createTestApp();
  bond = await tradableBond(t.ctx.database.db);
});
// The scenarios move the clock past a session's life: each signs in afresh.
beforeEach(async () => {
  owner = bearer((await signIn(t.app, 'clientdealer@arihant.demo')).access);
  responder = bearer((await signIn(t.app, 'clientdealer@vasuki.demo')).access);
});
afterEach(async () => {
  t.ctx.services.trading.exchanges.NSE.behave({ rejectWith: null, delayMs: 0 });
  await assertTradingInvariants(t.ctx.database.db);
});
afterAll(async () => {
  await t.close();
});

const db = () => t.ctx.database.db;
const quoteStatus = async (id: number) => (await db().select({ status: eois.status }).from(eois).where(eq(eois.id, id)))[0]?.status;
const clusterStatus = async (id: number) =>
  (await db().select({ status: clusters.status }).from(clusters).where(eq(clusters.id, id)))[0]?.status;
const ordersOf = async (clusterId: number) =>
  db().select({ id: orders.id }).from(orders).innerJoin(deals, eq(deals.id, orders.dealId)).where(eq(deals.clusterId, clusterId));
const answerSweep = async () => {
  const failures: Error[] = [];
  const recorded = await t.ctx.services.trading.answerPendingDeals((error) => failures.push(error));
  return { recorded, failures };
};

/** A quote (validity in minutes) with a negotiation its owner accepted; the exchange answers after ANSWER_AFTER_MS. */
async function quoteWithPendingDeal(validity = 60, rejectWith: string | null = null) {
  const eoi = await create(owner, { validity });
  const opened = await call('POST', '/api/eoi/add-negotiation/', responder, { respond_eoi_id: eoi.id, unit_price_stored: 99.3 });
  expect(opened.statusCode, opened.body).toBe(201);
  const cluster = opened.json();
  const seen = (await call('GET', `/api/cluster/${cluster.id}/`, owner)).json().figures;
  t.ctx.services.trading.exchanges.NSE.behave({ rejectWith, delayMs: ANSWER_AFTER_MS });
  const accepted = await call('POST', `/api/cluster/${cluster.id}/accept/`, owner, { ...seen, exchange: 'NSE' });
  expect(accepted.json()).toMatchObject({ status: 'onExchange', deal: { exchange_status: 'PENDING' } });
  return { eoi, cluster, seen };
}

describe('a quote whose deal waits on the exchange', () => {
  it('cannot be closed, expired or closed-all by its owner (409 naming the wait), and the confirmed trade is booked', async () => {
    const { eoi, cluster } = await quoteWithPendingDeal();
    for (const [method, url, body] of [
      ['PUT', `/api/trade/d/eoi/${eoi.id}/close/`, { confirm: true }],
      ['POST', `/api/eoi/expire/${eoi.id}/`, undefined],
    ] as const) {
      const refused = await call(method, url, owner, body);
      expect(refused.statusCode, url).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'CONFLICT', message: NEGOTIATION_MESSAGES.dealPending });
    }
    const closedAll = await call('PUT', '/api/trade/d/eoi/close/', owner, { confirm: true, eoi_ids: [eoi.id] });
    expect(closedAll.statusCode, closedAll.body).toBe(200);
    expect(JSON.stringify(closedAll.json())).not.toContain(String(eoi.id));
    const mine = (await call('GET', '/api/trade/eoi/', owner)).json().results.find((r: { id: number }) => r.id === eoi.id);
    expect(mine).toMatchObject({ status: 'negotiating', deal_pending: true });

    t.clock.advance(ANSWER_AFTER_MS);
    expect(await answerSweep()).toEqual({ recorded: 1, failures: [] });
    expect([await quoteStatus(eoi.id), await clusterStatus(cluster.id)]).toEqual(['traded', 'confirmed']);
    expect(await ordersOf(cluster.id)).toHaveLength(1);
  });

  it('outlives its validity until the exchange answers; rejected, it expires at once', async () => {
    const { eoi, cluster } = await quoteWithPendingDeal(5, 'Counterparty limit exceeded');
    t.clock.advance(6 * 60_000);
    expect(await t.ctx.services.trading.expireDueQuotes()).toBe(0);
    expect(await quoteStatus(eoi.id)).toBe('negotiating');

    t.clock.advance(ANSWER_AFTER_MS);
    expect(await answerSweep()).toEqual({ recorded: 1, failures: [] });
    expect([await quoteStatus(eoi.id), await clusterStatus(cluster.id)]).toEqual(['expired', 'rejected']);
    const [expired] = await db()
      .select()
      .from(events)
      .where(and(eq(events.type, 'eoi.expired'), eq(events.aggregateId, String(eoi.id))));
    expect(expired?.payload).toMatchObject({ by: 'validity', status: 'expired' });
  });

  it('outlives its validity until the exchange answers; confirmed, it is traded and booked', async () => {
    const { eoi, cluster } = await quoteWithPendingDeal(5);
    t.clock.advance(6 * 60_000);
    expect(await t.ctx.services.trading.expireDueQuotes()).toBe(0);
    t.clock.advance(ANSWER_AFTER_MS);
    expect(await answerSweep()).toEqual({ recorded: 1, failures: [] });
    expect(await quoteStatus(eoi.id)).toBe('traded');
    expect(await ordersOf(cluster.id)).toHaveLength(1);
  });

  it('takes one deal at a time: a second accept on the quote waits for the first answer', async () => {
    const { eoi } = await quoteWithPendingDeal();
    const other = bearer((await signIn(t.app, 'clientdealer@trishul.demo')).access);
    const second = (await call('POST', '/api/eoi/add-negotiation/', other, { respond_eoi_id: eoi.id, unit_price_stored: 99.2 })).json();
    const seen = (await call('GET', `/api/cluster/${second.id}/`, owner)).json().figures;
    const refused = await call('POST', `/api/cluster/${second.id}/accept/`, owner, { ...seen, exchange: 'NSE' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(NEGOTIATION_MESSAGES.otherDealPending);
    t.clock.advance(ANSWER_AFTER_MS);
    expect((await answerSweep()).recorded).toBe(1);
    expect(await clusterStatus(second.id)).toBe('closed');
  });
});

describe('the exchange-answers job', () => {
  it('records a later deal when an earlier one cannot be recorded, and alerts on the earlier one', async () => {
    const poisoned = await quoteWithPendingDeal();
    const healthy = await quoteWithPendingDeal();
    // The earlier deal's quote ended behind the chart's back (as rows stored before this rule could be).
    await db()
      .update(eois)
      .set({ status: 'closed', machineState: 'closed', machineContext: sql`${eois.machineContext} || '{"dealPending": false}'` })
      .where(eq(eois.id, poisoned.eoi.id));
    t.clock.advance(ANSWER_AFTER_MS);
    const { recorded, failures } = await answerSweep();
    expect(recorded).toBe(1);
    const [poisonedDeal] = await db().select().from(deals).where(eq(deals.clusterId, poisoned.cluster.id));
    expect(failures.map((f) => f.message)).toEqual([
      `Deal ${poisonedDeal?.id} on NSE: its answer could not be recorded (${NEGOTIATION_MESSAGES.negotiationOver})`,
    ]);
    expect(await clusterStatus(healthy.cluster.id)).toBe('confirmed');
    expect(await ordersOf(healthy.cluster.id)).toHaveLength(1);
    const alerts = await db()
      .select()
      .from(events)
      .where(and(eq(events.type, 'exchange.answer_failed'), eq(events.aggregateId, String(poisonedDeal?.id))));
    expect(alerts.map((a) => a.payload)).toEqual([
      {
        deal_id: poisonedDeal?.id,
        cluster_id: poisoned.cluster.id,
        eoi_id: poisoned.eoi.id,
        exchange: 'NSE',
        reason: 'This negotiation is over.',
      },
    ]);
    expect(poisonedDeal?.exchangeStatus).toBe('PENDING');
    // The planted row breaks the invariants; put it back as the chart would have it for the checks after each test.
    await db()
      .update(eois)
      .set({
        status: 'negotiating',
        machineState: { active: 'negotiating' },
        machineContext: sql`${eois.machineContext} || '{"dealPending": true}'`,
      })
      .where(eq(eois.id, poisoned.eoi.id));
    t.ctx.services.trading.exchanges.NSE.behave({ rejectWith: null, delayMs: 0 });
    expect(await answerSweep()).toEqual({ recorded: 1, failures: [] });
  });
});

describe('the trading invariants', () => {
  it('fail on a quote whose count of open negotiations disagrees with its clusters, naming it', async () => {
    const eoi = await create(owner);
    await call('POST', '/api/eoi/add-negotiation/', responder, { respond_eoi_id: eoi.id, unit_price_stored: 99.1 });
    expect(await tradingInvariantProblems(db())).toEqual([]);
    const planted = sql`jsonb_set(${eois.machineContext}, '{openNegotiations}', '2')`;
    await db().update(eois).set({ machineContext: planted }).where(eq(eois.id, eoi.id));
    expect(await tradingInvariantProblems(db())).toEqual([`EOI ${eoi.id}: 2 open negotiations on the row, 1 open clusters`]);
    await expect(assertTradingInvariants(db())).rejects.toThrow(/trading invariants/);
    await db()
      .update(eois)
      .set({ machineContext: sql`jsonb_set(${eois.machineContext}, '{openNegotiations}', '1')` })
      .where(eq(eois.id, eoi.id));
  });
});
