/**
 * Settlement through the clearing corporations, on the injected clock: obligations fall due on the
 * settlement date (weekends and holidays skipped), legs are paid in until the 17:45 IST cut-off,
 * the pay-out comes only with both legs in (DvP), a missing leg fails the trade at the cut-off,
 * the parties may cancel by consent before obligations are due, and a restart catches up in order.
 * The test clock starts on Friday 2026-11-20, 11:00 IST; 2026-11-24 is a seeded holiday.
 */
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { createAppContext } from '../../src/server/appContext';
import { clients, holidays, orders } from '../../src/server/db/schema';
import { simulatedFirmsOf } from '../../src/server/domain/trading/marketSimulator';
import { ORDER_MESSAGES } from '../../src/shared/contracts/orders';
import { simulatedTime } from '../../src/shared/timers';
import { bearer, signIn } from './helpers/signIn';
import { ist, makeOrder, orderEvents, settlementEvents, typesOf, userIdOf } from './helpers/settlementOrders';
import { createTestApp, type TestApp } from './helpers/testApp';
import { assertTradingInvariants } from './helpers/tradingInvariants';

let t: TestApp;
// The market simulator's firms act as demo counterparties only when it is on.
beforeAll(async () => {
  t = await createTestApp({ MARKET_SIMULATOR: 'on' });
});
afterAll(async () => {
  await t.close();
});
// Every scenario leaves quotes, negotiations, deals and orders consistent (issue #27).
afterEach(() => assertTradingInvariants(t.ctx.database.db));

const FRIDAY = '2026-11-20';
const MONDAY = '2026-11-23';
const HOLIDAY = '2026-11-24';
const WEDNESDAY = '2026-11-25';

