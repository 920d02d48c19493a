/**
 * Who receives which live message, end to end on real sockets: every trading rule of the live feed
 * (quote rows, private runs, price overrides, negotiations, orders and open-order counts) sent to the
 * market, to one client and anonymously, against the seats around a quote. A row of the table names
 * what each seat receives; a seat left out of a row receives nothing. A firm's own seats all see its
 * private runs; only the addressed firm's traders see them elsewhere, and the venue operator's
 * compliance officer sees every firm.
 */
import { eq, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, events } from '../../src/server/db/schema';
import { createRedisBus } from '../../src/server/events/bus';
import type { LiveServerMessage } from '../../src/shared/contracts/live';
import { LiveSocket, liveUrl } from './helpers/liveSocket';
import { bearer, signIn } from './helpers/signIn';
import { createTestApp, type TestApp } from './helpers/testApp';
import { tradableBond, type BondRow } from './helpers/tradableBond';

let t: TestApp;
let bond: BondRow;
const redisUrl = process.env.TEST_REDIS_URL;

// The quote's firm (Arihant) addresses Trishul; Vasuki is the third firm; Suraksha Life runs the venue.
const SEATS = {
  poster: 'clientdealer@arihant.demo',
  posterViewer: 'clientviewer@arihant.demo',
  posterCompliance: 'complianceofficer@arihant.demo',
  addressed: 'clientdealer@trishul.demo',
  thirdDealer: 'clientdealer@vasuki.demo',
  thirdViewer: 'clientviewer@vasuki.demo',
  thirdCompliance: 'complianceofficer@vasuki.demo',
  operatorCompliance: 'gaurav.saxena@suraksha-life.demo',
} as const;
type Seat = keyof typeof SEATS;
const sockets = {} as Record<Seat, LiveSocket>;
const tokens = {} as Record<Seat | 'overrider', string>;
const clientIds: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({}, redisUrl ? await createRedisBus(redisUrl, `kosh-visibility-${process.pid}-${Date.now()}:`) : undefined);
  bond = await tradableBond(t.ctx.database.db);
  for (const c of await t.ctx.database.db.select({ id: clients.id, slug: clients.slug }).from(clients)) clientIds[c.slug] = c.id;
  await t.ctx.database.db.update(clients).set({ isOperator: true }).where(eq(clients.slug, 'suraksha-life'));
  const url = await liveUrl(t.app);
  for (const [seat, email] of Object.entries(SEATS) as [Seat, string][]) {
    tokens[seat] = (await signIn(t.app, email)).access;
    sockets[seat] = await LiveSocket.signedIn(url, tokens[seat]);
  }
  tokens.overrider = (await signIn(t.app, 'priceoverride@arihant.demo')).access;
});
afterAll(async () => {
  for (const socket of Object.values(sockets)) socket.close();
  await t.close();
});

async function call(token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const res = await t.app.inject({ method, url, headers: bearer(token), ...(payload && { payload }) });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}

/** What a message is, without its ids: the unit of the table. */
function kindOf(message: LiveServerMessage): string {
  if (message.type === 'updates' || message.type === 'partial_refresh') return `${message.type}:${message.topic}`;
  return message.type;
}

/**
 * Runs `action`, then reads every seat's messages up to the last event it wrote. The venue
 * operator's compliance officer sees every event here, and the hub sends an event to all sockets in
 * one pass, in log order: once they have the last event, anything for another seat is ahead of its pong.
 */
async function received(action: () => Promise<unknown>): Promise<Partial<Record<Seat, string[]>>> {
  await action();
  const [{ last }] = (await t.ctx.database.db.select({ last: max(events.id) }).from(events)) as [{ last: number }];
  const witness: LiveServerMessage[] = [];
  for (let m = await sockets.operatorCompliance.next(); ; m = await sockets.operatorCompliance.next()) {
    witness.push(m);
    if ('event_id' in m && (m.event_id ?? 0) >= last) break;
  }
  const table: Partial<Record<Seat, string[]>> = {};
  for (const seat of Object.keys(SEATS) as Seat[]) {
    const messages = seat === 'operatorCompliance' ? [...witness, ...(await sockets[seat].drain())] : await sockets[seat].drain();
    if (messages.length > 0) table[seat] = [...new Set(messages.map(kindOf))].sort();
  }
  return table;
}

