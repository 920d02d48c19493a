/**
 * Trading benchmark: a dealer posts a quote (POST api/trade/eoi/) and another client's dealer sees
 * it in the public market list (GET api/trade/d/market/), the time from the post to the list that
 * shows it, at 20 concurrent dealers through the real app (app.inject). Beside it, GET /api/health
 * at the same concurrency in the same run, so the ratio shows the trading path's own cost apart
 * from the machine. PostgreSQL when TEST_DATABASE_URL / DATABASE_URL is set, else in-memory PGlite.
 */
import { and, asc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import { finstruments } from '../../src/server/db/schema';
import { startBenchApp } from './benchApp';

const DEALERS = 20;
const POSTS_PER_DEALER = 15;
const PASSWORD = 'kosh-bench-2026';
/** Posting clients (PREMIUM and broker) and the other client whose dealer watches the market. */
const POSTERS = ['clientdealer@arihant.demo', 'priceoverride@arihant.demo', 'clientdealer@trishul.demo'];
const WATCHER = 'clientdealer@vasuki.demo';

const { app, ctx, database } = await startBenchApp({ SEED_SIZE: 'small', DEMO_PASSWORD: PASSWORD, MARKET_HOURS: 'open' });

const tokenOf = async (email: string) => {
  const res = await app.inject({ method: 'POST', url: '/api/token/', payload: { email, password: PASSWORD } });
  if (res.statusCode !== 200) throw new Error(`${email} could not sign in: ${res.body}`);
  return { authorization: `Bearer ${res.json().access as string}` };
};
const posters = await Promise.all(POSTERS.map(tokenOf));
const watcher = await tokenOf(WATCHER);
/** One plain corporate bond per dealer, so each dealer's quotes are on the first page of its bond's market list. */
const bonds = await database.db
  .select()
  .from(finstruments)
  .where(
    and(
      eq(finstruments.convention, 'IN_CORP'),
      gt(finstruments.frequency, 0),
      isNotNull(finstruments.maturityDate),
      eq(finstruments.available, true),
      gt(finstruments.maturityDate, '2029-01-01'),
      sql`${finstruments.callSchedule} = '[]'::jsonb`,
      sql`${finstruments.putSchedule} = '[]'::jsonb`,
    ),
  )
  .orderBy(asc(finstruments.id))
  .limit(DEALERS);
if (bonds.length < DEALERS) throw new Error(`the seed has ${bonds.length} plain corporate bonds, ${DEALERS} needed`);

/**
 * Post one quote, then read the other client's market list (default page size, searched by the
 * bond as the dart grid's bond filter does) until it shows the quote; the first read should.
 */
async function postAndSee(i: number): Promise<void> {
  const bond = bonds[i % DEALERS]!;
  const posted = await app.inject({
    method: 'POST',
    url: '/api/trade/eoi/',
    headers: posters[i % posters.length],
    payload: {
      finstrument_id: bond.id,
      quantum: bond.faceValue * (1 + (i % 40)),
      yield_stored: Number((0.07 + (i % 200) / 10_000).toFixed(6)),
    },
  });
  if (posted.statusCode !== 201) throw new Error(`post ${i} answered ${posted.statusCode}: ${posted.body}`);
  const id = posted.json().id as number;
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const list = await app.inject({ method: 'GET', url: `/api/trade/d/market/?search=${bond.isin}`, headers: watcher });
    if (list.statusCode !== 200) throw new Error(`market list answered ${list.statusCode}`);
    if ((list.json().results as { id: number }[]).some((r) => r.id === id)) return;
  }
  throw new Error(`quote ${id} never reached the other client's market list`);
}
const health = async () => {
  const res = await app.inject({ method: 'GET', url: '/api/health' });
  if (res.statusCode !== 200) throw new Error(`health answered ${res.statusCode}`);
};

/** Latencies of `total` calls kept `concurrency` in flight at a time. */
async function measure(concurrency: number, call: (i: number) => Promise<void>, total: number): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const started = performance.now();
        await call(i);
        times.push(performance.now() - started);
      }
    }),
  );
  return times.sort((a, b) => a - b);
}
const pct = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

await measure(4, postAndSee, 20); // warm-up: plans, caches, JIT
const total = DEALERS * POSTS_PER_DEALER;
const seen = await measure(DEALERS, postAndSee, total);
const base = await measure(DEALERS, health, total);
const [s50, s99, h50, h99] = [pct(seen, 0.5), pct(seen, 0.99), pct(base, 0.5), pct(base, 0.99)];
process.stdout.write(
  [
    `Quote posted → in another client's market list, ${DEALERS} concurrent dealers, ${total} quotes on ${database.kind}`,
    `  post→visible p50 ${s50.toFixed(1)} ms p99 ${s99.toFixed(1)} ms | health p50 ${h50.toFixed(2)} ms p99 ${h99.toFixed(2)} ms | ratio p50 ${(s50 / h50).toFixed(1)}× p99 ${(s99 / h99).toFixed(1)}×`,
    '',
  ].join('\n'),
);
await app.close();
await ctx.bus.close();
await database.close();
