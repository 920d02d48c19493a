/** Migrates and seeds a database the way every API test expects it (small seed, fixed date). */
import { manualClock } from '../../../src/shared/clock';
import { loadConfig } from '../../../src/server/config';
import { seedOnce } from '../../../src/server/bootstrap';
import type { Database } from '../../../src/server/db/database';

export const TEST_DEMO_PASSWORD = 'kosh-test-2026';
/** The instant every API test's app starts at; the seed is made on the same day, so what it derives from "today" (last trades, matured bonds) never moves with the calendar. */
export const TEST_NOW = '2026-11-20T05:30:00.000Z';

/** Applies migrations and the small demo seed to `database`. */
export async function migrateAndSeed(database: Database): Promise<void> {
  const config = loadConfig({ SEED_SIZE: 'small', DEMO_PASSWORD: TEST_DEMO_PASSWORD });
  await database.migrate(config.migrationsDir);
  await seedOnce(database, config, manualClock(TEST_NOW));
}
