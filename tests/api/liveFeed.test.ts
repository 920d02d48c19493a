import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../../src/server/db/schema';
import { createRedisBus } from '../../src/server/events/bus';
import { LIVE_CLOSE } from '../../src/shared/contracts/live';
import { bearer, signIn } from './helpers/signIn';
import { LiveSocket, liveUrl } from './helpers/liveSocket';
import { createTestApp, type TestApp } from './helpers/testApp';
import { tradableBond } from './helpers/tradableBond';

let t: TestApp;
let url: string;
const opened: LiveSocket[] = [];
// With TEST_REDIS_URL (CI) events travel over Redis pub/sub, as between instances.
const redisUrl = process.env.TEST_REDIS_URL;
beforeAll(async () => {
  t = await createTestApp({}, redisUrl ? await createRedisBus(redisUrl, `kosh-live-${process.pid}-${Date.now()}:`) : undefined);
  url = await liveUrl(t.app);
});
afterEach(() => {
  for (const s of opened.splice(0)) s.close();
});
afterAll(async () => {
  await t.close();
});

const track = (socket: LiveSocket) => {
  opened.push(socket);
  return socket;
};
const open = async () => track(await LiveSocket.open(url));
const signedIn = async (email: string) => {
  const tokens = await signIn(t.app, email);
  return { tokens, socket: track(await LiveSocket.signedIn(url, tokens.access)) };
};
const closeOf = (kind: keyof typeof LIVE_CLOSE) => ({ code: LIVE_CLOSE[kind].code, reason: LIVE_CLOSE[kind].reason });

describe('ws/trade/d/ authentication', () => {
  it('a valid access token makes the socket live: the server answers with refresh (connected)', async () => {
    const { socket } = await signedIn('clientdealer@arihant.demo');
    expect(await socket.drain()).toEqual([]);
    expect(socket.isOpen).toBe(true);
  });

  it('a bad token closes the socket with a clear code and reason', async () => {
    const socket = await open();
    socket.send({ type: 'auth', token: 'not-a-token' });
    expect(await socket.closed).toEqual(closeOf('badToken'));
  });

  it('a socket that does not authenticate within 5 s is closed', async () => {
    const socket = await open();
    await socket.drain();
    t.clock.advance(4_999);
    expect(socket.isOpen).toBe(true);
    t.clock.advance(1);
    expect(await socket.closed).toEqual(closeOf('authTimeout'));
  });

  it('a message that is not a client message closes the socket', async () => {
    const socket = await open();
    socket.send('{"type":"subscribe"}');
    expect(await socket.closed).toEqual(closeOf('malformed'));
  });

  it("re-authenticating with another user's token closes the socket", async () => {
    const { socket } = await signedIn('clientdealer@arihant.demo');
    const other = await signIn(t.app, 'clientviewer@arihant.demo');
    socket.send({ type: 'auth', token: other.access });
    expect(await socket.closed).toEqual(closeOf('badToken'));
  });
});

describe('ws/trade/d/ heartbeat, token expiry and revocation', () => {
  it('answers ping with pong and keeps a socket that pings every 10 s; closes one silent past 30 s', async () => {
    const { socket: chatty } = await signedIn('clientdealer@arihant.demo');
    const { socket: silent } = await signedIn('clientviewer@arihant.demo');
    for (let i = 0; i < 4; i += 1) {
      t.clock.advance(10_000);
      expect(await chatty.drain()).toEqual([]);
    }
    expect(await silent.closed).toEqual(closeOf('silent'));
    expect(chatty.isOpen).toBe(true);
  });

  it('closes a socket whose access token expired, unless it re-authenticated with a new one', async () => {
    const { socket: stale } = await signedIn('clientdealer@arihant.demo');
    const { socket: renewed, tokens } = await signedIn('clientviewer@arihant.demo');
    // The session machine refreshes every 240 s; the access token lives 300 s.
    for (let elapsed = 0; elapsed < 240_000; elapsed += 10_000) {
      t.clock.advance(10_000);
      await Promise.all([stale.drain(), renewed.drain()]);
    }
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: tokens.refresh } });
    renewed.send({ type: 'auth', token: refreshed.json().access });
    expect(await renewed.drain()).toEqual([]);
    for (let elapsed = 240_000; elapsed < 300_000; elapsed += 10_000) {
      t.clock.advance(10_000);
      if (stale.isOpen) await stale.drain().catch(() => undefined);
      await renewed.drain();
    }
    t.clock.advance(10_000);
    expect(await stale.closed).toEqual(closeOf('tokenExpired'));
    expect(await renewed.drain()).toEqual([]);
  });

  it('disconnects the sockets of a session signed out within one heartbeat, not those of other sessions', async () => {
    const { socket: signedOut, tokens } = await signedIn('clientdealer@arihant.demo');
    const { socket: otherSession } = await signedIn('clientdealer@arihant.demo');
    expect((await t.app.inject({ method: 'POST', url: '/api/logout/', payload: { refresh: tokens.refresh } })).statusCode).toBeLessThan(
      300,
    );
    await signedOut.drain();
    t.clock.advance(10_000);
    expect(await signedOut.closed).toEqual(closeOf('sessionEnded'));
    expect(await otherSession.drain()).toEqual([]);
  });

  it('disconnects a session whose refresh token was reused (revoked family)', async () => {
    const { socket, tokens } = await signedIn('clientviewer@arihant.demo');
    const post = (refresh: string) => t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh } });
    await post(tokens.refresh);
    expect((await post(tokens.refresh)).statusCode).toBe(401);
    await socket.drain();
    t.clock.advance(10_000);
    expect(await socket.closed).toEqual(closeOf('sessionEnded'));
  });
});

