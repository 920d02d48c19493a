/**
 * Seed benchmark: the full demo seed (≈30,000 bonds) into an in-memory PGlite, beside a
 * baseline measured in the same run — 30,000 plain three-column rows inserted the same way —
 * so the ratio shows the seed's own cost apart from the machine's speed. Goal: under 20 s.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/server/db/database';
import { loadConfig } from '../../src/server/config';
import { seedDemo } from '../../src/server/seed/seedDemo';

const GOAL_MS = 20_000;
const ROWS = 30_000;
const CHUNK = 1_000;

async function baselineMs(): Promise<number> {
  const database = await openDatabase({ kind: 'pglite' });
  await database.db.execute(sql`create table plain (id int primary key, isin text not null, name text not null)`);
  const started = performance.now();
  await database.db.transaction(async (tx) => {
    for (let from = 0; from < ROWS; from += CHUNK) {
      const values = Array.from({ length: CHUNK }, (_, i) => sql`(${from + i}, ${`INE000A0${from + i}`}, ${`Bond ${from + i}`})`);
      await tx.execute(sql`insert into plain values ${sql.join(values, sql`, `)}`);
    }
  });
  const elapsed = performance.now() - started;
  await database.close();
  return elapsed;
}

async function seedMs(): Promise<{ ms: number; instruments: number }> {
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate(loadConfig({}).migrationsDir);
  const started = performance.now();
  const { counts } = await seedDemo(database.db, { size: 'full', demoPassword: 'bench-password', referenceDate: '2026-11-22' });
  const ms = performance.now() - started;
  await database.close();
  return { ms, instruments: counts.finstruments ?? 0 };
}

const base = await baselineMs();
const seed = await seedMs();
process.stdout.write(
  [
    'Demo seed (full) on PGlite',
    `  baseline: ${ROWS} plain rows          ${(base / 1000).toFixed(2)} s`,
    `  seed: ${seed.instruments} instruments + the rest   ${(seed.ms / 1000).toFixed(2)} s   (${(seed.ms / base).toFixed(1)}× baseline)`,
    `  goal < ${GOAL_MS / 1000} s: ${seed.ms < GOAL_MS ? 'met' : 'MISSED'}`,
    '',
  ].join('\n'),
);
