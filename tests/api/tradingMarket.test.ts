/**
 * The RFQ quote book, a bond's depth (PREMIUM), bulk quote upload (CSV and XLSX, all or nothing
 * with a per-row report) and the price-override role (spec 01 §6, §7).
 */
import ExcelJS from 'exceljs';
import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eois, events, finstruments } from '../../src/server/db/schema';
import { TRADE_MESSAGES, TRADING_MESSAGES, UPLOAD_MESSAGES } from '../../src/shared/contracts/trading';
import { cleanPriceOf } from './helpers/bondMath';
import { LiveSocket, liveUrl } from './helpers/liveSocket';
import { multipartFile } from './helpers/multipart';
import { bearer, signIn } from './helpers/signIn';
import { createTestApp, type TestApp } from './helpers/testApp';
import { assertTradingInvariants } from './helpers/tradingInvariants';
import { tradableBond } from './helpers/tradableBond';

let t: TestApp;
let dealer: Record<string, string>;
let other: Record<string, string>;
let overrider: Record<string, string>;
let bond: typeof finstruments.$inferSelect;

beforeAll(async () => {
  t = await createTestApp();
  dealer = bearer((await signIn(t.app, 'clientdealer@arihant.demo')).access);
  other = bearer((await signIn(t.app, 'clientdealer@vasuki.demo')).access);
  overrider = bearer((await signIn(t.app, 'priceoverride@arihant.demo')).access);
  bond = await tradableBond(t.ctx.database.db);
});
afterAll(async () => {
  await t.close();
});
// Every scenario leaves quotes, negotiations, deals and orders consistent (issue #27).
afterEach(() => assertTradingInvariants(t.ctx.database.db));

const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload !== undefined && { payload }) });
const post = async (headers: Record<string, string>, over: object) => {
  const res = await call('POST', '/api/trade/eoi/', headers, { finstrument_id: bond.id, quantum: bond.faceValue * 10, ...over });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as {
    id: number;
    unit_price_stored: number;
    yield_stored: number;
    exchange_quote_id: string | null;
    price_overridden: boolean;
  };
};
const eoiCount = async () => (await t.ctx.database.db.select({ n: count() }).from(eois))[0]?.n ?? 0;

describe('GET api/eoi/rfq-quote/', () => {
  it("lists quotes sent to RFQ with their platform quote id; my_quotes keeps the caller's; a quote not sent is not in the book", async () => {
    const sent = await post(dealer, { yield_stored: 0.0811, send_to_rfq: true });
    const notSent = await post(dealer, { yield_stored: 0.0812 });
    expect(sent.exchange_quote_id).toMatch(/^NSE-RFQQ-\d{6}$/);
    expect(t.ctx.services.trading.exchanges.NSE.quotes.map((q) => q.eoiId)).toContain(sent.id);
    const book = (await call('GET', `/api/eoi/rfq-quote/?search=${bond.isin}`, other)).json();
    const bookIds = book.results.map((r: { id: number }) => r.id);
    expect(bookIds).toContain(sent.id);
    expect(bookIds).not.toContain(notSent.id);
    expect((await call('GET', '/api/eoi/rfq-quote/?my_quotes=true', other)).json().results.map((r: { id: number }) => r.id)).not.toContain(
      sent.id,
    );
    expect((await call('GET', '/api/eoi/rfq-quote/?my_quotes=true&paginate=false', dealer)).json()).toMatchObject({
      page: 1,
      page_size: 100,
    });
    const viewer = bearer((await signIn(t.app, 'clientviewer@vasuki.demo')).access);
    expect((await call('GET', '/api/eoi/rfq-quote/', viewer)).json()).toMatchObject({
      results: [],
      count: 0,
      restriction: TRADING_MESSAGES.noTradeAccess,
    });
  });
});

