/**
 * Finder benchmark: keyword searches (POST api/client-finstrument-list/) at 1, 10 and 50 concurrent
 * requests through the real app (app.inject), beside GET /api/health timed the same way in the same
 * run, so the ratio shows the search's own cost apart from the machine. PostgreSQL when
 * TEST_DATABASE_URL / DATABASE_URL is set (seeded once, full size), else an in-memory PGlite.
 * Every search is a first page. Its matches are counted once per keyword and index version (for a
 * keyword alone by src/server/domain/finder/keywordIndex.ts), which the warm-up does for every keyword. A page asked for
 * again while the index stands is the kept one (keptPages.ts): that is the "search" row, the desks'
 * repeated keystrokes. The "new page" row asks each keyword for a page size (10–30 rows) not asked for
 * before in the run, so no page is kept for any of its requests (a keyword alone is ranked by the
 * in-memory keyword index, keywordIndex.ts, already holding that keyword's ranks). The "new keyword"
 * row searches an issuer's first two words not searched before in the run: nothing kept, so each
 * request ranks and counts its matches. Both still read the index version from the database.
 * Goal: keyword search p95 ≤ 2× health's p95 at 10 and at 50 concurrent (on PostgreSQL). Each row
 * also prints this process's CPU time per request (and as a multiple of health's), the steadier figure
 * when other work shares the machine.
 */
import { sql } from 'drizzle-orm';
import { startBenchApp } from './benchApp';

const GOAL_P95_RATIO = 2;
const REQUESTS_PER_LEVEL = 200;
/** New-page requests per level: 3 levels × 80 stay within the 12 keywords × 21 page sizes never repeated. */
const NEW_PAGES_PER_LEVEL = 80;
const KEYWORDS = [
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
];

const { app, ctx, database } = await startBenchApp({ SEED_SIZE: 'full' });

const search = (i: number) =>
  app.inject({
    method: 'POST',
    url: '/api/client-finstrument-list/',
    payload: { pagination_params: { limit: 20 }, category_values: { keyword_string: KEYWORDS[i % KEYWORDS.length] } },
  });
let newPages = 0;
const newPage = () => {
  const n = newPages++;
  return app.inject({
    method: 'POST',
    url: '/api/client-finstrument-list/',
    payload: {
      pagination_params: { limit: 10 + Math.floor(n / KEYWORDS.length) },
      category_values: { keyword_string: KEYWORDS[n % KEYWORDS.length] },
    },
  });
};
// Issuers' first two words, as a dealer would type them, none of them a keyword above.
const { rows: issuerWords } = (await database.db.execute(sql`
  select k from (select distinct split_part(lower(issuer_name), ' ', 1) || ' ' || split_part(lower(issuer_name), ' ', 2) as k from finstrument_search) w
  order by md5(k)`)) as unknown as { rows: { k: string }[] };
const freshKeywords = issuerWords.map((r) => r.k.trim()).filter((k) => !KEYWORDS.includes(k));
if (freshKeywords.length < 3 * NEW_PAGES_PER_LEVEL) throw new Error(`only ${freshKeywords.length} fresh keywords in the seed`);
let newKeywords = 0;
const newKeyword = () =>
  app.inject({
    method: 'POST',
    url: '/api/client-finstrument-list/',
    payload: { pagination_params: { limit: 20 }, category_values: { keyword_string: freshKeywords[newKeywords++] } },
  });
const health = () => app.inject({ method: 'GET', url: '/api/health' });

/**
 * Latencies of `total` calls kept `concurrency` in flight at a time, sorted, with this process's CPU
 * time per call: on a shared machine the CPU figure moves far less than the latencies, and it shows
 * what each request costs the server apart from the database's own work.
 */
async function measure(
  concurrency: number,
  call: (i: number) => Promise<{ statusCode: number }>,
  total = REQUESTS_PER_LEVEL,
): Promise<number[] & { cpu: number }> {
  const times: number[] = [];
  const cpuBefore = process.cpuUsage();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const started = performance.now();
        const res = await call(i);
        if (res.statusCode !== 200) throw new Error(`request ${i} answered ${res.statusCode}`);
        times.push(performance.now() - started);
      }
    }),
  );
  const { user, system } = process.cpuUsage(cpuBefore);
  return Object.assign(
    times.sort((a, b) => a - b),
    { cpu: (user + system) / 1000 / total },
  );
}

const pct = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

await measure(4, search, 60); // warm-up: plans, caches, JIT
const lines = [`Finder keyword search on ${database.kind}, ${REQUESTS_PER_LEVEL} requests per level`];
let goalMet = true;
let uncachedMet = true;
for (const concurrency of [1, 10, 50]) {
  const s = await measure(concurrency, search);
  const n = await measure(concurrency, newPage, NEW_PAGES_PER_LEVEL);
  const k = await measure(concurrency, newKeyword, NEW_PAGES_PER_LEVEL);
  const h = await measure(concurrency, health);
  const [s50, s95, h50, h95] = [pct(s, 0.5), pct(s, 0.95), pct(h, 0.5), pct(h, 0.95)];
  if (concurrency >= 10) goalMet &&= s95 / h95 <= GOAL_P95_RATIO;
  if (concurrency >= 10) uncachedMet &&= pct(n, 0.95) / h95 <= GOAL_P95_RATIO && pct(k, 0.95) / h95 <= GOAL_P95_RATIO;
  const row = (label: string, t: readonly number[] & { cpu: number }) =>
    `  ${' '.repeat(14)}${label.padEnd(11)} p50 ${pct(t, 0.5).toFixed(1)} ms p95 ${pct(t, 0.95).toFixed(1)} ms | ratio to health p50 ${(pct(t, 0.5) / h50).toFixed(1)}× p95 ${(pct(t, 0.95) / h95).toFixed(1)}× | CPU ${t.cpu.toFixed(2)} ms (${(t.cpu / h.cpu).toFixed(1)}×)`;
  lines.push(
    `  ${String(concurrency).padStart(2)} concurrent: search p50 ${s50.toFixed(1)} ms p95 ${s95.toFixed(1)} ms | health p50 ${h50.toFixed(2)} ms p95 ${h95.toFixed(2)} ms | ratio p50 ${(s50 / h50).toFixed(1)}× p95 ${(s95 / h95).toFixed(1)}× | CPU per request: health ${h.cpu.toFixed(2)} ms, search ${s.cpu.toFixed(2)} ms`,
    row('new page', n),
    row('new keyword', k),
  );
}
lines.push(
  `  goal p95 ≤ ${GOAL_P95_RATIO}× health at 10 and 50 concurrent, repeated search: ${goalMet ? 'met' : 'MISSED'}; uncached (new page, new keyword): ${uncachedMet ? 'met' : 'MISSED'}`,
  '',
);
process.stdout.write(lines.join('\n'));
await app.close();
await ctx.bus.close();
await database.close();
