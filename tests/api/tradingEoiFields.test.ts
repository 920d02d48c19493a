/**
 * The EOI create payload's further fields (spec 01 §3): mandate and absolute expiry, clearing
 * corporation, the flags, yield type to a call or put, origin trade, quoting for another trader,
 * price_overridden; and the broker recorded on close. Each rule answers its exact message and writes nothing.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clients, eois, events, finstruments, orders, userAccounts, users } from '../../src/server/db/schema';
import { multipartFile } from './helpers/multipart';
import { bearer, signIn } from './helpers/signIn';
import { createTestApp, type TestApp } from './helpers/testApp';
import { assertTradingInvariants } from './helpers/tradingInvariants';
import { quoteCalls, tradableBond } from './helpers/tradableBond';

let t: TestApp;
let dealerA: Record<string, string>;
let dealerB: Record<string, string>;
let overrider: Record<string, string>;
let bond: typeof finstruments.$inferSelect;
const ids: Record<string, number> = {};

const accountOf = async (email: string) => {
  const [row] = await t.ctx.database.db
    .select({ id: userAccounts.id })
    .from(userAccounts)
    .innerJoin(users, eq(users.id, userAccounts.userId))
    .where(eq(users.email, email));
  if (!row) throw new Error(`no account for ${email}`);
  return row.id;
};

beforeAll(async () => {
  t = await createTestApp();
  dealerA = bearer((await signIn(t.app, 'clientdealer@arihant.demo')).access);
  dealerB = bearer((await signIn(t.app, 'clientdealer@vasuki.demo')).access);
  overrider = bearer((await signIn(t.app, 'priceoverride@arihant.demo')).access);
  const db = t.ctx.database.db;
  bond = await tradableBond(db);
  for (const slug of ['arihant', 'vasuki', 'trishul']) {
    const [row] = await db.select({ id: clients.id }).from(clients).where(eq(clients.slug, slug));
    ids[slug] = row!.id;
  }
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
const inMinutes = (minutes: number) => new Date(t.clock.now().getTime() + minutes * 60_000).toISOString();
const rowCounts = async () => {
  const db = t.ctx.database.db;
  const [e] = await db.select({ n: count() }).from(eois);
  const [l] = await db.select({ n: count() }).from(events);
  return [e?.n, l?.n];
};
/** Each case answers `status` with `message` and writes neither a quote nor an event. */
async function refuses(headers: Record<string, string>, cases: [object, number, string][]) {
  const before = await rowCounts();
  for (const [over, status, message] of cases) {
    const res = await call('POST', '/api/trade/eoi/', headers, bid(over));
    expect([res.statusCode, res.json().message], JSON.stringify(over)).toEqual([status, message]);
  }
  expect(await rowCounts()).toEqual(before);
}