const dealer = async (email: string) => bearer((await signIn(t.app, email)).access);
const SELLER = 'clientdealer@arihant.demo';
const BUYER = 'clientdealer@vasuki.demo';
/** Arihant sells to Vasuki, reported on Friday for Monday. */
const trade = (settlementDate = MONDAY, exchange: 'NSE' | 'BSE' = 'NSE') => {
  t.clock.set(ist(FRIDAY, '11:00'));
  return makeOrder(t, { seller: 'arihant', buyer: 'vasuki', settlementDate, exchange });
};
const statusOf = async (id: number) =>
  (await t.ctx.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.status;
const run = () => t.ctx.services.settlement.runSettlement();
const at = async (date: string, time: string) => {
  t.clock.set(ist(date, time));
  await run();
};
const settleCancel = async (email: string, family: 'orders' | 'procurement-orders', id: number, decision: string) =>
  t.app.inject({ method: 'PATCH', url: `/api/${family}/settle-cancel/${id}/${decision}/`, headers: await dealer(email) });
const sellerSettles = (id: number) => settleCancel(SELLER, 'orders', id, 'settle');
const buyerSettles = (id: number) => settleCancel(BUYER, 'procurement-orders', id, 'settle');
const slugOf = async (clientId: number) =>
  (await t.ctx.database.db.select({ slug: clients.slug }).from(clients).where(eq(clients.id, clientId)))[0]!.slug;
const clearing = (platform: 'NSE' | 'BSE' = 'NSE') => t.ctx.services.trading.exchanges[platform].clearing;

describe('obligations fall due on the settlement date', () => {
  it('not over the weekend before a Monday settlement, and from 00:00 IST on the Monday', async () => {
    const order = await trade(MONDAY);
    for (const [date, time] of [
      [FRIDAY, '23:59'],
      ['2026-11-21', '12:00'],
      ['2026-11-22', '23:59'],
    ] as const) {
      await at(date, time);
      expect(await statusOf(order.id)).toBe('accepted');
    }
    await at(MONDAY, '00:00');
    expect(await statusOf(order.id)).toBe('due');
    await run();
    expect(typesOf(await settlementEvents(t, order.id))).toEqual(['order.obligations_due']);
  });

  it("a settlement date that is a holiday rolls to the next business day, with that day's cut-off", async () => {
    const [holiday] = await t.ctx.database.db.select().from(holidays).where(eq(holidays.date, HOLIDAY));
    expect(holiday?.name).toBe('Gurunanak Jayanti');
    // Booked for the 24th before the holiday was declared.
    const order = await trade(HOLIDAY);
    await at(HOLIDAY, '09:00');
    await at(HOLIDAY, '18:00');
    expect(await statusOf(order.id)).toBe('accepted');
    await at(WEDNESDAY, '00:00');
    expect(await statusOf(order.id)).toBe('due');
    await at(WEDNESDAY, '17:44');
    expect(await statusOf(order.id)).toBe('due');
    await at(WEDNESDAY, '17:45');
    expect(await statusOf(order.id)).toBe('failed');
  });

  it('the job runs at start and then on the injected timers', async () => {
    const order = await trade(MONDAY);
    t.clock.set(ist('2026-11-22', '23:59'));
    const errors: unknown[] = [];
    const stop = t.ctx.services.settlement.startSettlement((error) => errors.push(error));
    t.clock.advance(30_000);
    t.clock.advance(30_000);
    await stop();
    expect(errors).toEqual([]);
    expect(await statusOf(order.id)).toBe('due');
  });
});

describe('DvP: each party pays in its leg, the pay-out follows both', () => {
  it('settles once both legs are in, and pays out only then', async () => {
    const order = await trade(MONDAY);
    t.clock.set(ist(MONDAY, '10:00'));
    // The job has not run yet today: paying in brings the obligations due first.
    const first = await sellerSettles(order.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      id: order.id,
      kind: 'SALE',
      status: 'due',
      securities_paid_in: true,
      funds_paid_in: false,
      clearing_corporation: 'NSCCL',
    });
    expect(first.json().actions).not.toContain('pay_in');
    expect(await clearing().paidOut(order.id)).toBe(false);
    expect(await clearing().legs(order.id)).toEqual(['securities']);

    const again = await sellerSettles(order.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ORDER_MESSAGES.legAlreadyIn);

    t.clock.set(ist(MONDAY, '15:30'));
    const second = await buyerSettles(order.id);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({
      kind: 'PROCUREMENT',
      status: 'settled',
      securities_paid_in: true,
      funds_paid_in: true,
      actions: [],
    });
    expect(clearing().payOuts.filter((p) => p.orderId === order.id)).toEqual([{ orderId: order.id, legs: ['securities', 'funds'] }]);

    const logged = await settlementEvents(t, order.id);
    expect(typesOf(logged)).toEqual(['order.obligations_due', 'order.leg_paid_in', 'order.leg_paid_in', 'order.settled']);
    expect(logged.map((e) => e.payload.leg ?? null)).toEqual([null, 'securities', 'funds', null]);
    expect(logged[1]?.actorUserId).toBe(await userIdOf(t, SELLER));
    expect(logged[3]?.payload).toMatchObject({ status: 'settled', open_orders: expect.any(Object) });

    // Settled is final: the cut-off and the job leave it alone.
    await at(MONDAY, '18:00');
    expect(await statusOf(order.id)).toBe('settled');
    expect((await settlementEvents(t, order.id)).length).toBe(4);
  });

  it('legs are paid in only on the settlement date, before the pay-in cut-off', async () => {
    const order = await trade(MONDAY, 'BSE');
    t.clock.set(ist(FRIDAY, '12:00'));
    const early = await buyerSettles(order.id);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'CONFLICT', message: ORDER_MESSAGES.notDue });

    // 17:46 on the day, before the job has failed it: too late all the same, and nothing changes.
    await at(MONDAY, '09:00');
    t.clock.set(ist(MONDAY, '17:46'));
    const late = await buyerSettles(order.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Legs are paid in on the settlement date, before the pay-in cut-off.');
    expect(typesOf(await settlementEvents(t, order.id))).toEqual(['order.obligations_due']);
    expect(await clearing('BSE').legs(order.id)).toEqual([]);
  });
});

