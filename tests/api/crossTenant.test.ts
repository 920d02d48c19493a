/**
 * A user of client A (arihant) cannot read or change any resource of client B (vasuki); a third
 * firm (Narmada Bank) cannot read or change what two other firms trade between them.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../../src/server/db/schema';
import { chatter, createChannel, send } from './helpers/chat';
import { multipartFile, PNG_BYTES } from './helpers/multipart';
import { bearer, signIn } from './helpers/signIn';
import { createTestApp, type TestApp } from './helpers/testApp';
import { quoteCalls, tradableBond, type BondRow } from './helpers/tradableBond';

let t: TestApp;
let a: Record<string, string>;
let b: Record<string, string>;
let bAccounts: { id: number; email: string; roles: string[]; status: string }[];
beforeAll(async () => {
  t = await createTestApp();
  a = bearer((await signIn(t.app, 'clientopsadmin@arihant.demo')).access);
  b = bearer((await signIn(t.app, 'clientopsadmin@vasuki.demo')).access);
  bAccounts = (await t.app.inject({ method: 'GET', url: '/api/useraccounts/', headers: b })).json().results;
});
afterAll(async () => {
  await t.close();
});

const inject = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload && { payload }) });

describe('cross-tenant isolation (arihant → vasuki)', () => {
  it("does not list B's user accounts, even when searching for them", async () => {
    const all = (await inject('GET', '/api/useraccounts/', a)).json().results as { email: string }[];
    expect(all.some((r) => r.email.endsWith('@vasuki.demo'))).toBe(false);
    expect((await inject('GET', '/api/useraccounts/?search=vasuki', a)).json().results).toEqual([]);
  });

  it("cannot change the roles of B's accounts: 404 and nothing changes", async () => {
    const target = bAccounts.find((r) => r.email === 'clientdealer@vasuki.demo')!;
    const res = await inject('PUT', '/api/client/user/', a, { user_account_id: target.id, roles: ['clientopsadmin', 'user'] });
    expect(res.statusCode).toBe(404);
    const after = (await inject('GET', '/api/useraccounts/', b)).json().results.find((r: { id: number }) => r.id === target.id);
    expect(after.roles).toEqual(target.roles);
  });

  it("cannot revoke B's invitations", async () => {
    const invited = await inject('POST', '/api/client/user/invite/', b, {
      email: 'new.hire@vasuki-wealth.in',
      first_name: 'New',
      last_name: 'Hire',
      roles: ['user'],
    });
    expect(invited.statusCode).toBe(200);
    const res = await inject('POST', '/api/client/user/invite/revoke/', a, { invitee_id: invited.json().id });
    expect(res.statusCode).toBe(404);
    const still = (await inject('GET', '/api/useraccounts/?search=new.hire', b)).json().results;
    expect(still).toEqual([expect.objectContaining({ status: 'invited' })]);
  });

  it("reads only its own client profile and cannot edit B's", async () => {
    expect((await inject('GET', '/api/client/', a)).json().slug).toBe('arihant');
    const [vasuki] = await t.ctx.database.db.select().from(clients).where(eq(clients.slug, 'vasuki'));
    const res = await inject('PUT', `/api/client/${vasuki!.id}/`, a, { name: 'Taken Over LLP', state: 'Goa' });
    expect(res.statusCode).toBe(404);
    expect((await inject('GET', '/api/client/', b)).json()).toMatchObject({ name: 'Vasuki Wealth Partners LLP', state: 'Karnataka' });
  });

  it("does not list B's requests", async () => {
    const filed = await inject('POST', '/api/requests/', bearer((await signIn(t.app, 'clientdealer@vasuki.demo')).access), {
      request_type: 'LIVE_MARKET_UPGRADE',
    });
    expect(filed.statusCode).toBe(200);
    const mine = (await inject('GET', '/api/requests/', a)).json().results as { id: number }[];
    expect(mine.map((r) => r.id)).not.toContain(filed.json().id);
    expect((await inject('GET', '/api/requests/', b)).json().results.map((r: { id: number }) => r.id)).toContain(filed.json().id);
  });

  it("does not see B's exchange credentials", async () => {
    await inject('POST', '/api/client/credentials/', b, {
      participant_code: 'VAS-ICCL-1',
      username: 'vasuki',
      password: 'Vasuki-Secret-1',
      corp: 'ICCL',
    });
    expect((await inject('GET', '/api/session/', a)).json()).toMatchObject({ iccl_credentials: false, iccl_name: null });
    expect((await inject('GET', '/api/session/', b)).json()).toMatchObject({ iccl_credentials: true, iccl_name: 'VAS-ICCL-1' });
  });
});

describe("a third firm and two firms' trading (arihant and vasuki → narmada-bank)", () => {
  let bond: BondRow;
  let arihant: Record<string, string>;
  let vasuki: Record<string, string>;
  let third: Record<string, string>;
  beforeAll(async () => {
    bond = await tradableBond(t.ctx.database.db);
    arihant = bearer((await signIn(t.app, 'clientdealer@arihant.demo')).access);
    vasuki = bearer((await signIn(t.app, 'clientdealer@vasuki.demo')).access);
    third = bearer((await signIn(t.app, 'harish.patel@narmada-bank.demo')).access);
  });
  const { create } = quoteCalls(
    () => t.app,
    () => bond,
  );
  /** Not found or forbidden (DESIGN §4): never the resource, never a change. */
  const refused = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) => {
    const res = await inject(method, url, third, payload);
    expect([403, 404], `${method} ${url}: ${res.body}`).toContain(res.statusCode);
  };
  const negotiation = async () => {
    const eoi = await create(arihant);
    const res = await inject('POST', '/api/eoi/add-negotiation/', vasuki, { respond_eoi_id: eoi.id, unit_price_stored: 99.5 });
    expect(res.statusCode, res.body).toBe(201);
    return { eoi, cluster: res.json() as { id: number } };
  };

  it("cannot change another firm's quote (EOI) or find it among its own", async () => {
    const eoi = await create(arihant);
    await refused('PUT', `/api/eoi/update/${eoi.id}/`, { yield_stored: 0.09 });
    await refused('POST', `/api/eoi/expire/${eoi.id}/`, {});
    await refused('PUT', `/api/trade/d/eoi/${eoi.id}/close/`, { confirm: true });
    const own = (await inject('GET', '/api/trade/eoi/', third)).json().results as { id: number }[];
    expect(own.map((q) => q.id)).not.toContain(eoi.id);
    const theirs = (await inject('GET', '/api/trade/eoi/', arihant)).json().results as {
      id: number;
      status: string;
      yield_stored: number;
    }[];
    expect(theirs.find((q) => q.id === eoi.id)).toMatchObject({ status: 'live', yield_stored: 0.0825 });
  });

  it("cannot read, counter, accept or broker another firm's negotiation", async () => {
    const { cluster } = await negotiation();
    await refused('GET', `/api/trade/cluster/${cluster.id}/`);
    await refused('GET', `/api/cluster/${cluster.id}/?price`);
    await refused('PUT', `/api/trade/cluster/${cluster.id}/`, { buyer_price: 99.6 });
    await refused('POST', `/api/cluster/${cluster.id}/accept/`, { exchange: 'NSE' });
    await refused('PATCH', `/api/trade/${cluster.id}/brokerage/`, { brokerage: 0.01 });
    const listed = (await inject('GET', '/api/trade/cluster/', third)).json();
    expect(JSON.stringify(listed)).not.toContain(`"id":${cluster.id},`);
    const owner = await inject('GET', `/api/trade/cluster/${cluster.id}/`, arihant);
    expect(owner.json()).toMatchObject({ id: cluster.id, status: 'withOwner' });
  });

  it("cannot read, answer, cancel, change or settle another firm's order, nor read its contract note", async () => {
    const me = async (headers: Record<string, string>) => (await inject('GET', '/api/client/', headers)).json().id as number;
    const reported = await inject('POST', '/api/orders/', arihant, {
      counterparty_client_id: await me(vasuki),
      finstrument_id: bond.id,
      quantity: bond.faceValue * 10,
      unit_price_stored: 99.25,
      trade_time: '10:50',
    });
    expect(reported.statusCode, reported.body).toBe(201);
    const order = reported.json() as { id: number };
    await refused('GET', `/api/orders/${order.id}/`);
    await refused('GET', `/api/orders/${order.id}/contract-note/`);
    await refused('PUT', `/api/procurement-orders/${order.id}/accept-reject/`, { reported_order_status: 'ACCEPTED' });
    await refused('POST', `/api/orders/${order.id}/cancel/`, {});
    await refused('PUT', `/api/orders/${order.id}/modify/`, { quantity: bond.faceValue });
    for (const family of ['orders', 'procurement-orders'])
      for (const decision of ['settle', 'cancel']) await refused('PATCH', `/api/${family}/settle-cancel/${order.id}/${decision}/`, {});
    const unified = (await inject('GET', '/api/orders/unified/', third)).json();
    expect(JSON.stringify(unified)).not.toContain(`"id":${order.id},`);
    expect((await inject('GET', `/api/orders/${order.id}/`, arihant)).json()).toMatchObject({
      id: order.id,
      quantity: bond.faceValue * 10,
    });
  });

  it("cannot read or write another firm's chat channel, its messages or its files", async () => {
    const [a, b, c] = [
      await chatter(t.app, 'clientopsadmin@arihant.demo'),
      await chatter(t.app, 'clientopsadmin@vasuki.demo'),
      await chatter(t.app, 'harish.patel@narmada-bank.demo'),
    ];
    const channel = await createChannel(a, { customType: 'direct', invitedUserIds: [b.userId] });
    await b.call('POST', `/api/chat/channels/${channel.url}/accept/`);
    const message = await send(a, channel.url, 'our price for the 2031s');
    for (const [method, url, payload] of [
      ['GET', `/api/chat/channels/${channel.url}/`],
      ['GET', `/api/chat/channels/${channel.url}/messages/`],
      ['POST', `/api/chat/channels/${channel.url}/messages/`, { reqId: 'x', message: 'let me in' }],
      ['POST', `/api/chat/channels/${channel.url}/accept/`],
      ['POST', `/api/chat/channels/${channel.url}/invite/`, { user_ids: [c.userId] }],
      ['PATCH', `/api/chat/channels/${channel.url}/`, { name: 'Taken over' }],
      ['GET', `/api/chat/files/${message.messageId}/`],
    ] as const) {
      const res = await c.call(method, url, payload);
      expect([403, 404], `${method} ${url}: ${res.body}`).toContain(res.statusCode);
    }
    const page = (await b.call('GET', `/api/chat/channels/${channel.url}/messages/`)).json();
    expect(JSON.stringify(page)).not.toContain('let me in');
  });

  it("does not list another firm's support tickets nor serve their files", async () => {
    const file = multipartFile('file', 'screen.png', 'image/png', PNG_BYTES);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/ext/public/upload/',
      payload: file.payload,
      headers: { ...arihant, ...file.headers },
    });
    const fileUrl = uploaded.json().file_url as string;
    const filed = await inject('POST', '/api/support/tickets/', arihant, {
      form_name: 'Ask a query',
      content: 'How is accrued interest computed?',
      ticket_type_id: 3,
      file_url: fileUrl,
    });
    expect(filed.statusCode, filed.body).toBeLessThan(300);
    await refused('GET', fileUrl);
    const listed = (await inject('GET', '/api/support/tickets/', third)).json().results as { id: number }[];
    expect(listed.map((r) => r.id)).not.toContain(filed.json().id);
    expect((await inject('GET', fileUrl, arihant)).statusCode).toBe(200);
  });
});