describe('EOI create: the further fields', () => {
  it('defaults the flags and returns them; the poster alone sees its own bookkeeping', async () => {
    const eoi = await create(dealerA);
    expect(eoi).toMatchObject({
      source: 'WEBSITE',
      state: 'DEFAULT',
      whatsapp_consent: false,
      is_best: false,
      yield_type: 'YTM',
      clearing_corporation: 'NSCCL',
      mandate_expires_at: null,
      origin_trade: null,
      user_account_id: await accountOf('clientdealer@arihant.demo'),
    });
    const marked = await create(dealerA, {
      is_best: true,
      whatsapp_consent: true,
      state: 'HOLD',
      source: 'BONDCENTER',
      fixed_field: 'YIELD',
    });
    expect(marked).toMatchObject({ is_best: true, whatsapp_consent: true, state: 'HOLD', source: 'BONDCENTER', fixed_field: 'yield' });
    const seen = (await call('GET', '/api/trade/d/market/?page_size=100', dealerB))
      .json()
      .results.find((r: { id: number }) => r.id === marked.id);
    expect(seen).toMatchObject({ is_best: true, whatsapp_consent: false, state: null, user_account_id: null, mandate_expires_at: null });
  });

  it('refuses an unknown source and a fixed field other than the one given', async () => {
    await refuses(dealerA, [
      [{ source: 'FAX' }, 400, 'Invalid option: expected one of "WEBSITE"|"BONDCENTER"|"SIMULATOR"'],
      [{ fixed_field: 'PRICE' }, 400, 'The fixed field must be the one you gave: PRICE with a price, YIELD with a yield'],
      [
        { yield_stored: undefined, unit_price_stored: 99.5, fixed_field: 'YIELD' },
        400,
        'The fixed field must be the one you gave: PRICE with a price, YIELD with a yield',
      ],
    ]);
  });

  it('takes an absolute expiry instead of a validity, within the same bounds', async () => {
    const eoi = await create(dealerA, { expiry_date_stored: inMinutes(90) });
    expect([eoi.expires_at, eoi.validity]).toEqual([inMinutes(90), null]);
    await refuses(dealerA, [
      [{ validity: 30, expiry_date_stored: inMinutes(90), quantum: 'x' }, 400, 'Cannot provide both validity & expiry date'],
      [{ expiry_date_stored: inMinutes(-5) }, 400, 'The expiry date must be 1 minute to 7 days from now'],
      [{ expiry_date_stored: inMinutes(10_081) }, 400, 'The expiry date must be 1 minute to 7 days from now'],
    ]);
  });

  it('picks the exchange from the clearing corporation, which must agree with the exchange and be allowed', async () => {
    const [arihant] = await t.ctx.database.db
      .select({ allowed: clients.allowedExchanges })
      .from(clients)
      .where(eq(clients.id, ids.arihant!));
    expect(arihant?.allowed).toContain('NSCCL');
    expect((await create(dealerA, { clearing_corporation: 'NSCCL' })).exchange).toBe('NSE');
    const cases: [object, number, string][] = [
      [
        { clearing_corporation: 'ICCL', exchange: 'NSE' },
        400,
        'NSE settles through NSCCL and BSE through ICCL: choose the matching exchange and clearing corporation',
      ],
    ];
    await t.ctx.database.db
      .update(clients)
      .set({ allowedExchanges: ['NSCCL'] })
      .where(eq(clients.id, ids.arihant!));
    try {
      cases.push([{ clearing_corporation: 'ICCL' }, 400, 'Your client may not trade on this RFQ platform']);
      await refuses(dealerA, cases);
    } finally {
      await t.ctx.database.db.update(clients).set({ allowedExchanges: arihant!.allowed }).where(eq(clients.id, ids.arihant!));
    }
  });

  it('prices a yield to the next call or put (YTC / YTP) and refuses a bond without one', async () => {
    const db = t.ctx.database.db;
    await refuses(dealerA, [
      [{ yield_type: 'YTC' }, 400, 'This bond has no call date'],
      [{ yield_type: 'YTP' }, 400, 'This bond has no put date'],
    ]);
    const yearsBefore = (n: number) => `${Number(bond.maturityDate!.slice(0, 4)) - n}${bond.maturityDate!.slice(4)}`;
    await db
      .update(finstruments)
      .set({ callSchedule: [{ date: yearsBefore(1), price: 101 }] })
      .where(eq(finstruments.id, bond.id));
    const noPut = await call('POST', '/api/trade/eoi/', dealerA, bid({ yield_type: 'YTP' }));
    expect(noPut.json().message).toBe('This bond has no put date');
    // A put before the call: the engine's own redemption date (YTM) is then the put; YTC prices to the later call.
    await db
      .update(finstruments)
      .set({ putSchedule: [{ date: yearsBefore(2), price: 100 }] })
      .where(eq(finstruments.id, bond.id));
    try {
      const [ytm, ytc, ytp] = [
        await create(dealerA),
        await create(dealerA, { yield_type: 'YTC' }),
        await create(dealerA, { yield_type: 'YTP' }),
      ];
      expect([ytm.yield_type, ytc.yield_type, ytp.yield_type]).toEqual(['YTM', 'YTC', 'YTP']);
      expect(ytp.unit_price_stored).toBe(ytm.unit_price_stored);
      expect(ytc.unit_price_stored).not.toBe(ytm.unit_price_stored);
      expect([ytm.yield_stored, ytc.yield_stored]).toEqual([0.0825, 0.0825]);
    } finally {
      await db.update(finstruments).set({ callSchedule: [], putSchedule: [] }).where(eq(finstruments.id, bond.id));
    }
  });

  it("re-offers an order of the caller's own client, and refuses another client's or an unknown one", async () => {
    const db = t.ctx.database.db;
    const now = t.clock.now();
    const order = (buyer: number, seller: number) =>
      db
        .insert(orders)
        .values({
          finstrumentId: bond.id,
          buyerClientId: buyer,
          sellerClientId: seller,
          reporterClientId: buyer,
          quantity: bond.faceValue,
          unitPrice: '100.0000',
          yield: '0.080000',
          tradedAt: now,
          settlementDate: '2026-11-23',
          principal: '1000.00',
          accruedInterest: '0.00',
          consideration: '1000.00',
          stampDuty: '0.00',
          exchange: 'NSE',
          status: 'accepted',
          machineState: 'accepted',
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: orders.id });
    const [mine] = await order(ids.arihant!, ids.vasuki!);
    const [theirs] = await order(ids.vasuki!, ids.trishul!);
    expect((await create(dealerA, { origin_trade: mine!.id })).origin_trade).toBe(mine!.id);
    await refuses(dealerA, [
      [{ origin_trade: theirs!.id }, 400, 'No such trade of your client'],
      [{ origin_trade: 999_999 }, 400, 'No such trade of your client'],
    ]);
  });

  it('quotes for another trading user of the same client, never for a viewer or another client', async () => {
    const overriderId = await accountOf('priceoverride@arihant.demo');
    const eoi = await create(dealerA, { user_account_id: overriderId });
    expect(eoi.user_account_id).toBe(overriderId);
    const [row] = await t.ctx.database.db.select({ owner: eois.userAccountId }).from(eois).where(eq(eois.id, eoi.id));
    expect(row?.owner).toBe(overriderId);
    await refuses(dealerA, [
      [{ user_account_id: await accountOf('clientviewer@arihant.demo') }, 403, 'Quote for a user of your own client who may trade'],
      [{ user_account_id: await accountOf('clientdealer@vasuki.demo') }, 403, 'Quote for a user of your own client who may trade'],
    ]);
  });

  it('price_overridden is for price-override users only, with the price in override_price', async () => {
    await refuses(dealerA, [
      [{ price_overridden: true, override_price: 99 }, 403, "Only a price-override user may quote at a price other than the engine's"],
    ]);
    await refuses(overrider, [[{ price_overridden: true }, 400, 'A price override needs the price in override_price']]);
    const eoi = await create(overrider, { price_overridden: true, override_price: 97.5 });
    expect([eoi.price_overridden, eoi.unit_price_stored]).toEqual([true, 97.5]);
  });
});

