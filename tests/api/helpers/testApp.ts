/** Builds the real app over a private test database, for `app.inject` tests. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app';
import { createAppContext, type AppContext } from '../../../src/server/appContext';
import { loadConfig } from '../../../src/server/config';
import { pino, type Logger } from 'pino';
import { createMemoryBus, type Bus } from '../../../src/server/events/bus';
import { simulatedTime } from '../../../src/shared/timers';
import { openTestDatabase } from './testDatabase';

import { TEST_NOW } from '../setup/seedTemplate';

export { TEST_NOW };

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** The app's clock and timers: `advance` fires what falls due. */
  clock: ReturnType<typeof simulatedTime>;
  close(): Promise<void>;
}

/**
 * A ready app; `env` overrides configuration (e.g. ERROR_REPORTING_DSN); `bus` defaults to in-process;
 * `logger` (default: silent) is the app's log, for tests that read what it writes.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  bus: Bus = createMemoryBus(),
  logger: Logger = pino({ level: 'silent' }),
): Promise<TestApp> {
  // Uploaded files go to a folder of this app's own, removed on close.
  const dataDir = await mkdtemp(join(tmpdir(), 'kosh-test-data-'));
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...env });
  const clock = simulatedTime(TEST_NOW);
  const database = await openTestDatabase();
  const build = { version: '9.9.9-test', id: 'test-build' };
  const ctx = createAppContext({ config, database, clock, timers: clock, build, bus, log: logger, ready: true });
  const app = await buildApp(ctx, logger.isLevelEnabled('fatal') ? logger : undefined);
  await app.ready();
  return {
    app,
    ctx,
    clock,
    async close() {
      await app.close();
      await ctx.bus.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