describe('a leg missing at the 17:45 IST cut-off fails the trade', () => {
  it('at 17:44 the trade still waits; at 17:45 it fails, naming the missing leg, and the leg paid in goes back', async () => {
    const order = await trade(MONDAY);
    await at(MONDAY, '09:00');
    expect((await sellerSettles(order.id)).statusCode).toBe(200);
    await at(MONDAY, '17:44');
    expect(await statusOf(order.id)).toBe('due');
    await at(MONDAY, '17:45');
    expect(await statusOf(order.id)).toBe('failed');
    await run();

    const failed = (await settlementEvents(t, order.id)).filter((e) => e.type === 'order.failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]?.payload).toMatchObject({
      status: 'failed',
      missing_legs: ['funds'],
      reason: 'Funds not paid in by the 17:45 IST pay-in cut-off; the securities paid in are returned.',
    });
    expect(await clearing().legs(order.id)).toEqual([]);
    expect(await clearing().paidOut(order.id)).toBe(false);

    const seen = await t.app.inject({
      method: 'PATCH',
      url: `/api/procurement-orders/settle-cancel/${order.id}/settle/`,
      headers: await dealer(BUYER),
    });
    expect(seen.statusCode).toBe(409);
    expect(seen.json().message).toBe(ORDER_MESSAGES.notDue);
  });

  it('a trade the clearing corporation paid out, whose commit of it was lost, settles at the cut-off instead of failing', async () => {
    const order = await trade(MONDAY);
    await at(MONDAY, '09:00');
    // Both legs reached the clearing corporation and it paid out; our transaction recording it did not commit.
    await clearing().payIn(order.id, 'funds');
    await clearing().payIn(order.id, 'securities');
    await clearing().payOut(order.id);
    await at(MONDAY, '17:45');
    expect(await statusOf(order.id)).toBe('settled');
    expect(typesOf(await settlementEvents(t, order.id))).toEqual(['order.obligations_due', 'order.settled']);
    const [row] = await t.ctx.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.fundsPaidInAt).not.toBeNull();
    expect(row?.securitiesPaidInAt).not.toBeNull();
    expect(row?.reason).toBeNull();
  });

  it('with neither leg in, both are named', async () => {
    const order = await trade(MONDAY, 'BSE');
    await at(MONDAY, '17:45');
    const logged = await settlementEvents(t, order.id);
    expect(typesOf(logged)).toEqual(['order.obligations_due', 'order.failed']);
    expect(logged[1]?.payload).toMatchObject({
      missing_legs: ['funds', 'securities'],
      reason: 'Funds and securities not paid in by the 17:45 IST pay-in cut-off.',
    });
    const [row] = await t.ctx.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.reason).toBe('Funds and securities not paid in by the 17:45 IST pay-in cut-off.');
  });
});