describe('POST api/eoi/upload/ with the further columns', () => {
  const upload = (csv: string) => {
    const body = multipartFile('file', 'quotes.csv', 'text/csv', Buffer.from(csv));
    return t.app.inject({ method: 'POST', url: '/api/eoi/upload/', headers: { ...dealerA, ...body.headers }, payload: body.payload });
  };

  it('reads the flags, codes in any case and instants, and reports a bad one on its row', async () => {
    const mandate = inMinutes(20);
    const res = await upload(
      [
        'isin,quantum,yield_stored,is_best,whatsapp_consent,clearing_corporation,yield_type,fixed_field,mandate_expires_at,state',
        `${bond.isin},${bond.faceValue * 2},0.081,yes,1,nsccl,ytm,yield,${mandate},hold`,
        `${bond.isin},${bond.faceValue * 2},0.081,,,,,,,`,
      ].join('\n'),
    );
    expect(res.statusCode, res.body).toBe(201);
    const [first, second] = res.json().created;
    expect(first).toMatchObject({
      is_best: true,
      whatsapp_consent: true,
      exchange: 'NSE',
      yield_type: 'YTM',
      mandate_expires_at: mandate,
      expires_at: mandate,
      state: 'HOLD',
    });
    expect(second).toMatchObject({ is_best: false, whatsapp_consent: false, state: 'DEFAULT' });

    const before = await rowCounts();
    const bad = await upload(
      [
        'isin,quantum,yield_stored,yield_type,validity,expiry_date_stored',
        `${bond.isin},${bond.faceValue * 2},0.081,YTC,,`,
        `${bond.isin},${bond.faceValue * 2},0.081,,30,${inMinutes(60)}`,
      ].join('\n'),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      'rows.1.yield_type': 'This bond has no call date',
      'rows.2.non_field_errors': 'Cannot provide both validity & expiry date',
    });
    expect(await rowCounts()).toEqual(before);
  });
});

