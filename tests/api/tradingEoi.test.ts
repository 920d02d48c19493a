/** EOI create, update, expire, close and the quote lists: validation verbatim, engine pricing, tenancy, anonymity, the log. */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clients, eois, events, finstruments } from '../../src/server/db/schema';
import { cleanPriceOf } from './helpers/bondMath';
import { bearer, signIn } from './helpers/signIn';
import { createTestApp, type TestApp } from './helpers/testApp';
import { assertTradingInvariants } from './helpers/tradingInvariants';
import { quoteCalls, tradableBond } from './helpers/tradableBond';

let t: TestApp;
let dealerA: Record<string, string>;
let dealerB: Record<string, string>;
let viewerA: Record<string, string>;
let broker: Record<string, string>;
let bond: typeof finstruments.$inferSelect;
let vasukiId: number;

beforeAll(async () => {
  t = await createTestApp();
  dealerA = bearer((await signIn(t.app, 'clientdealer@arihant.demo')).access);
  dealerB = bearer((await signIn(t.app, 'clientdealer@vasuki.demo')).access);
  viewerA = bearer((await signIn(t.app, 'clientviewer@arihant.demo')).access);
  broker = bearer((await signIn(t.app, 'clientdealer@trishul.demo')).access);
  const db = t.ctx.database.db;
  bond = await tradableBond(db);
  [{ id: vasukiId }] = (await db.select({ id: clients.id }).from(clients).where(eq(clients.slug, 'vasuki'))) as [{ id: number }];
});
afterAll(async () => {
  await t.close();
});
// Every scenario leaves quotes, negotiations, deals and orders consistent (issue #27).
afterEach(() => assertTradingInvariants(t.ctx.database.db));

const { call, bid, create } = quoteCalls(
  () => t.app,
  () => bond,
);
const eventsOf = (id: number) =>
  t.ctx.database.db
    .select()
    .from(events)
    .where(and(eq(events.aggregateType, 'eoi'), eq(events.aggregateId, String(id))));
const rowCounts = async () => {
  const db = t.ctx.database.db;
  const [e] = await db.select({ n: count() }).from(eois);
  const [l] = await db.select({ n: count() }).from(events);
  return [e?.n, l?.n];
};