describe('cancel by consent', () => {
  it('one party asking keeps the trade accepted; the other asking too cancels it', async () => {
    const order = await trade(MONDAY);
    const asked = await settleCancel(SELLER, 'orders', order.id, 'cancel');
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ status: 'accepted', cancel_requested_by_me: true, cancel_requested_by_counterparty: false });
    expect(asked.json().actions).not.toContain('request_cancel');
    // Asking again changes nothing.
    expect((await settleCancel(SELLER, 'orders', order.id, 'cancel')).json().status).toBe('accepted');

    const buyerView = (
      await t.app.inject({
        method: 'PATCH',
        url: `/api/procurement-orders/settle-cancel/${order.id}/cancel/`,
        headers: await dealer(BUYER),
      })
    ).json();
    expect(buyerView).toMatchObject({
      status: 'cancelled',
      cancel_requested_by_me: true,
      cancel_requested_by_counterparty: true,
      actions: [],
    });

    const logged = await settlementEvents(t, order.id);
    expect(typesOf(logged)).toEqual(['order.cancel_requested', 'order.cancelled']);
    expect(logged[0]?.payload.requested_by_client_id).toBe(order.sellerClientId);
    // A cancelled trade never falls due.
    await at(MONDAY, '10:00');
    expect(await statusOf(order.id)).toBe('cancelled');
  });

  it('is refused once obligations are due, even before the job has marked them', async () => {
    const order = await trade(MONDAY);
    t.clock.set(ist(MONDAY, '00:01'));
    const early = await settleCancel(BUYER, 'procurement-orders', order.id, 'cancel');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(ORDER_MESSAGES.cancelTooLate);
    await run();
    const due = await settleCancel(SELLER, 'orders', order.id, 'cancel');
    expect(due.statusCode).toBe(409);
    expect(due.json().message).toBe('Obligations are due: the trade can no longer be cancelled.');
    expect(typesOf(await settlementEvents(t, order.id))).toEqual(['order.obligations_due']);
  });

  it('a report not yet accepted is not cancelled by consent (the reporter withdraws it instead)', async () => {
    t.clock.set(ist(FRIDAY, '11:00'));
    const order = await makeOrder(t, { seller: 'arihant', buyer: 'vasuki', settlementDate: MONDAY, reportedOnly: true });
    const res = await settleCancel(BUYER, 'procurement-orders', order.id, 'cancel');
    expect(res.statusCode).toBe(409);
    expect(await statusOf(order.id)).toBe('reported');
  });
});

describe("demo counterparties: the market simulator's firms", () => {
  const firm = async () => {
    const [clientId, principal] = [...(await simulatedFirmsOf(t.ctx.database.db)()).entries()][0]!;
    return { slug: await slugOf(clientId), principal };
  };

  it('accept a trade reported to them and pay in their leg when obligations fall due', async () => {
    const { slug, principal } = await firm();
    t.clock.set(ist(FRIDAY, '11:00'));
    const order = await makeOrder(t, { seller: slug, buyer: 'vasuki', settlementDate: MONDAY, reporter: 'buyer', reportedOnly: true });
    await run();
    expect(await statusOf(order.id)).toBe('accepted');
    const accepted = (await orderEvents(t, order.id)).find((e) => e.type === 'order.accepted');
    expect(accepted?.actorUserId).toBe(principal.userId);

    await at(MONDAY, '09:00');
    const logged = await settlementEvents(t, order.id);
    expect(typesOf(logged)).toEqual(['order.obligations_due', 'order.leg_paid_in']);
    expect(logged[1]).toMatchObject({ payload: { leg: 'securities' }, actorUserId: principal.userId });
    const paid = await buyerSettles(order.id);
    expect(paid.json()).toMatchObject({ status: 'settled', funds_paid_in: true, securities_paid_in: true });
  });

  it("a withheld leg never reaches the clearing corporation: the firm's trade fails and a party hears it did not arrive", async () => {
    const { slug } = await firm();
    t.clock.set(ist(FRIDAY, '11:00'));
    const order = await makeOrder(t, { seller: slug, buyer: 'vasuki', settlementDate: MONDAY, exchange: 'BSE' });
    const ops = bearer((await signIn(t.app, 'clientopsadmin@venue.demo')).access);
    const told = await t.app.inject({
      method: 'POST',
      url: '/api/dev/clearing/BSE/',
      headers: ops,
      payload: { withhold: ['securities', 'funds'] },
    });
    expect(told.json()).toEqual({ platform: 'BSE', clearing_corporation: 'ICCL', withhold: ['securities', 'funds'] });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/dev/clearing/BSE/', headers: ops, payload: { withhold: ['bonds'] } })).statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/dev/clearing/BSE/', headers: await dealer(BUYER), payload: { withhold: [] } }))
        .statusCode,
    ).toBe(403);
    const firmOps = bearer((await signIn(t.app, 'clientopsadmin@arihant.demo')).access);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/dev/clearing/BSE/', headers: firmOps, payload: { withhold: ['funds'] } }))
        .statusCode,
    ).toBe(403);
    try {
      await at(MONDAY, '09:00');
      expect(typesOf(await settlementEvents(t, order.id))).toEqual(['order.obligations_due']);
      const refused = await buyerSettles(order.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('The clearing corporation did not receive your leg. Try again before the pay-in cut-off.');
      await at(MONDAY, '17:45');
      const failed = (await settlementEvents(t, order.id)).at(-1);
      expect(failed).toMatchObject({ type: 'order.failed', payload: { missing_legs: ['funds', 'securities'] } });
    } finally {
      clearing('BSE').behave({ withhold: [] });
    }
  });
});