describe('GET api/quote/depth/', () => {
  it('aggregates live public quotes by price level, best first, by isin or finstrument_id', async () => {
    const before = (await call('GET', `/api/quote/depth/?finstrument_id=${bond.id}`, dealer)).json();
    const bid = await post(dealer, { unit_price_stored: 90.5, quote_type: 'BID' });
    await post(dealer, { unit_price_stored: 90.5, quote_type: 'BID' });
    await post(dealer, { unit_price_stored: 80.25, quote_type: 'BID' });
    await post(dealer, { unit_price_stored: 99.25, quote_type: 'ASK' });
    const depth = (await call('GET', `/api/quote/depth/?isin=${bond.isin}`, dealer)).json();
    expect(depth).toMatchObject({ finstrument_id: bond.id, isin: bond.isin, restriction: null });
    const level = depth.bids.find((l: { unit_price: number }) => l.unit_price === 90.5);
    const levelBefore = before.bids.find((l: { unit_price: number }) => l.unit_price === 90.5);
    expect(level.quotes - (levelBefore?.quotes ?? 0)).toBe(2);
    expect(level.quantum - (levelBefore?.quantum ?? 0)).toBe(bond.faceValue * 20);
    expect(level.yield).toBe(bid.yield_stored);
    const bidPrices = depth.bids.map((l: { unit_price: number }) => l.unit_price);
    expect(bidPrices).toEqual([...bidPrices].sort((a, b) => b - a));
    const askPrices = depth.asks.map((l: { unit_price: number }) => l.unit_price);
    expect(askPrices).toEqual([...askPrices].sort((a, b) => a - b));
    expect(askPrices).toContain(99.25);
  });

  it('needs a bond (400), a known one (404), and is the premium wall (402) for a BASIC client', async () => {
    expect((await call('GET', '/api/quote/depth/', dealer)).json().message).toBe(TRADE_MESSAGES.bondRequired);
    expect((await call('GET', '/api/quote/depth/?isin=INE000000000', dealer)).statusCode).toBe(404);
    expect((await call('GET', `/api/quote/depth/?finstrument_id=${bond.id}`, other)).statusCode).toBe(402);
  });
});

describe('POST api/eoi/upload/', () => {
  const upload = (headers: Record<string, string>, fileName: string, content: Buffer, mime = 'text/csv') => {
    const body = multipartFile('file', fileName, mime, content);
    return t.app.inject({ method: 'POST', url: '/api/eoi/upload/', headers: { ...headers, ...body.headers }, payload: body.payload });
  };

  it('creates every row of a CSV, each live with its event, priced by the engine', async () => {
    const csv = [
      'isin,quote_type,quantum,yield_stored,unit_price_stored,settlement_delta,validity,anonymous',
      `${bond.isin},BID,${bond.faceValue * 5},0.0833,,1,60,no`,
      `${bond.isin},ask,${bond.faceValue * 7},,101.25,,,yes`,
    ].join('\r\n');
    const res = await upload(dealer, 'quotes.csv', Buffer.from(csv));
    expect(res.statusCode, res.body).toBe(201);
    const { created, errors } = res.json();
    expect(errors).toEqual([]);
    expect(created).toHaveLength(2);
    expect(created[0]).toMatchObject({
      quote_type: 'BID',
      quantum: bond.faceValue * 5,
      yield_stored: 0.0833,
      status: 'live',
      validity: 60,
      anonymous: false,
    });
    expect(cleanPriceOf(bond, created[0].settlement_date, 0.0833)).toBeCloseTo(created[0].unit_price_stored, 3);
    expect(created[1]).toMatchObject({ quote_type: 'ASK', unit_price_stored: 101.25, anonymous: true });
    for (const eoi of created) {
      const logged = await t.ctx.database.db
        .select({ type: events.type })
        .from(events)
        .where(eq(events.aggregateId, String(eoi.id)));
      expect(logged.map((e) => e.type)).toContain('eoi.created');
    }
  });

  it('creates nothing when any row is bad, and reports each bad row and field', async () => {
    const before = await eoiCount();
    const csv = [
      'isin,quote_type,quantum,yield_stored,unit_price_stored',
      `${bond.isin},BID,${bond.faceValue * 5},0.0833,`,
      `${bond.isin},BID,${bond.faceValue * 5},0.08,99`,
      `INE000000000,BID,${bond.faceValue * 5},0.08,`,
      `${bond.isin},BID,${bond.faceValue * 5},,300`,
      `${bond.isin},BID,${bond.faceValue * 5 + 1},0.08,`,
    ].join('\n');
    const res = await upload(dealer, 'quotes.csv', Buffer.from(csv));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(UPLOAD_MESSAGES.rowsFailed);
    const fields = res.json().fields as Record<string, string>;
    expect(fields['rows.2.non_field_errors']).toBe('Cannot provide both price and yield');
    expect(fields['rows.3.isin']).toBe(TRADING_MESSAGES.bondUnknown);
    expect(fields['rows.4.unit_price_stored']).toBe('Should be less than 250');
    expect(Object.keys(fields).some((k) => k.startsWith('rows.5.quantum'))).toBe(true);
    expect(Object.keys(fields).some((k) => k.startsWith('rows.1.'))).toBe(false);
    expect(await eoiCount()).toBe(before);
  });

  it('reads XLSX too, and refuses other files and an empty one with a clear 400 (a body that is not multipart: 415)', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Quotes');
    sheet.addRow(['finstrument_id', 'quote_type', 'quantum', 'yield_stored']);
    sheet.addRow([bond.id, 'ASK', bond.faceValue * 3, 0.079]);
    const xlsx = Buffer.from(await book.xlsx.writeBuffer());
    const res = await upload(dealer, 'quotes.xlsx', xlsx, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().created[0]).toMatchObject({ finstrument_id: bond.id, quote_type: 'ASK', yield_stored: 0.079 });

    expect((await upload(dealer, 'quotes.pdf', Buffer.from('%PDF-1.4'))).json().message).toBe(UPLOAD_MESSAGES.fileType);
    expect((await upload(dealer, 'quotes.csv', Buffer.from('isin,quantum\n'))).json().message).toBe(UPLOAD_MESSAGES.empty);
    const noFile = await t.app.inject({ method: 'POST', url: '/api/eoi/upload/', headers: dealer, payload: {} });
    expect(noFile.statusCode).toBe(415);
    expect(noFile.json().message).toBe(UPLOAD_MESSAGES.noFile);
  });
});