const quote = (token: string, over: object = {}) =>
  call(token, 'POST', '/api/trade/eoi/', { finstrument_id: bond.id, quantum: bond.faceValue * 10, yield_stored: 0.0825, ...over });
const toTrishul = () => ({ rfq_mode: 'OTO', oto_participant_details: { client_id: clientIds.trishul } });
const respond = (eoiId: number) =>
  call(tokens.addressed, 'POST', '/api/eoi/add-negotiation/', { respond_eoi_id: eoiId, unit_price_stored: 99.5 });
const accept = async (clusterId: number) => {
  const { figures } = await call(tokens.poster, 'GET', `/api/cluster/${clusterId}/?price`);
  await call(tokens.poster, 'POST', `/api/cluster/${clusterId}/accept/`, { ...figures, exchange: 'NSE' });
};

const MARKET_ROW = ['updates:eois'];
const EVERY_TRADER = { poster: MARKET_ROW, addressed: MARKET_ROW, thirdDealer: MARKET_ROW, operatorCompliance: MARKET_ROW };
const { thirdDealer: _, ...EVERY_TRADER_BUT_THIRD } = EVERY_TRADER;
const RUN_ROW = ['updates:runs'];
const RUN_WITH_NOTICE = ['private_run', 'updates:runs'];
const OVERRIDE = ['price_override', 'updates:eois'];
const RUN_OVERRIDE = ['price_override', 'private_run', 'updates:runs'];
const NEGOTIATION = ['rfq_negotiation'];
const NEGOTIATION_AND_ROW = ['rfq_negotiation', 'updates:eois'];
const NEGOTIATION_AND_RUN = ['rfq_negotiation', 'updates:runs'];
const DEAL = ['open_orders_count', 'partial_refresh:orders', 'rfq_negotiation'];

/** One row per rule × audience: what each seat receives. */
const TABLE: { rule: string; action: () => Promise<unknown>; expected: Partial<Record<Seat, string[]>> }[] = [
  { rule: 'a quote to the market', action: () => quote(tokens.poster, { anonymous: false }), expected: EVERY_TRADER },
  { rule: 'an anonymous quote to the market', action: () => quote(tokens.poster, { anonymous: true }), expected: EVERY_TRADER },
  {
    rule: 'a quote to one client',
    action: () => quote(tokens.poster, { ...toTrishul(), anonymous: false }),
    expected: {
      poster: RUN_WITH_NOTICE,
      posterViewer: RUN_WITH_NOTICE,
      posterCompliance: RUN_WITH_NOTICE,
      addressed: RUN_WITH_NOTICE,
      operatorCompliance: RUN_WITH_NOTICE,
    },
  },
  {
    // The notice names the sender, so an anonymous run's addressee sees only its row.
    rule: 'an anonymous quote to one client',
    action: () => quote(tokens.poster, { ...toTrishul(), anonymous: true }),
    expected: {
      poster: RUN_WITH_NOTICE,
      posterViewer: RUN_WITH_NOTICE,
      posterCompliance: RUN_WITH_NOTICE,
      addressed: RUN_ROW,
      operatorCompliance: RUN_WITH_NOTICE,
    },
  },
  {
    rule: 'a price override to the market',
    action: () => quote(tokens.overrider, { override_price: 97.5 }),
    expected: { poster: OVERRIDE, addressed: OVERRIDE, thirdDealer: OVERRIDE, operatorCompliance: OVERRIDE },
  },
  {
    rule: 'a price override to one client',
    action: () => quote(tokens.overrider, { ...toTrishul(), anonymous: false, override_price: 97.5 }),
    expected: {
      poster: RUN_OVERRIDE,
      posterViewer: RUN_OVERRIDE,
      posterCompliance: RUN_OVERRIDE,
      addressed: RUN_OVERRIDE,
      operatorCompliance: RUN_OVERRIDE,
    },
  },
  {
    rule: "a negotiation on a market quote (the quote's row moves for the market)",
    action: async () => {
      const eoi = await quote(tokens.poster);
      await received(async () => undefined);
      return respond(eoi.id);
    },
    expected: {
      poster: NEGOTIATION_AND_ROW,
      posterViewer: NEGOTIATION,
      posterCompliance: NEGOTIATION,
      addressed: NEGOTIATION_AND_ROW,
      thirdDealer: MARKET_ROW,
      operatorCompliance: NEGOTIATION_AND_ROW,
    },
  },
  {
    rule: 'a negotiation on a quote to one client',
    action: async () => {
      const eoi = await quote(tokens.poster, toTrishul());
      await received(async () => undefined);
      return respond(eoi.id);
    },
    expected: {
      poster: NEGOTIATION_AND_RUN,
      posterViewer: NEGOTIATION_AND_RUN,
      posterCompliance: NEGOTIATION_AND_RUN,
      addressed: NEGOTIATION_AND_RUN,
      operatorCompliance: NEGOTIATION_AND_RUN,
    },
  },
  {
    rule: 'a deal on a quote to one client, booked as an order',
    action: async () => {
      const eoi = await quote(tokens.poster, toTrishul());
      const cluster = await respond(eoi.id);
      await received(async () => undefined);
      return accept(cluster.id);
    },
    expected: {
      poster: [...DEAL, 'updates:runs'].sort(),
      posterViewer: [...DEAL, 'updates:runs'].sort(),
      posterCompliance: [...DEAL, 'updates:runs'].sort(),
      addressed: [...DEAL, 'updates:runs'].sort(),
      // The open orders count is each firm's own figure, not the operator's.
      operatorCompliance: ['partial_refresh:orders', 'rfq_negotiation', 'updates:runs'],
    },
  },
];

