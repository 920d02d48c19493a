/** The finder's kept pages check the index version with reads shared under load, never older than the search. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DbOrTx } from '../../src/server/db/database';
import { createKeptPages } from '../../src/server/domain/finder/keptPages';
import { refreshFinderIndex } from '../../src/server/domain/finder/searchIndex';
import { businessDateOf } from '../../src/shared/businessDate';
import { createTestApp, type TestApp } from './helpers/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The real database, counting statements; while `holding`, each result is held until `release` (`firstHeld` says when one is). */
function watched(db: DbOrTx) {
  let held!: () => void;
  const state = {
    statements: 0,
    holding: false,
    held: [] as (() => void)[],
    firstHeld: new Promise<void>((resolve) => {
      held = resolve;
    }),
  };
  const execute = async (query: Parameters<DbOrTx['execute']>[0]) => {
    state.statements += 1;
    const result = await db.execute(query);
    if (state.holding)
      await new Promise<void>((resolve) => {
        state.held.push(resolve);
        held();
      });
    return result;
  };
  const release = () => {
    state.holding = false;
    state.held.splice(0).forEach((resolve) => resolve());
  };
  return {
    db: new Proxy(db, { get: (target, key) => (key === 'execute' ? execute : Reflect.get(target, key)) }) as DbOrTx,
    state,
    release,
  };
}

const refresh = () => t.ctx.database.db.transaction((tx) => refreshFinderIndex(tx, businessDateOf(t.clock.now())));

it('answers 50 searches arriving together with two version reads, each no older than its search', async () => {
  const { db, state, release } = watched(t.ctx.database.db);
  const kept = createKeptPages(db);
  const before = await kept.currentVersion();
  state.statements = 0;
  state.holding = true;
  const first = kept.currentVersion();
  await state.firstHeld;
  // The index is rebuilt after the first read was taken and before the others arrive.
  await refresh();
  const others = Array.from({ length: 49 }, () => kept.currentVersion());
  release();
  expect(await first).toBe(before);
  const seen = new Set(await Promise.all(others));
  expect(seen.size).toBe(1);
  expect([...seen][0]).not.toBe(before);
  expect(state.statements).toBe(2);
});