describe('price override', () => {
  it("a price-override user quotes at their price instead of the engine's: recorded as price_overridden, with the price override live message", async () => {
    const socket = await LiveSocket.signedIn(await liveUrl(t.app), (await signIn(t.app, 'clientdealer@vasuki.demo')).access);
    try {
      const engine = await post(dealer, { yield_stored: 0.0825 });
      const overridden = await post(overrider, { yield_stored: 0.0825, override_price: 97.5 });
      expect(overridden).toMatchObject({ unit_price_stored: 97.5, yield_stored: 0.0825, price_overridden: true });
      expect(engine.unit_price_stored).not.toBe(97.5);
      expect(engine.price_overridden).toBe(false);
      await socket.next();
      expect(await socket.next()).toMatchObject({ type: 'updates', rows: [expect.objectContaining({ id: String(overridden.id) })] });
      expect(await socket.next()).toEqual({
        type: 'price_override',
        eoi_id: String(overridden.id),
        consideration: expect.stringMatching(/^\d+\.\d{2}$/),
        event_id: expect.any(Number),
      });
    } finally {
      socket.close();
    }
  });

  it('an update may override too, for a price-override user only; an update without one goes back to the engine', async () => {
    const quote = await post(overrider, { yield_stored: 0.081 });
    expect(quote.price_overridden).toBe(false);
    const other = await post(dealer, { yield_stored: 0.081 });
    const refused = await call('PUT', `/api/eoi/update/${other.id}/`, dealer, { yield_stored: 0.081, override_price: 95 });
    expect(refused.statusCode).toBe(403);
    const overridden = await call('PUT', `/api/eoi/update/${quote.id}/`, overrider, { yield_stored: 0.081, override_price: 95.25 });
    expect(overridden.json()).toMatchObject({ unit_price_stored: 95.25, yield_stored: 0.081, price_overridden: true });
    const repriced = await call('PUT', `/api/eoi/update/${quote.id}/`, overrider, { yield_stored: 0.081 });
    expect(repriced.json()).toMatchObject({ unit_price_stored: quote.unit_price_stored, price_overridden: false });
  });

  it('anyone else gets 403 and nothing is created; an override needs a yield', async () => {
    const before = await eoiCount();
    const refused = await call('POST', '/api/trade/eoi/', dealer, {
      finstrument_id: bond.id,
      quantum: bond.faceValue,
      yield_stored: 0.08,
      override_price: 97,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(TRADING_MESSAGES.overrideNotAllowed);
    const byPrice = await call('POST', '/api/trade/eoi/', overrider, {
      finstrument_id: bond.id,
      quantum: bond.faceValue,
      unit_price_stored: 99,
      override_price: 97,
    });
    expect(byPrice.statusCode).toBe(400);
    expect(byPrice.json().message).toBe(TRADING_MESSAGES.overrideNeedsYield);
    expect(await eoiCount()).toBe(before);
  });
});