describe('who receives which live message', () => {
  it.each(TABLE)('$rule', async ({ action, expected }) => {
    expect(await received(action)).toEqual(expected);
  });
});

describe('a role change on an open socket', () => {
  it('a dealer made a viewer stops receiving the market at once, without reconnecting, and gets what a viewer gets; made a dealer again, gets it back', async () => {
    const admin = (await signIn(t.app, 'clientopsadmin@vasuki.demo')).access;
    const accounts = (await call(admin, 'GET', '/api/useraccounts/?search=clientdealer%40vasuki')).results as {
      id: number;
      email: string;
    }[];
    const dealerAccount = accounts.find((a) => a.email === SEATS.thirdDealer)!;
    const setRoles = (roles: string[]) => call(admin, 'PUT', '/api/client/user/', { user_account_id: dealerAccount.id, roles });
    const vasukiTrader = (await signIn(t.app, 'priceoverride@vasuki.demo')).access;

    expect((await received(() => setRoles(['clientviewer']))).thirdDealer).toEqual(['refresh']);
    expect(await received(() => quote(tokens.poster))).toEqual(EVERY_TRADER_BUT_THIRD);
    // The old access token carries no roles of its own: the demoted user cannot trade with it either.
    const refused = await t.app.inject({ method: 'POST', url: '/api/trade/eoi/', headers: bearer(tokens.thirdDealer), payload: {} });
    expect(refused.statusCode).toBe(403);

    // Their firm's negotiation still reaches them, as it reaches the firm's viewer.
    const eoi = await quote(tokens.poster);
    await received(async () => undefined);
    const negotiation = await received(() =>
      call(vasukiTrader, 'POST', '/api/eoi/add-negotiation/', { respond_eoi_id: eoi.id, unit_price_stored: 99.5 }),
    );
    expect(negotiation.thirdDealer).toEqual(NEGOTIATION);
    expect(negotiation.thirdViewer).toEqual(NEGOTIATION);

    expect((await received(() => setRoles(['clientdealer', 'user']))).thirdDealer).toEqual(['refresh']);
    expect(await received(() => quote(tokens.poster))).toEqual(EVERY_TRADER);
  });
});