describe('ws/trade/d/ carries committed events to the sockets allowed to see them', () => {
  it("a user's roles change: that user refreshes, their ops admin refetches the row, others and other clients get nothing", async () => {
    const { socket: target } = await signedIn('user@arihant.demo');
    const { socket: admin, tokens: adminTokens } = await signedIn('clientopsadmin@arihant.demo');
    const { socket: colleague } = await signedIn('clientdealer@arihant.demo');
    const { socket: otherClientAdmin } = await signedIn('clientopsadmin@vasuki.demo');
    const headers = bearer(adminTokens.access);
    const accounts = (await t.app.inject({ method: 'GET', url: '/api/useraccounts/?search=user%40arihant', headers })).json().results as {
      id: number;
      email: string;
    }[];
    const account = accounts.find((a) => a.email === 'user@arihant.demo')!;

    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/client/user/',
      headers,
      payload: { user_account_id: account.id, roles: ['user', 'clientdealer'] },
    });
    expect(res.statusCode).toBe(200);

    const toTarget = await target.next();
    expect(toTarget).toMatchObject({ type: 'refresh', reason: 'access_changed', event_id: expect.any(Number) });
    expect(await admin.next()).toEqual({
      type: 'partial_refresh',
      topic: 'users',
      ids: [String(account.id)],
      event_id: (toTarget as { event_id: number }).event_id,
    });
    // The hub sends an event to every socket in one pass, so anything for these would be ahead of the pong.
    expect(await colleague.drain()).toEqual([]);
    expect(await otherClientAdmin.drain()).toEqual([]);
    expect(await target.drain()).toEqual([]);
  });

  it("a quote posted by one firm's dealer reaches every firm's traders with its EOI id and never its client; a one-to-one quote only its two clients", async () => {
    const bond = await tradableBond(t.ctx.database.db);
    const [{ id: vasukiId }] = (await t.ctx.database.db.select({ id: clients.id }).from(clients).where(eq(clients.slug, 'vasuki'))) as [
      { id: number },
    ];
    const { socket: owner, tokens } = await signedIn('clientdealer@arihant.demo');
    const { socket: otherFirm } = await signedIn('clientdealer@vasuki.demo');
    const { socket: broker } = await signedIn('clientdealer@trishul.demo');
    const { socket: viewer } = await signedIn('clientviewer@vasuki.demo');
    const post = async (over: object) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/trade/eoi/',
        headers: bearer(tokens.access),
        payload: { finstrument_id: bond.id, quantum: bond.faceValue * 10, yield_stored: 0.0825, anonymous: true, ...over },
      });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { id: number }).id;
    };

    const bid = await post({});
    const toMarket = {
      type: 'updates',
      topic: 'eois',
      rows: [{ id: String(bid), finstrument_id: bond.id, quote_type: 'BID', status: 'live', revision: 0 }],
      event_id: expect.any(Number),
    };
    for (const trader of [otherFirm, broker, owner]) expect(await trader.next()).toEqual(toMarket);
    // Without client.can_trade there is no market to see.
    expect(await viewer.drain()).toEqual([]);

    const oneToOne = await post({ rfq_mode: 'OTO', oto_participant_details: { client_id: vasukiId } });
    const toRun = {
      type: 'updates',
      topic: 'runs',
      rows: [expect.objectContaining({ id: String(oneToOne) })],
      event_id: expect.any(Number),
    };
    expect(await otherFirm.next()).toEqual(toRun);
    expect(await owner.next()).toEqual(toRun);
    expect(await broker.drain()).toEqual([]);
    expect(await viewer.drain()).toEqual([]);
  });

  it("a disclosed one-to-one quote sends private_run to both clients' traders as it is sent, updated and withdrawn; a third client and a viewer get nothing", async () => {
    const bond = await tradableBond(t.ctx.database.db);
    const slugIds = await t.ctx.database.db.select({ id: clients.id, slug: clients.slug }).from(clients);
    const idOf = (slug: string) => slugIds.find((c) => c.slug === slug)!.id;
    const { socket: owner, tokens } = await signedIn('clientdealer@arihant.demo');
    const { socket: addressed } = await signedIn('clientdealer@vasuki.demo');
    const { socket: addressedViewer } = await signedIn('clientviewer@vasuki.demo');
    const { socket: thirdClient } = await signedIn('clientdealer@trishul.demo');
    const headers = bearer(tokens.access);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/trade/eoi/',
      headers,
      payload: {
        finstrument_id: bond.id,
        quantum: bond.faceValue * 10,
        yield_stored: 0.0825,
        rfq_mode: 'OTO',
        oto_participant_details: { client_id: idOf('vasuki') },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const runId = String(res.json().id);
    const notice = (action: string) => ({
      type: 'private_run',
      run_id: runId,
      action,
      sender_client_id: idOf('arihant'),
      event_id: expect.any(Number),
    });
    const row = { type: 'updates', topic: 'runs', rows: [expect.objectContaining({ id: runId })], event_id: expect.any(Number) };
    for (const trader of [addressed, owner]) expect([await trader.next(), await trader.next()]).toEqual([row, notice('sent')]);

    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/eoi/update/${runId}/`, headers, payload: { yield_stored: 0.083 } })).statusCode,
    ).toBe(200);
    for (const trader of [addressed, owner]) expect([await trader.next(), await trader.next()]).toEqual([row, notice('updated')]);
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/trade/d/eoi/${runId}/close/`, headers, payload: { confirm: true } })).statusCode,
    ).toBe(200);
    for (const trader of [addressed, owner]) expect([await trader.next(), await trader.next()]).toEqual([row, notice('withdrawn')]);

    expect(await thirdClient.drain()).toEqual([]);
    expect(await addressedViewer.drain()).toEqual([]);
    expect(await addressed.drain()).toEqual([]);
  });

  it("another client's compliance officer sees nothing; once that client is the venue operator, its compliance officer sees every client", async () => {
    const { tokens } = await signedIn('clientopsadmin@arihant.demo');
    const headers = bearer(tokens.access);
    const accounts = (await t.app.inject({ method: 'GET', url: '/api/useraccounts/?search=viewer', headers })).json().results as {
      id: number;
      email: string;
    }[];
    const viewer = accounts.find((a) => a.email === 'clientviewer@arihant.demo')!;
    const changeRoles = async (roles: string[]) => {
      expect(
        (await t.app.inject({ method: 'PUT', url: '/api/client/user/', headers, payload: { user_account_id: viewer.id, roles } }))
          .statusCode,
      ).toBe(200);
    };
    const { socket: ownCompliance } = await signedIn('complianceofficer@arihant.demo');
    const { socket: otherCompliance } = await signedIn('complianceofficer@vasuki.demo');

    await changeRoles(['clientviewer', 'user']);
    expect(await ownCompliance.next()).toMatchObject({ type: 'refresh', reason: 'access_changed' });
    expect(await ownCompliance.next()).toMatchObject({ type: 'partial_refresh', topic: 'users', ids: [String(viewer.id)] });
    expect(await otherCompliance.drain()).toEqual([]);

    await t.ctx.database.db.update(clients).set({ isOperator: true }).where(eq(clients.slug, 'vasuki'));
    const { socket: operatorCompliance } = await signedIn('complianceofficer@vasuki.demo');
    const { socket: operatorDealer } = await signedIn('clientdealer@vasuki.demo');
    await changeRoles(['clientviewer']);
    expect(await operatorCompliance.next()).toMatchObject({ type: 'refresh', reason: 'access_changed' });
    expect(await operatorCompliance.next()).toMatchObject({ type: 'partial_refresh', topic: 'users', ids: [String(viewer.id)] });
    expect(await operatorDealer.drain()).toEqual([]);
    await t.ctx.database.db.update(clients).set({ isOperator: false }).where(eq(clients.slug, 'vasuki'));
  });
  it("a negotiation reaches its two parties with the EOI and cluster ids and who acted, deal confirmed or rejected included; a third client's dealer only sees the quote's row move", async () => {
    const bond = await tradableBond(t.ctx.database.db);
    const { socket: owner, tokens: ownerTokens } = await signedIn('clientdealer@arihant.demo');
    const { socket: responder, tokens: responderTokens } = await signedIn('clientdealer@vasuki.demo');
    const { socket: third } = await signedIn('clientdealer@trishul.demo');
    const call = async (tokens: { access: string }, method: 'POST' | 'GET', url: string, payload?: object) => {
      const res = await t.app.inject({ method, url, headers: bearer(tokens.access), ...(payload && { payload }) });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json();
    };
    const quoteRow = (id: number, status: string) => ({
      type: 'updates',
      topic: 'eois',
      rows: [expect.objectContaining({ id: String(id), status })],
      event_id: expect.any(Number),
    });
    // Who acted travels with the note to the actor's own sockets only, so their page does not sound
    // for their own action and the other side never learns a user id behind the quote.
    const ownerUser = await call(ownerTokens, 'GET', '/api/session/');
    const responderUser = await call(responderTokens, 'GET', '/api/session/');
    const negotiate = async () => {
      const eoi = await call(ownerTokens, 'POST', '/api/trade/eoi/', {
        finstrument_id: bond.id,
        quantum: bond.faceValue * 10,
        yield_stored: 0.0825,
      });
      for (const s of [owner, responder, third]) expect(await s.next()).toEqual(quoteRow(eoi.id, 'live'));
      const cluster = await call(responderTokens, 'POST', '/api/eoi/add-negotiation/', { respond_eoi_id: eoi.id, unit_price_stored: 99.5 });
      const note = (action: string, actor: { user_info: { id: number } } | null) => ({
        type: 'rfq_negotiation',
        negotiation_id: String(cluster.id),
        eoi_id: String(eoi.id),
        action,
        ...(actor && { actor_user_id: String(actor.user_info.id) }),
        event_id: expect.any(Number),
      });
      expect(await owner.next()).toEqual(note('opened', null));
      expect(await responder.next()).toEqual(note('opened', responderUser));
      for (const s of [owner, responder]) expect(await s.next()).toEqual(quoteRow(eoi.id, 'negotiating'));
      expect(await third.drain()).toEqual([quoteRow(eoi.id, 'negotiating')]);
      return { eoi, cluster, note };
    };
    const accept = async (clusterId: number) => {
      const { figures } = await call(ownerTokens, 'GET', `/api/cluster/${clusterId}/?price`);
      await call(ownerTokens, 'POST', `/api/cluster/${clusterId}/accept/`, { ...figures, exchange: 'NSE' });
    };

    const confirmed = await negotiate();
    await accept(confirmed.cluster.id);
    for (const [s, actor] of [
      [owner, ownerUser],
      [responder, null],
    ] as const) {
      expect(await s.next()).toEqual(confirmed.note('accepted', actor));
      expect(await s.next()).toEqual(confirmed.note('confirmed', actor));
      expect(await s.next()).toEqual(quoteRow(confirmed.eoi.id, 'traded'));
      // The confirmed deal is booked as an order (issue #9): its row and each party's open orders count.
      expect(await s.next()).toEqual({ type: 'partial_refresh', topic: 'orders', ids: [expect.any(String)], event_id: expect.any(Number) });
      expect(await s.next()).toEqual({ type: 'open_orders_count', count: expect.any(Number), event_id: expect.any(Number) });
    }
    expect(await third.drain()).toEqual([quoteRow(confirmed.eoi.id, 'traded')]);

    const rejected = await negotiate();
    t.ctx.services.trading.exchanges.NSE.behave({ rejectWith: 'Counterparty limit exceeded', delayMs: 0 });
    try {
      await accept(rejected.cluster.id);
    } finally {
      t.ctx.services.trading.exchanges.NSE.behave({ rejectWith: null, delayMs: 0 });
    }
    for (const [s, actor] of [
      [owner, ownerUser],
      [responder, null],
    ] as const) {
      expect(await s.next()).toEqual(rejected.note('accepted', actor));
      expect(await s.next()).toEqual(rejected.note('rejected', actor));
      expect(await s.next()).toEqual(quoteRow(rejected.eoi.id, 'live'));
    }
    expect(await third.drain()).toEqual([quoteRow(rejected.eoi.id, 'live')]);
  });
});