describe('PUT api/trade/d/eoi/{id}/close/ with broker_id', () => {
  it("records the client's broker that closed it in the event, and refuses a broker the client does not trade through", async () => {
    const refused = await create(dealerA);
    const bad = await call('PUT', `/api/trade/d/eoi/${refused.id}/close/`, dealerA, { confirm: true, broker_id: ids.vasuki });
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'This broker does not act for your client']);
    const [still] = await t.ctx.database.db.select({ status: eois.status }).from(eois).where(eq(eois.id, refused.id));
    expect(still?.status).toBe('live');

    const closed = await call('PUT', `/api/trade/d/eoi/${refused.id}/close/`, dealerA, { confirm: true, broker_id: ids.trishul });
    expect([closed.statusCode, closed.json().status]).toEqual([200, 'closed']);
    const [logged] = await t.ctx.database.db
      .select()
      .from(events)
      .where(and(eq(events.type, 'eoi.closed'), eq(events.aggregateId, String(refused.id))));
    expect(logged?.payload).toMatchObject({ broker_id: ids.trishul, opposing_eoi_id: null });
  });
});

// Last: the clock moves on here, past the tokens' lifetime.
describe('EOI create: mandate expiry', () => {
  it("expires at the client's mandate when it ends before the validity, durably, and refuses a mandate already over", async () => {
    const mandate = inMinutes(10);
    const eoi = await create(dealerA, { validity: 30, mandate_expires_at: mandate });
    expect([eoi.expires_at, eoi.mandate_expires_at, eoi.validity]).toEqual([mandate, mandate, 30]);
    const later = await create(dealerA, { validity: 5, mandate_expires_at: mandate });
    expect(later.expires_at).toBe(inMinutes(5));
    // A new validity on update still stops at the mandate.
    const updated = await call('PUT', `/api/eoi/update/${eoi.id}/`, dealerA, { validity: 60 });
    expect(updated.json().expires_at).toBe(mandate);
    await refuses(dealerA, [[{ mandate_expires_at: inMinutes(0) }, 400, "The client's mandate must end in the future"]]);

    t.clock.advance(5 * 60_000);
    await t.ctx.services.trading.expireDueQuotes();
    t.clock.advance(5 * 60_000);
    await t.ctx.services.trading.expireDueQuotes();
    const logged = await t.ctx.database.db
      .select()
      .from(events)
      .where(sql`${events.type} = 'eoi.expired' and ${events.payload}->>'eoi_id' in (${String(eoi.id)}, ${String(later.id)})`);
    expect(logged.map((e) => [(e.payload as { eoi_id: number }).eoi_id, (e.payload as { by: string }).by]).sort()).toEqual(
      [
        [eoi.id, 'mandate'],
        [later.id, 'validity'],
      ].sort(),
    );
  });
});