describe('a restart catches up in order, exactly once', () => {
  /** A new server over the same database, its clock at `date time` IST, with fresh (empty) clearing simulators. */
  const restartAt = (date: string, time: string) => {
    const clock = simulatedTime(ist(date, time));
    const ctx = createAppContext({ ...t.ctx, clock, timers: clock, log: pino({ level: 'silent' }), ready: true });
    return { ctx, clock };
  };
  const startAndStop = async (ctx: ReturnType<typeof restartAt>['ctx']) => {
    const errors: unknown[] = [];
    await ctx.services.settlement.startSettlement((error) => errors.push(error))();
    expect(errors).toEqual([]);
  };

  it('a settlement date and its cut-off passed while down: due, then failed, each once', async () => {
    const order = await trade(MONDAY);
    const { ctx } = restartAt(WEDNESDAY, '09:00');
    await startAndStop(ctx);
    await startAndStop(ctx);
    const logged = await settlementEvents(t, order.id);
    expect(typesOf(logged)).toEqual(['order.obligations_due', 'order.failed']);
    expect(logged[1]?.payload).toMatchObject({ missing_legs: ['funds', 'securities'] });
  });

  it('restarted on the settlement date before the cut-off: the demo firms pay in and the trade settles, once', async () => {
    const firms = [...(await simulatedFirmsOf(t.ctx.database.db)()).keys()];
    const slugs = await Promise.all(firms.slice(0, 2).map(slugOf));
    t.clock.set(ist(FRIDAY, '11:00'));
    const order = await makeOrder(t, { seller: slugs[0]!, buyer: slugs[1]!, settlementDate: MONDAY });
    const { ctx } = restartAt(MONDAY, '11:00');
    await startAndStop(ctx);
    await startAndStop(ctx);
    expect(typesOf(await settlementEvents(t, order.id))).toEqual([
      'order.obligations_due',
      'order.leg_paid_in',
      'order.leg_paid_in',
      'order.settled',
    ]);
    expect(await ctx.services.trading.exchanges.NSE.clearing.paidOut(order.id)).toBe(true);
  });

  it('a leg paid in before the restart still counts: the restarted clearing corporation gets it again before the pay-out', async () => {
    const order = await trade(MONDAY);
    t.clock.set(ist(MONDAY, '10:00'));
    expect((await sellerSettles(order.id)).statusCode).toBe(200);
    const { ctx } = restartAt(MONDAY, '11:00');
    const app = await buildApp(ctx);
    try {
      await app.ready();
      const buyer = bearer((await signIn(app, BUYER)).access);
      const res = await app.inject({ method: 'PATCH', url: `/api/procurement-orders/settle-cancel/${order.id}/settle/`, headers: buyer });
      expect(res.json()).toMatchObject({ status: 'settled' });
      expect(ctx.services.trading.exchanges.NSE.clearing.payOuts).toEqual([{ orderId: order.id, legs: ['funds', 'securities'] }]);
    } finally {
      await app.close();
    }
  });
});
