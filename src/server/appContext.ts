/**
 * Everything the routes need, built once by `createAppContext` (in main.ts, a test or a benchmark)
 * and passed to buildApp: the infrastructure, and the domain services built from it (services.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../shared/clock.js';
import type { Timers } from '../shared/timers.js';
import { newBackupToken } from './backup/backupAccess.js';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { configuredGateway, createDelivery, type MailGateway } from './domain/auth/delivery.js';
import { createTokenRevocations, type TokenRevocations } from './domain/auth/tokenRevocations.js';
import { databaseStorage } from './storage/databaseStorage.js';
import { filesystemStorage, type FileStorage } from './storage/fileStorage.js';
import type { Bus } from './events/bus.js';
import { createLiveFeed, type LiveFeed } from './live/liveFeed.js';
import { createServices, type Services } from './services.js';

export interface BuildInfo {
  version: string;
  /** Changes with every build; the client reloads when it does. */
  id: string;
}

export interface AppContext {
  config: Config;
  database: Database;
  bus: Bus;
  clock: Clock;
  /** Polls, heartbeats and timeouts, on the same clock. */
  timers: Timers;
  /** Present only with TEST_CLOCK=on: moves `clock` forward. */
  advanceClock?: (ms: number) => void;
  build: BuildInfo;
  services: Services;
  /** Where uploaded files live: DATA_DIR/files, or the database on PostgreSQL (shared by every instance). */
  files: FileStorage;
  /** Revoked access tokens; buildApp subscribes it to the other instances' revocations. */
  revocations: TokenRevocations;
  /** The ws/trade/d/ hub and the event dispatcher feeding it (started once the database is ready). */
  live: LiveFeed;
  startedAt: Date;
  /** False until migrations and the seed are done and the demo logins printed. */
  readiness: { ready: boolean };
  /** Embedded database only: the secret of POST /api/admin/backup/ (main.ts writes it into DATA_DIR). */
  backupToken: string | null;
}

interface Infrastructure {
  config: Config;
  database: Database;
  bus: Bus;
  clock: Clock;
  timers: Timers;
  advanceClock?: ((ms: number) => void) | undefined;
  build: BuildInfo;
  log: FastifyBaseLogger;
  ready: boolean;
  /** Where mail and SMS leave the app; default: the configured SMTP and SMS gateways (tests pass a sink). */
  mail?: MailGateway | undefined;
}

export function createAppContext(infrastructure: Infrastructure): AppContext {
  const { config, database, bus, clock, timers, advanceClock, build, log, ready } = infrastructure;
  const db = database.db;
  const gateway = infrastructure.mail ?? configuredGateway({ log, brandName: config.brandName, ...config.delivery });
  const delivery = createDelivery({ db, clock, gateway, outboxEnabled: config.demoOutbox.enabled });
  const revocations = createTokenRevocations(bus, clock);
  // On PostgreSQL several instances may serve the app: their files live in the database they share.
  const files = database.kind === 'postgres' ? databaseStorage(db, clock) : filesystemStorage(config.filesDir);
  const services = createServices({ db, clock, timers, runAlone: database.runAlone, config, delivery, files, revocations }, build);
  return {
    config,
    database,
    bus,
    clock,
    timers,
    build,
    ...(advanceClock && { advanceClock }),
    services,
    files,
    revocations,
    live: createLiveFeed({
      database,
      bus,
      clock,
      timers,
      auth: services.auth,
      sendBufferLimit: config.liveSendBufferLimit,
      onError: (error) => log.error({ err: error }, 'live feed'),
    }),
    startedAt: clock.now(),
    readiness: { ready },
    backupToken: database.kind === 'pglite' ? newBackupToken() : null,
  };
}
