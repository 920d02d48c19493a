/**
 * Quote sanity (spec 01 §5): no quote, counter, order or price override at a price whose yield no
 * bond pays — a bid at 0.0001 implies 4,250 % — and no quote meant for one client published to all.
 * Each refusal is a 400 naming the field, with nothing stored.
 */
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusters, eois, orders } from '../../src/server/db/schema';
import { TRADING_MESSAGES } from '../../src/shared/contracts/trading';
import { VALIDATION_MESSAGES } from '../../src/shared/validation';
import { orderParties } from './helpers/orderParties';
import { bearer, signIn } from './helpers/signIn';
import { createTestApp, type TestApp } from './helpers/testApp';
import { type BondRow, quoteCalls, tradableBond } from './helpers/tradableBond';

let t: TestApp;
let p: Awaited<ReturnType<typeof orderParties>>;
let overrider: Record<string, string>;
let bond: BondRow;
beforeAll(async () => {
  t = await createTestApp();
  p = await orderParties(t.app);
  overrider = bearer((await signIn(t.app, 'priceoverride@arihant.demo')).access);
  bond = await tradableBond(t.ctx.database.db);
});
afterAll(async () => {
  await t.close();
});

const { call, bid, create } = quoteCalls(
  () => t.app,
  () => bond,
);
const rows = async () => {
  const db = t.ctx.database.db;
  return Promise.all([eois, clusters, orders].map(async (table) => (await db.select({ n: count() }).from(table))[0]!.n));
};

/** The call answers 400 with `message` on `field`, and stores nothing. */
async function refuses(res: Promise<{ statusCode: number; json(): unknown }>, field: string, message: string) {
  const before = await rows();
  const answer = await res;
  expect(answer.statusCode).toBe(400);
  expect(answer.json()).toMatchObject({ code: 'VALIDATION_FAILED', message, fields: { [field]: message } });
  expect(await rows()).toEqual(before);
}

describe('hard price and yield limits', () => {
  it('refuses a quote at 0.0001 (4,250 %), at 0 and above 250', async () => {
    await refuses(
      call('POST', '/api/trade/eoi/', p.seller.headers, bid({ yield_stored: undefined, unit_price_stored: 0.0001 })),
      'unit_price_stored',
      TRADING_MESSAGES.impliedYieldAbove100,
    );
    await refuses(
      call('POST', '/api/trade/eoi/', p.seller.headers, bid({ yield_stored: undefined, unit_price_stored: 0 })),
      'unit_price_stored',
      VALIDATION_MESSAGES.zero,
    );
    await refuses(
      call('POST', '/api/trade/eoi/', p.seller.headers, bid({ yield_stored: undefined, unit_price_stored: 250.5 })),
      'unit_price_stored',
      VALIDATION_MESSAGES.priceAbove250,
    );
  });

  it('refuses a price whose yield is negative (a plain bond far above par)', async () => {
    await refuses(
      call('POST', '/api/trade/eoi/', p.seller.headers, bid({ yield_stored: undefined, unit_price_stored: 249 })),
      'unit_price_stored',
      TRADING_MESSAGES.impliedYieldNegative,
    );
  });

  it('refuses the same price on an update of a live quote', async () => {
    const eoi = await create(p.seller.headers);
    await refuses(
      call('PUT', `/api/eoi/update/${eoi.id}/`, p.seller.headers, { unit_price_stored: 0.0001 }),
      'unit_price_stored',
      TRADING_MESSAGES.impliedYieldAbove100,
    );
  });

  it('refuses it as an answer to a quote and as a counter', async () => {
    const eoi = await create(p.seller.headers);
    await refuses(
      call('POST', '/api/eoi/add-negotiation/', p.buyer.headers, { respond_eoi_id: eoi.id, unit_price_stored: 0.0001 }),
      'unit_price_stored',
      TRADING_MESSAGES.impliedYieldAbove100,
    );
    const opened = await call('POST', '/api/eoi/add-negotiation/', p.buyer.headers, { respond_eoi_id: eoi.id, unit_price_stored: 99.25 });
    expect(opened.statusCode, opened.body).toBe(201);
    const countered = call('PUT', `/api/trade/cluster/${opened.json().id}/`, p.seller.headers, { buyer_price: 0.0001 });
    const answer = await countered;
    expect(answer.statusCode).toBe(400);
    expect(Object.values(answer.json().fields as Record<string, string>)).toEqual([TRADING_MESSAGES.impliedYieldAbove100]);
  });

  it('refuses it on a reported order', async () => {
    const sale = {
      counterparty_client_id: p.buyer.clientId,
      finstrument_id: bond.id,
      quantity: bond.faceValue * 10,
      unit_price_stored: 0.0001,
      trade_time: '10:50',
    };
    await refuses(call('POST', '/api/orders/', p.seller.headers, sale), 'unit_price_stored', TRADING_MESSAGES.impliedYieldAbove100);
  });

  it('holds for the price-override role too', async () => {
    await refuses(
      call('POST', '/api/trade/eoi/', overrider, bid({ override_price: 0.0001 })),
      'override_price',
      TRADING_MESSAGES.impliedYieldAbove100,
    );
    const eoi = await create(overrider);
    await refuses(
      call('PUT', `/api/eoi/update/${eoi.id}/`, overrider, { yield_stored: 0.0825, override_price: 0.0001 }),
      'override_price',
      TRADING_MESSAGES.impliedYieldAbove100,
    );
  });

  it('still takes a sound price and a sound override', async () => {
    expect((await create(p.seller.headers, { yield_stored: undefined, unit_price_stored: 99.5 })).unit_price_stored).toBe(99.5);
    expect((await create(overrider, { override_price: 99.5 })).unit_price_stored).toBe(99.5);
  });
});

describe('one-to-one quotes', () => {
  it('refuses oto_participant_details without rfq_mode OTO, instead of publishing the quote to everyone', async () => {
    await refuses(
      call('POST', '/api/trade/eoi/', p.seller.headers, bid({ oto_participant_details: { client_id: p.buyer.clientId } })),
      'oto_participant_details',
      TRADING_MESSAGES.otoNeedsOtoMode,
    );
  });

  it('refuses a client id that names no client', async () => {
    await refuses(
      call('POST', '/api/trade/eoi/', p.seller.headers, bid({ rfq_mode: 'OTO', oto_participant_details: { client_id: 999_999 } })),
      'oto_participant_details',
      TRADING_MESSAGES.otoUnknown,
    );
  });
});
