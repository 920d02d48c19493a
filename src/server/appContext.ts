/**
 * Everything the routes need, built once by `createAppContext` (in main.ts, a test or a benchmark)
 * and passed to buildApp: the infrastructure, and the domain services built from it (services.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../shared/clock.js';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { createDelivery } from './domain/auth/delivery.js';
import type { Bus } from './events/bus.js';
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
  /** Present only with TEST_CLOCK=on: moves `clock` forward. */
  advanceClock?: (ms: number) => void;
  build: BuildInfo;
  services: Services;
  startedAt: Date;
  /** False until migrations and the seed are done and the demo logins printed. */
  readiness: { ready: boolean };
}

interface Infrastructure {
  config: Config;
  database: Database;
  bus: Bus;
  clock: Clock;
  advanceClock?: ((ms: number) => void) | undefined;
  build: BuildInfo;
  log: FastifyBaseLogger;
  ready: boolean;
}

export function createAppContext({ config, database, bus, clock, advanceClock, build, log, ready }: Infrastructure): AppContext {
  const db = database.db;
  const delivery = createDelivery({ db, clock, log, demo: config.demo, brandName: config.brandName, ...config.delivery });
  return {
    config, database, bus, clock, build,
    ...(advanceClock && { advanceClock }),
    services: createServices({ db, clock, config, delivery }, build),
    startedAt: clock.now(),
    readiness: { ready },
  };
}
