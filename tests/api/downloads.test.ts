/** The PDF downloads: a real PDF, as an attachment, carrying the brand and the ISIN; paywalled. */
import { and, gt, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finstruments } from '../../src/server/db/schema';
import { bearer, signIn } from './helpers/signIn';
import { createTestApp, type TestApp } from './helpers/testApp';

let t: TestApp;
let premium: Record<string, string>;
let basic: Record<string, string>;
let bond: typeof finstruments.$inferSelect;
beforeAll(async () => {
  t = await createTestApp();
  premium = bearer((await signIn(t.app, 'clientdealer@arihant.demo')).access);
  basic = bearer((await signIn(t.app, 'clientdealer@vasuki.demo')).access);
  [bond] = (await t.ctx.database.db
    .select()
    .from(finstruments)
    .where(and(isNotNull(finstruments.maturityDate), gt(finstruments.maturityDate, '2028-01-01'), gt(finstruments.frequency, 0)))
    .limit(1)) as [typeof finstruments.$inferSelect];
});
afterAll(async () => {
  await t.close();
});

// Page content is compressed; the brand and ISIN are also in the document's metadata, which is not.
function expectPdf(res: Awaited<ReturnType<typeof t.app.inject>>, suffix: string) {
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.headers['content-disposition']).toBe(`attachment; filename="${bond.isin}-${suffix}.pdf"`);
  expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = res.rawPayload.toString('latin1');
  expect(text).toContain(t.ctx.config.brandName);
  expect(text).toContain(bond.isin);
}

describe('downloads', () => {
  it('POST api/quote/:id/download/ gives the price quote sheet', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/quote/${bond.id}/download/`,
      headers: premium,
      payload: { bond_yield: 0.08, quantity: bond.faceValue * 2 },
    });
    expectPdf(res, 'quote');
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/quote/${bond.id}/download/`,
      headers: premium,
      payload: { bond_yield: 0.08, clean_price: 100 },
    });
    expect(bad.json().message).toBe('Cannot provide both price and yield');
  });

  it('POST api/im/download/ gives the IM summary by ISIN', async () => {
    expectPdf(
      await t.app.inject({ method: 'POST', url: '/api/im/download/', headers: premium, payload: { isin: bond.isin.toLowerCase() } }),
      'information-memorandum',
    );
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/im/download/', headers: premium, payload: { isin: 'INE000X00000' } })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/im/download/', headers: premium, payload: {} })).json().fields.isin).toBe(
      'ISIN is required',
    );
  });

  it('POST api/bond-details/:id/download/ gives the details sheet; 404 for an unknown id', async () => {
    expectPdf(
      await t.app.inject({ method: 'POST', url: `/api/bond-details/${bond.id}/download/`, headers: premium, payload: {} }),
      'details',
    );
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/bond-details/999999/download/', headers: premium, payload: {} })).statusCode,
    ).toBe(404);
  });

  it('is paid data: 402 for a BASIC client', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/bond-details/${bond.id}/download/`, headers: basic, payload: {} });
    expect(res.statusCode).toBe(402);
  });
});
