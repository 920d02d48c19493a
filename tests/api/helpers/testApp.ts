/** Builds the real app over a private test database, for `app.inject` tests. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app';
import { createAppContext, type AppContext } from '../../../src/server/appContext';
import { configuredGateway } from '../../../src/server/domain/auth/delivery';
import { loadConfig } from '../../../src/server/config';
import { pino, type Logger } from 'pino';
import { createMemoryBus, type Bus } from '../../../src/server/events/bus';
import { simulatedTime } from '../../../src/shared/timers';
import { mailSink, type MailSink } from './mailSink';
import { openTestDatabase } from './testDatabase';

import { TEST_NOW } from '../setup/seedTemplate';

export { TEST_NOW };

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** The app's clock and timers: `advance` fires what falls due. */
  clock: ReturnType<typeof simulatedTime>;
  /** Every e-mail and SMS the app sent (the demo outbox is off unless `env` turns it on). */
  mail: MailSink;
  close(): Promise<void>;
}

/**
/**
 * A ready app; `env` overrides configuration (e.g. ERROR_REPORTING_DSN; `undefined` restores a
 * default); `bus` defaults to in-process; `logger` (default: silent) is the app's log, for tests
 * that read what it writes. Mail goes to `mail`; with `logMail` it also goes on to the gateway of
 * an installation without SMTP or SMS (the log), as in production.
 */
export async function createTestApp(
  env: Record<string, string | undefined> = {},
  bus: Bus = createMemoryBus(),
  logger: Logger = pino({ level: 'silent' }),
  { logMail = false } = {},
): Promise<TestApp> {
  // Uploaded files go to a folder of this app's own, removed on close.
  const dataDir = await mkdtemp(join(tmpdir(), 'kosh-test-data-'));
  // Limits raised so suites that sign in often are not throttled; rateLimits.test.ts sets its own.
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, DEMO_OUTBOX: 'off', RATE_LIMIT_SCALE: '1000', ...env });
  const mail = mailSink(logMail ? configuredGateway({ log: logger, brandName: config.brandName }) : undefined);
  const clock = simulatedTime(TEST_NOW);
  const database = await openTestDatabase();
  const build = { version: '9.9.9-test', id: 'test-build' };
  const ctx = createAppContext({ config, database, clock, timers: clock, build, bus, log: logger, ready: true, mail });
  const app = await buildApp(ctx, logger.isLevelEnabled('fatal') ? logger : undefined);
  await app.ready();
  return {
    app,
    ctx,
    clock,
    mail,
    async close() {
      await app.close();
      await ctx.bus.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
