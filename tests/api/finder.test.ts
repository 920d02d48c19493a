/** The finder (public): keyword search by name / ISIN / issuer, filters, keyset paging and facet counts. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finstruments, issuers } from '../../src/server/db/schema';
import { refreshFinderIndex } from '../../src/server/domain/finder/searchIndex';
import { businessDateOf } from '../../src/shared/businessDate';
import { createTestApp, type TestApp } from './helpers/testApp';

let t: TestApp;
let sample: { id: number; isin: string; displayName: string; issuer: string };
beforeAll(async () => {
  t = await createTestApp();
  [sample] = (await t.ctx.database.db
    .select({ id: finstruments.id, isin: finstruments.isin, displayName: finstruments.displayName, issuer: issuers.name })
    .from(finstruments)
    .innerJoin(issuers, eq(issuers.id, finstruments.issuerId))
    .where(eq(finstruments.securityType, 'NBFC'))
    .limit(1)) as [typeof sample];
});
afterAll(async () => {
  await t.close();
});

type Values = Record<string, unknown>;
const list = (values: Values, pagination: Values = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/client-finstrument-list/',
    payload: { pagination_params: pagination, category_values: values },
  });
const facets = (values: Values, categoryList?: string[]) =>
  t.app.inject({
    method: 'POST',
    url: '/api/categories/',
    payload: { ...(categoryList ? { category_list: categoryList } : {}), category_values: values },
  });
/** Changes a bond's type the way any writer must: with the finder's index rebuilt in the same transaction. */
const reclassify = (id: number, securityType: 'BANK' | 'PSU' | 'NBFC') =>
  t.ctx.database.db.transaction(async (tx) => {
    await tx.update(finstruments).set({ securityType }).where(eq(finstruments.id, id));
    await refreshFinderIndex(tx, businessDateOf(t.clock.now()));
  });

