/**
 * A quote under negotiation stays on the market (spec 01 §6): the market list, the RFQ quote book
 * and the private runs keep listing it, marked negotiating, while its negotiations are open —
 * and a third firm can neither see a one-to-one quote nor answer it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../../src/server/db/schema';
import { bearer, signIn } from './helpers/signIn';
import { createTestApp, type TestApp } from './helpers/testApp';
import { quoteCalls, tradableBond, type BondRow } from './helpers/tradableBond';

let t: TestApp;
let bond: BondRow;
let owner: Record<string, string>;
let responder: Record<string, string>;
let third: Record<string, string>;
let vasukiId: number;

beforeAll(async () => {
  t = await createTestApp();
  bond = await tradableBond(t.ctx.database.db);
  owner = bearer((await signIn(t.app, 'clientdealer@arihant.demo')).access);
  responder = bearer((await signIn(t.app, 'clientdealer@vasuki.demo')).access);
  third = bearer((await signIn(t.app, 'harish.patel@narmada-bank.demo')).access);
  [{ id: vasukiId }] = (await t.ctx.database.db.select({ id: clients.id }).from(clients).where(eq(clients.slug, 'vasuki'))) as [
    { id: number },
  ];
});
afterAll(async () => {
  await t.close();
});

const { call, create } = quoteCalls(
  () => t.app,
  () => bond,
);
const toVasuki = () => ({ rfq_mode: 'OTO', oto_participant_details: { client_id: vasukiId } });

/** The status a list shows for quote `id` as `who` sees it; undefined when it is not listed. */
async function listed(url: string, who: Record<string, string>, id: number): Promise<string | undefined> {
  const res = await call('GET', url, who);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().results as { id: number; status: string }[]).find((r) => r.id === id)?.status;
}
const MARKET = `/api/trade/d/market/?page_size=100`;
const BOOK = '/api/eoi/rfq-quote/?page_size=100';
const RUNS = '/api/eoi/private-run/?page_size=100';

async function negotiate(eoiId: number) {
  const res = await call('POST', '/api/eoi/add-negotiation/', responder, { respond_eoi_id: eoiId, unit_price_stored: 99.5 });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
}

describe('lists with open negotiations', () => {
  it('the market list and the RFQ quote book keep a quote under negotiation, marked negotiating, for both sides and the market', async () => {
    const eoi = await create(owner, { send_to_rfq: true });
    const cluster = await negotiate(eoi.id);
    for (const who of [owner, responder, third]) {
      expect(await listed(MARKET, who, eoi.id)).toBe('negotiating');
      expect(await listed(BOOK, who, eoi.id)).toBe('negotiating');
    }
    // A counter keeps it there; a second firm may still answer it.
    const countered = await call('PUT', `/api/trade/cluster/${cluster.id}/`, owner, { buyer_price: 99.45 });
    expect(countered.statusCode, countered.body).toBe(200);
    expect(await listed(MARKET, third, eoi.id)).toBe('negotiating');
    const second = await call('POST', '/api/eoi/add-negotiation/', third, { respond_eoi_id: eoi.id, unit_price_stored: 99.4 });
    expect(second.statusCode, second.body).toBe(201);
    expect(await listed(MARKET, owner, eoi.id)).toBe('negotiating');
  });

  it('the private runs keep a one-to-one quote under negotiation for its two firms, and a third firm sees it in no list', async () => {
    const eoi = await create(owner, { ...toVasuki(), send_to_rfq: true });
    await negotiate(eoi.id);
    for (const who of [owner, responder]) {
      expect(await listed(RUNS, who, eoi.id)).toBe('negotiating');
      expect(await listed(BOOK, who, eoi.id)).toBe('negotiating');
    }
    for (const url of [RUNS, BOOK, MARKET]) expect(await listed(url, third, eoi.id)).toBeUndefined();
  });
});

describe('a third firm and a one-to-one quote', () => {
  it('cannot answer it, live or under negotiation: 404 as if it did not exist, and no negotiation is opened', async () => {
    const eoi = await create(owner, toVasuki());
    const answer = () => call('POST', '/api/eoi/add-negotiation/', third, { respond_eoi_id: eoi.id, unit_price_stored: 99.5 });
    const live = await answer();
    expect(live.statusCode, live.body).toBe(404);
    await negotiate(eoi.id);
    expect((await answer()).statusCode).toBe(404);
    const mine = (await call('GET', '/api/trade/cluster/', third)).json();
    expect(JSON.stringify(mine)).not.toContain(`"eoi_id":${eoi.id}`);
  });
});
