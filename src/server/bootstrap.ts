/**
 * Brings the database to a servable state: applies migrations, seeds the demo data on the
 * first start in demo mode, and returns the demo logins to print.
 */
import { eq } from 'drizzle-orm';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { systemState } from './db/schema.js';
import { seedDemo, type DemoLogin } from './seed/seedDemo.js';
import { businessDateOf } from '../shared/businessDate.js';
import type { Clock } from '../shared/clock.js';

const SEED_KEY = 'demo_seed';

export interface SeedRecord {
  seededAt: string;
  size: 'full' | 'small';
  logins: DemoLogin[];
  counts: Record<string, number>;
}

/** The stored record of the demo seed, or null when the database was never seeded. */
export async function readSeedRecord(database: Database): Promise<SeedRecord | null> {
  const [row] = await database.db.select().from(systemState).where(eq(systemState.key, SEED_KEY));
  return row ? (row.value as SeedRecord) : null;
}

/** Seeds the demo data unless already seeded; the seed and its record commit together. */
export async function seedOnce(database: Database, config: Config, clock: Clock): Promise<{ record: SeedRecord; seededNow: boolean }> {
  const existing = await readSeedRecord(database);
  if (existing) return { record: existing, seededNow: false };
  const record = await database.db.transaction(async (tx) => {
    const { logins, counts } = await seedDemo(tx, {
      size: config.seedSize,
      demoPassword: config.demoPassword,
      referenceDate: businessDateOf(clock.now()),
    });
    const value: SeedRecord = { seededAt: clock.now().toISOString(), size: config.seedSize, logins, counts };
    await tx.insert(systemState).values({ key: SEED_KEY, value });
    return value;
  });
  return { record, seededNow: true };
}

/** Migrates, then seeds in demo mode; returns the seed record when demo data exists. */
export async function prepareDatabase(
  database: Database,
  config: Config,
  clock: Clock,
): Promise<{ record: SeedRecord | null; seededNow: boolean }> {
  await database.migrate(config.migrationsDir);
  if (!config.demo) return { record: await readSeedRecord(database), seededNow: false };
  return seedOnce(database, config, clock);
}

/** The demo logins as the lines printed at start. */
export function formatLogins(record: SeedRecord, password: string): string {
  const width = Math.max(...record.logins.map((l) => l.email.length));
  const rows = record.logins.map(
    (l) =>
      `  ${l.email.padEnd(width)}  ${l.role.padEnd(17)} ${l.client} (${l.tier}${l.isBroker ? ', broker' : ''}${l.isOperator ? ', venue operator' : ''})`,
  );
  return ['Demo logins (password: ' + password + '):', ...rows].join('\n');
}