describe('POST api/client-finstrument-list/', () => {
  it('is public and pages 20 by default, with the documented shape', async () => {
    const res = await list({});
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.results).toHaveLength(20);
    expect(body.pagination_response.count).toBeGreaterThan(300);
    expect(body.pagination_response.next_cursor).toEqual(expect.any(String));
    expect(body.results[0]).toMatchObject({
      id: expect.any(Number),
      display_name: expect.any(String),
      identifiers: { ISIN: expect.any(String) },
      available: expect.any(Boolean),
      contract_parameters: { is_listed: expect.any(Boolean), face_value: expect.any(Number), coupon_rate: expect.any(Number) },
      issuer: { id: expect.any(Number), name: expect.any(String), sector: expect.any(String) },
    });
  });

  it('finds a bond by ISIN, by name and by issuer', async () => {
    const byIsin = (await list({ keyword_string: sample.isin.toLowerCase() })).json();
    expect(byIsin.results.map((r: { id: number }) => r.id)).toEqual([sample.id]);
    const byName = (await list({ keyword_string: sample.displayName }, { limit: 100 })).json();
    expect(byName.results[0].id).toBe(sample.id);
    const word = sample.issuer.split(' ')[0]!;
    const byIssuer = (await list({ keyword_string: word }, { limit: 100 })).json();
    expect(byIssuer.pagination_response.count).toBeGreaterThan(0);
    expect(byIssuer.results.some((r: { issuer: { name: string } }) => r.issuer.name === sample.issuer)).toBe(true);
    expect((await list({ keyword_string: 'zzqqxx-nothing' })).json()).toEqual({
      results: [],
      pagination_response: { next_cursor: null, count: 0 },
    });
  });

  it('walks every page with the cursor: no duplicates, no gaps, for each sort', async () => {
    for (const sort of ['maturity_asc', 'coupon_desc', 'name_asc']) {
      const values = { securityType: ['NBFC', 'HFC'], sort };
      const everything = (await list(values, { limit: 100 })).json();
      const seen: number[] = [];
      let cursor: string | null = null;
      do {
        const page: { results: { id: number }[]; pagination_response: { next_cursor: string | null } } = (
          await list(values, { limit: 7, ...(cursor ? { cursor } : {}) })
        ).json();
        seen.push(...page.results.map((r) => r.id));
        cursor = page.pagination_response.next_cursor;
      } while (cursor);
      expect(new Set(seen).size, sort).toBe(seen.length);
      expect(seen.length, sort).toBe(everything.pagination_response.count);
      if (everything.pagination_response.count <= 100) expect(seen, sort).toEqual(everything.results.map((r: { id: number }) => r.id));
    }
  });

  it('pages keyword results by relevance without duplicates', async () => {
    const word = sample.issuer.split(' ')[0]!.toLowerCase();
    const first = (await list({ keyword_string: word }, { limit: 3 })).json();
    if (first.pagination_response.next_cursor) {
      const second = (await list({ keyword_string: word }, { limit: 3, cursor: first.pagination_response.next_cursor })).json();
      const ids = [...first.results, ...second.results].map((r: { id: number }) => r.id);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  it('carries the first page count to later pages, and counts again once the index is rebuilt', async () => {
    const values = { securityType: ['PSU'] };
    const first = (await list(values, { limit: 5 })).json();
    const count = first.pagination_response.count;
    const second = (await list(values, { limit: 5, cursor: first.pagination_response.next_cursor })).json();
    expect(second.pagination_response.count).toBe(count);
    expect((await list(values)).json().pagination_response.count).toBe(count);
    const [psu] = await t.ctx.database.db
      .select({ id: finstruments.id })
      .from(finstruments)
      .where(eq(finstruments.securityType, 'PSU'))
      .limit(1);
    await reclassify(psu!.id, 'BANK');
    expect((await list(values)).json().pagination_response.count).toBe(count - 1);
    await reclassify(psu!.id, 'PSU');
    expect((await list(values)).json().pagination_response.count).toBe(count);
  });

  it('answers a repeated search with what the index holds now, after any rebuild', async () => {
    const search = async () => (await list({ keyword_string: sample.isin })).json().results[0].contract_parameters.security_type;
    expect(await search()).toBe('NBFC');
    expect(await search()).toBe('NBFC');
    await reclassify(sample.id, 'BANK');
    expect(await search()).toBe('BANK');
    await reclassify(sample.id, 'NBFC');
    expect(await search()).toBe('NBFC');
  });

  it('rejects a bad cursor, a limit over 100 and another finstrument type', async () => {
    expect((await list({}, { cursor: 'bm90LWEtY3Vyc29y' })).json().message).toBe('Invalid cursor');
    expect((await list({}, { limit: 101 })).statusCode).toBe(400);
    expect((await list({ finstrument_type: 'Equity' })).json().message).toBe('Only Bond is supported');
    expect((await list({ timeToMaturity: ['2-4Y'] })).statusCode).toBe(400);
  });
});

describe('POST api/categories/', () => {
  it('counts each option under the other filters, consistent with the list', async () => {
    const values = { creditRating: ['AAA'], bondSecurity: ['SECURED'] };
    const res = await facets(values);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const listed = (await list(values)).json().pagination_response.count;
    expect(body.count).toBe(listed);
    const byCategory = Object.fromEntries(
      body.categories.map((c: { category: string; options: { value: string; count: number }[] }) => [c.category, c.options]),
    );
    // securityType has no filter of its own: its (disjoint) options add up to the list count.
    expect(byCategory.securityType.reduce((s: number, o: { count: number }) => s + o.count, 0)).toBe(listed);
    // A filtered category's option counts ignore its own filter: the AAA count is the list count, and the others are not zero.
    expect(byCategory.creditRating.find((o: { value: string }) => o.value === 'AAA').count).toBe(listed);
    const aa = byCategory.creditRating.find((o: { value: string }) => o.value === 'AA').count;
    expect(aa).toBe((await list({ creditRating: ['AA'], bondSecurity: ['SECURED'] })).json().pagination_response.count);
    expect(byCategory.creditRating.find((o: { value: string }) => o.value === 'AAA').selected).toBe(true);
  });

  it('counts tenor buckets that match the list filtered by them', async () => {
    const body = (await facets({}, ['timeToMaturity'])).json();
    for (const option of body.categories[0].options) {
      expect((await list({ timeToMaturity: [option.value] })).json().pagination_response.count).toBe(option.count);
    }
  });

  it('caches counts for 30 s by the injected clock', async () => {
    const values = { securityType: ['PSU'] };
    const before = (await facets(values)).json();
    const [psu] = await t.ctx.database.db
      .select({ id: finstruments.id })
      .from(finstruments)
      .where(eq(finstruments.securityType, 'PSU'))
      .limit(1);
    await reclassify(psu!.id, 'BANK');
    expect((await facets(values)).json()).toEqual(before);
    t.clock.advance(30_001);
    expect((await facets(values)).json().count).toBe(before.count - 1);
    await reclassify(psu!.id, 'PSU');
  });

  it('rejects an unknown category', async () => {
    expect((await facets({}, ['colour'])).statusCode).toBe(400);
  });
});
