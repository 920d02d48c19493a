/** Validity is durable: quotes expire at their time on the injected clock, with their open negotiations, and a restart catches up. */
import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAppContext } from '../../src/server/appContext';
import { clusters, eois, events, finstruments } from '../../src/server/db/schema';
import { manualClock } from '../../src/shared/clock';
import { bearer, signIn } from './helpers/signIn';
import { createTestApp, type TestApp } from './helpers/testApp';
import { assertTradingInvariants } from './helpers/tradingInvariants';
import { tradableBond } from './helpers/tradableBond';

let t: TestApp;
let bond: typeof finstruments.$inferSelect;

beforeAll(async () => {
  t = await createTestApp();
  bond = await tradableBond(t.ctx.database.db);
});
afterAll(async () => {
  await t.close();
});
// Every scenario leaves quotes, negotiations, deals and orders consistent (issue #27).
afterEach(() => assertTradingInvariants(t.ctx.database.db));

const dealer = async (email: string) => bearer((await signIn(t.app, email)).access);
const post = (url: string, headers: Record<string, string>, payload: object) => t.app.inject({ method: 'POST', url, headers, payload });
const statusOf = async (id: number) =>
  (await t.ctx.database.db.select({ status: eois.status }).from(eois).where(eq(eois.id, id)))[0]?.status;

describe('validity expiry', () => {
  it('expires a quote and its open negotiation at its time, once, and hides it from the market meanwhile', async () => {
    const [owner, responder] = [await dealer('clientdealer@arihant.demo'), await dealer('clientdealer@vasuki.demo')];
    const eoi = (
      await post('/api/trade/eoi/', owner, { finstrument_id: bond.id, quantum: bond.faceValue * 5, yield_stored: 0.08, validity: 30 })
    ).json();
    const cluster = (await post('/api/eoi/add-negotiation/', responder, { respond_eoi_id: eoi.id, unit_price_stored: 99 })).json();
    expect(await t.ctx.services.trading.expireDueQuotes()).toBe(0);

    t.clock.advance(30 * 60_000);
    const fresh = await dealer('clientdealer@vasuki.demo');
    const market = (await t.app.inject({ method: 'GET', url: '/api/trade/d/market/?page_size=100', headers: fresh })).json();
    expect(market.results.map((r: { id: number }) => r.id)).not.toContain(eoi.id);
    const late = await post('/api/eoi/add-negotiation/', fresh, { respond_eoi_id: eoi.id, unit_price_stored: 99 });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This quote has expired.');

    expect(await t.ctx.services.trading.expireDueQuotes()).toBe(1);
    expect(await t.ctx.services.trading.expireDueQuotes()).toBe(0);
    expect(await statusOf(eoi.id)).toBe('expired');
    const [c] = await t.ctx.database.db.select().from(clusters).where(eq(clusters.id, cluster.id));
    expect(c?.status).toBe('expired');
    const logged = await t.ctx.database.db
      .select()
      .from(events)
      .where(sql`${events.type} in ('eoi.expired', 'cluster.expired') and ${events.payload}->>'eoi_id' = ${String(eoi.id)}`);
    expect(logged.map((e) => [e.type, e.actorUserId]).sort()).toEqual([
      ['cluster.expired', null],
      ['eoi.expired', null],
    ]);
    expect(logged.find((e) => e.type === 'eoi.expired')?.payload).toMatchObject({ by: 'validity', status: 'expired' });
  });

  it('catches up after a restart: quotes that fell due while the server was down expire on the first sweep', async () => {
    const owner = await dealer('clientdealer@arihant.demo');
    const eoi = (
      await post('/api/trade/eoi/', owner, { finstrument_id: bond.id, quantum: bond.faceValue, yield_stored: 0.08, validity: 5 })
    ).json();
    // The "restarted" server: a new context over the same database, with its clock two days on.
    const later = manualClock(new Date(t.clock.now().getTime() + 2 * 86_400_000));
    const restarted = createAppContext({ ...t.ctx, clock: later, log: pino({ level: 'silent' }), ready: true });
    const errors: unknown[] = [];
    const stop = restarted.services.trading.startValidityExpiry((error) => errors.push(error));
    await stop();
    expect(errors).toEqual([]);
    expect(await statusOf(eoi.id)).toBe('expired');
  });

  it('sweeps again every few seconds on the injected timers, so a quote expires while the server runs', async () => {
    const owner = await dealer('clientdealer@arihant.demo');
    // The catch-up sweep runs at start, before the quote exists: only a timed sweep can expire it.
    const stop = t.ctx.services.trading.startValidityExpiry(() => undefined);
    const eoi = (
      await post('/api/trade/eoi/', owner, { finstrument_id: bond.id, quantum: bond.faceValue, yield_stored: 0.08, validity: 1 })
    ).json();
    t.clock.advance(65_000);
    await stop();
    expect(await statusOf(eoi.id)).toBe('expired');
  });

  it('closing a quote ends its open negotiations with it', async () => {
    const [owner, responder] = [await dealer('clientdealer@arihant.demo'), await dealer('clientdealer@vasuki.demo')];
    const eoi = (await post('/api/trade/eoi/', owner, { finstrument_id: bond.id, quantum: bond.faceValue * 5, yield_stored: 0.08 })).json();
    const cluster = (await post('/api/eoi/add-negotiation/', responder, { respond_eoi_id: eoi.id, unit_price_stored: 99 })).json();
    const closed = await t.app.inject({
      method: 'PUT',
      url: `/api/trade/d/eoi/${eoi.id}/close/`,
      headers: owner,
      payload: { confirm: true },
    });
    expect(closed.json().status).toBe('closed');
    const seen = (await t.app.inject({ method: 'GET', url: `/api/trade/cluster/${cluster.id}/`, headers: responder })).json();
    expect(seen).toMatchObject({ status: 'closed', can_accept: false, can_counter: false });
  });
});

describe('GET api/trade/timings', () => {
  it('gives the RFQ session, the cut-offs and the restriction for the caller', async () => {
    const open = (
      await t.app.inject({ method: 'GET', url: '/api/trade/timings', headers: await dealer('clientdealer@arihant.demo') })
    ).json();
    expect(open).toMatchObject({
      timezone: 'Asia/Kolkata',
      market_hours: 'open',
      is_open: true,
      can_trade: true,
      restriction: null,
      rfq_session: { open: '09:00', close: '17:00' },
      settlement_cutoffs: { NSE: { clearing_corporation: 'NSCCL' }, BSE: { clearing_corporation: 'ICCL' } },
    });
    const viewer = (
      await t.app.inject({ method: 'GET', url: '/api/trade/timings', headers: await dealer('clientviewer@arihant.demo') })
    ).json();
    expect(viewer).toMatchObject({
      can_trade: false,
      restriction: 'Trading needs trade access. Ask your OpsAdmin to request access to trade.',
    });
  });
});
