/**
 * The API benches' server: seeded demo data on PostgreSQL when TEST_DATABASE_URL or DATABASE_URL
 * is set (PGlite otherwise), the app built in process and called with `inject`.
 */
import { pino } from 'pino';
import { buildApp } from '../../src/server/app';
import { createAppContext } from '../../src/server/appContext';
import { prepareDatabase } from '../../src/server/bootstrap';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';
import { createMemoryBus } from '../../src/server/events/bus';
import { systemClock } from '../../src/shared/clock';
import { systemTimers } from '../../src/shared/timers';

export async function startBenchApp(settings: Record<string, string>) {
  const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  const config = loadConfig({ LOG_LEVEL: 'silent', DEMO: 'on', RATE_LIMIT_SCALE: '1000', ...settings });
  const database = await openDatabase(url ? { kind: 'postgres', url } : { kind: 'pglite' });
  await prepareDatabase(database, config, systemClock);
  const ctx = createAppContext({
    config,
    database,
    clock: systemClock,
    timers: systemTimers,
    build: { version: 'bench', id: 'bench' },
    bus: createMemoryBus(),
    log: pino({ level: 'silent' }),
    ready: true,
  });
  const app = await buildApp(ctx);
  await app.ready();
  return { app, ctx, database };
}
