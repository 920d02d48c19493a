/**
 * A first relevance page for a keyword alone is ranked and given by the in-memory keyword index after
 * one version read: it must list exactly what the SQL ranks list, and never answer from an index
 * older than the database's.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DbOrTx } from '../../src/server/db/database';
import { finstruments } from '../../src/server/db/schema';
import { createKeptPages } from '../../src/server/domain/finder/keptPages';
import { createKeywordIndexHolder, type KeywordIndexHolder } from '../../src/server/domain/finder/keywordIndex';
import { listFinstruments } from '../../src/server/domain/finder/list';
import { refreshFinderIndex } from '../../src/server/domain/finder/searchIndex';
import { businessDateOf } from '../../src/shared/businessDate';
import { createTestApp, type TestApp } from './helpers/testApp';

let t: TestApp;
let db: DbOrTx;
let today: string;
beforeAll(async () => {
  t = await createTestApp();
  db = t.ctx.database.db;
  today = businessDateOf(t.clock.now());
});
afterAll(async () => {
  await t.close();
});

/** A holder whose index is of a version the database never has: every page is read the general way, by the SQL ranks. */
const sqlOnly: KeywordIndexHolder = {
  current: async () => ({ version: 'never', bonds: [], texts: [], grams: new Map(), ranked: new Map() }),
  stale: () => undefined,
};

const page = (holder: KeywordIndexHolder, keyword: string, limit: number, d: DbOrTx = db) =>
  listFinstruments(
    d,
    today,
    { pagination_params: { limit }, category_values: { finstrument_type: 'Bond', keyword_string: keyword } },
    createKeptPages(d),
    holder,
  );

/** The real database, counting statements. */
function counted(d: DbOrTx) {
  const state = { statements: 0 };
  const execute = (query: Parameters<DbOrTx['execute']>[0]) => {
    state.statements += 1;
    return d.execute(query);
  };
  return { db: new Proxy(d, { get: (target, key) => (key === 'execute' ? execute : Reflect.get(target, key)) }) as DbOrTx, state };
}

it('lists the same bonds, ranks, counts and next page as the SQL ranks for words of names, issuers and ISINs', async () => {
  const { rows } = (await db.execute(
    sql`select display_name, issuer_name, isin from finstrument_search order by md5(isin) limit 40`,
  )) as unknown as { rows: { display_name: string; issuer_name: string; isin: string }[] };
  const words = rows.flatMap((r) => [...`${r.display_name} ${r.issuer_name}`.toLowerCase().split(/\s+/), r.isin.toLowerCase().slice(2, 7)]);
  const keywords = [
    ...new Set([
      ...words.filter((w) => w.length >= 3),
      ...rows.map((r) => r.issuer_name.toLowerCase().split(' ').slice(0, 2).join(' ')),
      'hdfc',
      'bajaj fin',
      'gs 2033',
      'sdl 2030',
      'bank of',
      'ine0',
      '7.1',
      'India Limited',
      'zzqx',
      'fin  ance',
    ]),
  ];
  const holder = createKeywordIndexHolder(db);
  let compared = 0;
  for (const keyword of keywords) {
    for (const limit of [1, 4, 20]) {
      expect(await page(holder, keyword, limit), `${keyword} limit ${limit}`).toEqual(await page(sqlOnly, keyword, limit));
      compared += 1;
    }
  }
  expect(compared).toBeGreaterThan(150);
});

it('costs one version read once the index is loaded', async () => {
  const holder = createKeywordIndexHolder(db);
  await page(holder, 'power', 5);
  const { db: watched, state } = counted(db);
  const answer = await page(holder, 'finance', 7, watched);
  expect(state.statements).toBe(1);
  expect(answer.results).toHaveLength(7);
});

it('answers from what the index holds now after a rebuild, not from the index it loaded before', async () => {
  const holder = createKeywordIndexHolder(db);
  const before = await page(holder, 'power', 3);
  const loadedBefore = await holder.current();
  const {
    rows: [last],
  } = (await db.execute(sql`select finstrument_id as id from finstrument_search
    where search_text like '%power%' order by display_name collate "C" desc limit 1`)) as unknown as { rows: { id: number }[] };
  // Renamed to lead the prefix rank: the loaded index still has it last.
  await db.transaction(async (tx) => {
    await tx.update(finstruments).set({ displayName: 'POWER 0 RENAMED' }).where(eq(finstruments.id, last!.id));
    await refreshFinderIndex(tx, today);
  });
  const after = await page(holder, 'power', 3);
  expect(after.results[0]!.id).toBe(last!.id);
  expect(after.results.map((r) => r.id)).not.toEqual(before.results.map((r) => r.id));
  expect(after).toEqual(await page(sqlOnly, 'power', 3));
  // The next search loads the rebuilt index and answers from it.
  expect(await page(holder, 'power', 2)).toEqual(await page(sqlOnly, 'power', 2));
  expect((await holder.current()).version).not.toBe(loadedBefore.version);
});
