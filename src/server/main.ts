/**
 * The server process: listens at once (health answers "starting"), then migrates, seeds on the
 * first demo start, prints the demo logins and only then reports ready. Shuts down cleanly on
 * SIGINT/SIGTERM so PGlite's data directory is never left half-written.
 */
import { offsetClock, systemClock } from '../shared/clock.js';
import { systemTimers } from '../shared/timers.js';
import { buildApp } from './app.js';
import { loopbackUrl, writeBackupAccess } from './backup/backupAccess.js';
import { createAppContext } from './appContext.js';
import { formatLogins, prepareDatabase } from './bootstrap.js';
import { readBuildInfo } from './buildInfo.js';
import { describeDefaults, describeRisks, loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { createLogger } from './logger.js';
import { createMemoryBus, createRedisBus } from './events/bus.js';
import { logReadiness } from './readiness.js';
import { shutDown } from './shutdown.js';
import { describeFatal } from './startupError.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const testClock = config.testClock ? offsetClock() : null;
  const clock = testClock ?? systemClock;
  const build = readBuildInfo(config.root);
  // People reading a terminal get readable lines; pipes and log collectors get JSON. Secrets never.
  const logger = createLogger({ level: config.logLevel, pretty: process.stdout.isTTY });
  const database = await openDatabase(
    config.database.kind === 'postgres'
      ? { ...config.database, onIdleError: (error) => logger.warn({ err: error }, 'database connection lost; the pool reconnects') }
      : config.database,
  );
  const bus = config.redisUrl ? await createRedisBus(config.redisUrl, config.redisKeyPrefix) : createMemoryBus();
  const ctx = createAppContext({
    config,
    database,
    bus,
    clock,
    timers: systemTimers,
    advanceClock: testClock?.advance,
    build,
    log: logger,
    ready: false,
  });
  const app = await buildApp(ctx, logger);

  // The background jobs' stop functions: shutdown lets each finish its run in flight.
  const jobs: (() => Promise<void>)[] = [];
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down (at most ${config.shutdownTimeoutMs} ms)`);
    const outcome = await shutDown({
      app,
      hub: ctx.live.hub,
      jobs,
      bus,
      database,
      timers: systemTimers,
      timeoutMs: config.shutdownTimeoutMs,
    });
    if (outcome === 'timed out') app.log.warn('shutdown deadline reached: requests or jobs still running were cut off');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const port = (app.server.address() as { port: number }).port;
  // `npm run db:backup` asks this server, which holds the embedded database, for the backup.
  if (ctx.backupToken) writeBackupAccess(config.dataDir, { url: loopbackUrl(config.host, port), token: ctx.backupToken });
  for (const line of describeDefaults(config)) app.log.info(line);
  for (const line of describeRisks(config)) app.log.warn(`WARNING: ${line}`);

  const started = Date.now();
  const { record, seededNow } = await prepareDatabase(database, config, clock);
  if (seededNow && record) app.log.info({ counts: record.counts, ms: Date.now() - started }, 'demo data seeded');
  if (record) process.stdout.write(`\n${formatLogins(record, config.demoPassword)}\n\n`);
  // Quotes whose validity ran out while the server was down expire now; then the job keeps up.
  jobs.unshift(ctx.services.trading.startValidityExpiry((error) => app.log.error({ err: error }, 'validity expiry sweep failed')));
  // Deals a platform answered late, or that a stop left unsent, are settled with the platform now and as answers come.
  jobs.unshift(ctx.services.trading.startExchangeAnswers((error) => app.log.error({ err: error }, 'exchange answers sweep failed')));
  // Orders whose settlement date or pay-in cut-off passed while the server was down move on now, in order; then the job keeps up.
  jobs.unshift(ctx.services.settlement.startSettlement((error) => app.log.error({ err: error }, 'settlement sweep failed')));
  // Uploads sweep expired orphans as they come; a restart sweeps those left by a quiet server.
  const swept = await ctx.services.support.sweepOrphanFiles();
  if (swept > 0) app.log.info({ swept }, 'expired support uploads deleted');
  if (config.marketSimulator.enabled) {
    jobs.unshift(
      ctx.services.trading.startMarketSimulator(config.marketSimulator.everyMs, (error) =>
        app.log.error({ err: error }, 'market simulator action failed'),
      ),
    );
  }
  ctx.readiness.ready = true;
  await ctx.live.start();
  // The start log names any check /api/ready fails (a damaged table, a pending migration, Redis).
  await logReadiness(ctx, app.log);
  const address = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  process.stdout.write(`${config.brandName} ${build.version} is ready at ${address}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${describeFatal(error)}\n`);
  process.exit(1);
});
