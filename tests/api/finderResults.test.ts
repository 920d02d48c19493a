/**
 * The finder's answers to a fixed set of searches, row for row and in order, pinned in a file
 * snapshot taken before the search path was made cheaper: every later change to how a search is run
 * (SQL, counting, serialisation) must give dealers exactly the same bonds, fields, counts and pages.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const SEARCHES: readonly Record<string, unknown>[] = [
  ...[
    'hdfc',
    'bajaj fin',
    'ntpc',
    'power',
    'finance',
    'ine0',
    'gs 2033',
    'maharashtra',
    'rural',
    'housing',
    'tata',
    'sdl 2030',
    'bank of',
    '7.',
    '%_x',
  ].map((keyword_string) => ({ keyword_string })),
  { keyword_string: 'finance', sort: 'coupon_desc' },
  { keyword_string: 'power', sort: 'maturity_desc', creditRating: ['AAA'] },
  { keyword_string: 'bank', securityType: ['BANK', 'PSU'], timeToMaturity: ['3-5Y', '>10Y'] },
  {},
  { sort: 'name_asc', preferred: true },
];

const list = async (values: Record<string, unknown>, cursor?: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/client-finstrument-list/',
    payload: { pagination_params: { limit: 8, ...(cursor ? { cursor } : {}) }, category_values: values },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { results: unknown[]; pagination_response: { next_cursor: string | null; count: number } };
};

it('answers each search with the same bonds, fields, order, count and next page as before', async () => {
  const answers = [];
  for (const values of SEARCHES) {
    const first = await list(values);
    // The same search again is served from the kept counts (rankSizes.ts): it must not differ.
    expect(await list(values), JSON.stringify(values)).toEqual(first);
    const cursor = first.pagination_response.next_cursor;
    const second = cursor ? await list(values, cursor) : null;
    answers.push({ search: values, first, second });
  }
  expect(answers.filter((a) => a.first.results.length > 0).length).toBeGreaterThan(SEARCHES.length - 3);
  await expect(`${JSON.stringify(answers, null, 1)}\n`).toMatchFileSnapshot('./__snapshots__/finderResults.json');
});

it('lists the same bonds in the same order when a page of another size is read through the kept counts', async () => {
  for (const values of SEARCHES) {
    const eight = await list(values);
    // Counted above, so these read only the ranks they need: a rank with few matches is sorted
    // whole instead of walked in key order, which must not change a row.
    for (const limit of [3, 7, 9]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/client-finstrument-list/',
        payload: { pagination_params: { limit }, category_values: values },
      });
      const page = res.json() as { results: unknown[]; pagination_response: { count: number } };
      const shared = Math.min(limit, 8);
      expect(page.results.slice(0, shared), `${JSON.stringify(values)} limit ${limit}`).toEqual(eight.results.slice(0, shared));
      expect(page.pagination_response.count).toBe(eight.pagination_response.count);
    }
  }
});