describe('POST api/trade/eoi/ (create)', () => {
  it('answers 201 with the EOI itself, live at once, priced by the engine for T+1, and logs it in the same write', async () => {
    const eoi = await create(dealerA);
    expect(eoi).toMatchObject({
      finstrument_id: bond.id,
      quote_type: 'BID',
      status: 'live',
      rfq_mode: 'OTM',
      anonymous: false,
      send_to_rfq: false,
      exchange: 'NSE',
      fixed_field: 'yield',
      yield_stored: 0.0825,
      settlement_date: '2026-11-23',
      settlement_delta: 1,
      is_mine: true,
      source: 'WEBSITE',
      open_negotiations: 0,
      revision: 0,
    });
    expect(eoi.unit_price_stored).toBe(Number(cleanPriceOf(bond, '2026-11-23', 0.0825).toFixed(4)));
    // No validity: 24 hours while the demo market is open at all hours.
    expect(eoi.expires_at).toBe('2026-11-21T05:30:00.000Z');
    const logged = await eventsOf(eoi.id);
    expect(logged.map((e) => [e.type, e.payload])).toEqual([
      [
        'eoi.created',
        {
          eoi_id: eoi.id,
          finstrument_id: bond.id,
          quote_type: 'BID',
          status: 'live',
          rfq_mode: 'OTM',
          oto_client_id: null,
          revision: 0,
        },
      ],
    ]);
  });

  it('computes the yield from a price, takes a settlement date, a validity and the other path api/eoi/add/', async () => {
    const res = await call(
      'POST',
      '/api/eoi/add/',
      dealerA,
      bid({ yield_stored: undefined, unit_price_stored: 99.5, quote_type: 'ASK', settlement: '2026-11-25', validity: 30 }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const eoi = res.json();
    expect(eoi).toMatchObject({
      quote_type: 'ASK',
      unit_price_stored: 99.5,
      fixed_field: 'price',
      settlement_date: '2026-11-25',
      settlement_delta: null,
      validity: 30,
    });
    expect(cleanPriceOf(bond, '2026-11-25', eoi.yield_stored)).toBeCloseTo(99.5, 3);
    expect(eoi.expires_at).toBe('2026-11-20T06:00:00.000Z');
  });

  it('checks the cross-field rules first, with the spec messages verbatim, and writes nothing', async () => {
    const before = await rowCounts();
    const cases: [object, string][] = [
      [{ settlement: '2026-11-25', settlement_delta: 1, quantum: 'x' }, 'Cannot provide both settlement date & delta'],
      [{ unit_price_stored: 100, yield_stored: 0.08, quantum: 0 }, 'Cannot provide both price and yield'],
      [{ yield_stored: undefined }, 'Provide a price or a yield'],
    ];
    for (const [over, message] of cases) {
      const res = await call('POST', '/api/trade/eoi/', dealerA, bid(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses bad fields with the spec messages and a quantum that is not whole bonds', async () => {
    const before = await rowCounts();
    const cases: [object, string, string][] = [
      [{ yield_stored: -0.01 }, 'yield_stored', 'Cannot be negative'],
      [{ yield_stored: 1.01 }, 'yield_stored', 'Yield above 100%'],
      [{ yield_stored: 0.0712345 }, 'yield_stored', 'Max 6 decimals'],
      [{ yield_stored: undefined, unit_price_stored: 250.01 }, 'unit_price_stored', 'Should be less than 250'],
      [{ yield_stored: undefined, unit_price_stored: 0 }, 'unit_price_stored', 'Cannot be zero'],
      [{ quantum: 0 }, 'quantum', 'Cannot be zero'],
      [{ quantum: -5 }, 'quantum', 'Cannot be negative'],
      [{ quantum: 10 ** 12 }, 'quantum', 'Max 12 digits'],
      [{ quantum: 1000.5 }, 'quantum', 'Should be whole number'],
      [{ quantum: undefined }, 'quantum', 'This field is required'],
      [{ quantum: bond.faceValue + 1 }, 'quantum', `Should be a multiple of ${new Intl.NumberFormat('en-IN').format(bond.faceValue)}`],
      [{ validity: 0 }, 'validity', 'Validity must be a whole number of minutes from 1 to 10,080'],
      [{ validity: 10_081 }, 'validity', 'Validity must be a whole number of minutes from 1 to 10,080'],
      [{ settlement_delta: 3 }, 'settlement_delta', 'Settlement delta must be 0, 1 or 2'],
      [{ settlement: '2026-11-22' }, 'settlement', 'Settlement date must be a business day'],
      [{ rfq_mode: 'OTO' }, 'oto_participant_details', 'Choose the client a one-to-one quote goes to'],
      [{ end_client_id: vasukiId }, 'end_client_id', 'Only a broker may quote for an end client'],
      [{ finstrument_id: 2 ** 31 - 1 }, 'finstrument_id', 'No such bond'],
    ];
    for (const [over, field, message] of cases) {
      const res = await call('POST', '/api/trade/eoi/', dealerA, bid(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().fields?.[field], JSON.stringify(over)).toBe(message);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('lets a broker quote on its own book but only for its own end clients', async () => {
    await create(broker);
    const res = await call('POST', '/api/trade/eoi/', broker, bid({ end_client_id: vasukiId }));
    expect([201, 400]).toContain(res.statusCode);
    if (res.statusCode === 400) expect(res.json().fields.end_client_id).toBe('This end client does not trade through you');
  });

  it('refuses users without trade access before reading the body', async () => {
    const res = await call('POST', '/api/trade/eoi/', viewerA, {});
    expect(res.statusCode).toBe(403);
  });
});

describe('visibility, anonymity and the order of checks', () => {
  it('never names the client of an anonymous quote to another client, and names it to its own', async () => {
    const eoi = await create(dealerA, { anonymous: true, quantum: bond.faceValue * 7 });
    const theirs = (await call('GET', `/api/trade/d/market/?search=${bond.isin}&page_size=100`, dealerB)).json();
    const seen = theirs.results.find((r: { id: number }) => r.id === eoi.id);
    expect(seen).toMatchObject({ id: eoi.id, anonymous: true, client: null, is_mine: false, end_client_id: null });
    expect(JSON.stringify(seen)).not.toContain('Arihant');
    const mine = (await call('GET', `/api/trade/d/market/?search=${bond.isin}&page_size=100&my_quotes=true`, dealerA)).json();
    expect(mine.results.find((r: { id: number }) => r.id === eoi.id).client.name).toMatch(/Arihant/);
    expect(JSON.stringify((await eventsOf(eoi.id)).map((e) => e.payload))).not.toMatch(/Arihant|"client"|"client_id"|"client_name"/);
  });

  it('shows a one-to-one quote to the addressed client in its private run and to nobody else', async () => {
    const eoi = await create(dealerA, { rfq_mode: 'OTO', oto_participant_details: { client_id: vasukiId } });
    const ids = async (url: string, headers: Record<string, string>) =>
      (await call('GET', url, headers)).json().results.map((r: { id: number }) => r.id);
    expect(await ids('/api/eoi/private-run/?page_size=100', dealerB)).toContain(eoi.id);
    expect(await ids('/api/eoi/private-run/?page_size=100', dealerA)).toContain(eoi.id);
    expect(await ids('/api/eoi/private-run/?page_size=100', broker)).not.toContain(eoi.id);
    expect(await ids('/api/trade/d/market/?page_size=100', dealerB)).not.toContain(eoi.id);
    // Another client that cannot see it gets 404; the addressed client sees it but may not act: 403.
    expect((await call('POST', `/api/eoi/expire/${eoi.id}/`, broker)).statusCode).toBe(404);
    expect((await call('POST', `/api/eoi/expire/${eoi.id}/`, dealerB)).statusCode).toBe(403);
  });

  it('answers 403 to another client acting on a visible quote before looking at the body, 404 for a quote nobody has', async () => {
    const eoi = await create(dealerA);
    const update = await call('PUT', `/api/eoi/update/${eoi.id}/`, dealerB, { quantum: 'nonsense' });
    expect(update.statusCode).toBe(403);
    expect(update.json().message).toBe('Only the client that posted this quote may change it.');
    expect((await call('PUT', `/api/trade/d/eoi/${eoi.id}/close/`, dealerB, {})).statusCode).toBe(403);
    expect((await call('POST', '/api/eoi/expire/999999/', dealerA)).statusCode).toBe(404);
    expect((await call('GET', `/api/trade/eoi/`, dealerA)).json().results[0].status).toBe('live');
  });
});

describe('update, expire and close follow the EOI lifecycle', () => {
  it('re-prices an update by the engine, moves the revision and logs it', async () => {
    const eoi = await create(dealerA);
    const res = await call('PUT', `/api/eoi/update/${eoi.id}/`, dealerA, {
      yield_stored: 0.09,
      settlement_delta: 2,
      quantum: bond.faceValue * 20,
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json();
    // 24 Nov 2026 is a settlement holiday (Guru Nanak Jayanti), so T+2 is the 25th.
    expect(updated).toMatchObject({
      id: eoi.id,
      yield_stored: 0.09,
      settlement_date: '2026-11-25',
      settlement_delta: 2,
      quantum: bond.faceValue * 20,
      revision: 1,
      status: 'live',
    });
    expect(updated.unit_price_stored).toBe(Number(cleanPriceOf(bond, '2026-11-25', 0.09).toFixed(4)));
    const bad = await call('PUT', `/api/eoi/update/${eoi.id}/`, dealerA, { unit_price_stored: 100, yield_stored: 0.08 });
    expect(bad.json().message).toBe('Cannot provide both price and yield');
    expect((await eventsOf(eoi.id)).map((e) => e.type)).toEqual(['eoi.created', 'eoi.updated']);
  });

  it('expires a live quote (no body, 2xx) and answers 409 on one that is not live', async () => {
    const eoi = await create(dealerA);
    const first = await call('POST', `/api/eoi/expire/${eoi.id}/`, dealerA);
    expect(first.statusCode).toBe(200);
    expect(first.json().status).toBe('expired');
    const again = await call('POST', `/api/eoi/expire/${eoi.id}/`, dealerA);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This quote is expired; only a live quote can be expired.');
    expect((await call('PUT', `/api/eoi/update/${eoi.id}/`, dealerA, { yield_stored: 0.08 })).statusCode).toBe(409);
    expect((await call('PUT', `/api/trade/d/eoi/${eoi.id}/close/`, dealerA, { confirm: true })).statusCode).toBe(409);
    const market = (await call('GET', '/api/trade/d/market/?page_size=100', dealerB)).json();
    expect(market.results.map((r: { id: number }) => r.id)).not.toContain(eoi.id);
    expect((await eventsOf(eoi.id)).map((e) => [e.type, (e.payload as { by?: string }).by])).toEqual([
      ['eoi.created', undefined],
      ['eoi.expired', 'owner'],
    ]);
  });

  it('closes a live quote only with confirmation', async () => {
    const eoi = await create(dealerA);
    const unconfirmed = await call('PUT', `/api/trade/d/eoi/${eoi.id}/close/`, dealerA, {});
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().fields.confirm).toBe('Please confirm closing this quote');
    const closed = await call('PUT', `/api/trade/d/eoi/${eoi.id}/close/`, dealerA, { confirm: true });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().status).toBe('closed');
    expect((await eventsOf(eoi.id)).map((e) => e.type)).toEqual(['eoi.created', 'eoi.closed']);
  });
});

describe('lists', () => {
  it('pages the market 1-based (default 20, at most 100) and searches by ISIN and issuer', async () => {
    for (let i = 0; i < 3; i++) await create(dealerB, { quantum: bond.faceValue * (i + 1) });
    const first = (await call('GET', '/api/trade/d/market/?page=1&page_size=2', dealerA)).json();
    expect(first).toMatchObject({ page: 1, page_size: 2, restriction: null });
    expect(first.results).toHaveLength(2);
    expect(first.count).toBeGreaterThanOrEqual(3);
    expect((await call('GET', '/api/trade/d/market/', dealerA)).json().page_size).toBe(20);
    expect((await call('GET', '/api/trade/d/market/?page_size=101', dealerA)).statusCode).toBe(400);
    expect((await call('GET', '/api/trade/d/market/?page=0', dealerA)).statusCode).toBe(400);
    const byIsin = (await call('GET', `/api/trade/d/market/?search=${bond.isin}&page_size=100`, dealerA)).json();
    expect(byIsin.results.length).toBeGreaterThan(0);
    expect(byIsin.results.every((r: { isin: string }) => r.isin === bond.isin)).toBe(true);
    const issuer = byIsin.results[0].issuer_name as string;
    const byIssuer = (
      await call('GET', `/api/trade/d/market/?search=${encodeURIComponent(issuer.slice(0, 8))}&page_size=100`, dealerA)
    ).json();
    expect(byIssuer.count).toBeGreaterThan(0);
    expect((await call('GET', '/api/trade/d/market/?search=no-such-bond-zzz', dealerA)).json().count).toBe(0);
  });

  it('is empty, with the restriction text, for a user without trade access', async () => {
    const res = (await call('GET', '/api/trade/d/market/', viewerA)).json();
    expect(res).toMatchObject({
      results: [],
      count: 0,
      restriction: 'Trading needs trade access. Ask your OpsAdmin to request access to trade.',
    });
    expect((await call('GET', '/api/eoi/private-run/', viewerA)).json().results).toEqual([]);
  });

  it("lists the caller's client's quotes, filtered by side and bond", async () => {
    const mine = (await call('GET', `/api/trade/eoi/?quote_type=ASK&finstrument_data__finstrument_id=${bond.id}`, dealerA)).json().results;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((r: { quote_type: string; is_mine: boolean }) => r.quote_type === 'ASK' && r.is_mine)).toBe(true);
    // The viewer of the same client reads them too.
    expect((await call('GET', '/api/trade/eoi/', viewerA)).json().results.length).toBeGreaterThan(0);
  });
});

describe('market hours', () => {
  it('outside RFQ hours with MARKET_HOURS=real: lists are empty with the text, a new quote is refused, and a quote lives to the session end', async () => {
    const real = await createTestApp({ MARKET_HOURS: 'real' });
    try {
      const headers = bearer((await signIn(real.app, 'clientdealer@arihant.demo')).access);
      const open = await real.app.inject({ method: 'POST', url: '/api/trade/eoi/', headers, payload: bid() });
      expect(open.statusCode, open.body).toBe(201);
      expect(open.json().expires_at).toBe('2026-11-20T11:30:00.000Z'); // 17:00 IST
      real.clock.set('2026-11-20T12:00:00.000Z'); // 17:30 IST
      const later = bearer((await signIn(real.app, 'clientdealer@arihant.demo')).access);
      const list = (await real.app.inject({ method: 'GET', url: '/api/trade/d/market/', headers: later })).json();
      expect(list).toMatchObject({
        results: [],
        restriction: 'The RFQ market is closed. Trading hours are 09:00 to 17:00 IST on business days.',
      });
      const closed = await real.app.inject({ method: 'POST', url: '/api/trade/eoi/', headers: later, payload: bid() });
      expect(closed.statusCode).toBe(409);
      expect(closed.json().message).toBe('The RFQ market is closed. Trading hours are 09:00 to 17:00 IST on business days.');
      const timings = (await real.app.inject({ method: 'GET', url: '/api/trade/timings', headers: later })).json();
      expect(timings).toMatchObject({ market_hours: 'real', is_open: false, can_trade: true, restriction: list.restriction });
    } finally {
      await real.close();
    }
  });
});

describe('replace and close all', () => {
  it('a new quote can replace a live one of the same client, which ends as replaced', async () => {
    const old = await create(dealerA);
    const fresh = await create(dealerA, { replaces: old.id, yield_stored: 0.083 });
    const mine = (await call('GET', '/api/trade/eoi/', dealerA)).json().results;
    expect(mine.find((r: { id: number }) => r.id === old.id).status).toBe('replaced');
    expect(mine.find((r: { id: number }) => r.id === fresh.id).status).toBe('live');
    expect((await eventsOf(old.id)).map((e) => [e.type, (e.payload as { replaced_by?: number }).replaced_by])).toEqual([
      ['eoi.created', undefined],
      ['eoi.replaced', fresh.id],
    ]);
    // Replacing it again is refused and nothing is written.
    const before = await rowCounts();
    const again = await call('POST', '/api/trade/eoi/', dealerA, bid({ replaces: old.id }));
    expect(again.statusCode).toBe(409);
    expect(await rowCounts()).toEqual(before);
    // Another client's quote cannot be replaced.
    const theirs = await create(dealerB);
    expect((await call('POST', '/api/trade/eoi/', dealerA, bid({ replaces: theirs.id }))).statusCode).toBe(403);
  });

  it("closes every live quote of the caller's client, or the listed ones, after confirmation", async () => {
    const [a, b] = [await create(dealerB), await create(dealerB)];
    const theirs = await create(dealerA);
    expect((await call('PUT', '/api/trade/d/eoi/close/', dealerB, {})).json().fields.confirm).toBe('Please confirm closing this quote');
    const one = (await call('PUT', '/api/trade/d/eoi/close/', dealerB, { confirm: true, eoi_ids: [a.id, theirs.id] })).json();
    expect(one.closed).toEqual([a.id]);
    const all = (await call('PUT', '/api/trade/d/eoi/close/', dealerB, { confirm: true })).json();
    expect(all.closed).toContain(b.id);
    const left = (await call('GET', '/api/trade/eoi/', dealerB)).json().results.filter((r: { status: string }) => r.status === 'live');
    expect(left).toEqual([]);
    expect((await call('GET', '/api/trade/eoi/', dealerA)).json().results.find((r: { id: number }) => r.id === theirs.id).status).toBe(
      'live',
    );
  });
});
