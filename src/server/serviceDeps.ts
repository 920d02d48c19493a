/** What every domain service is built from (see services.ts): the database, the clock, configuration, delivery. */
import type { Clock } from '../shared/clock.js';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import type { Delivery } from './domain/auth/delivery.js';

export interface ServiceDeps {
  db: Db;
  clock: Clock;
  config: Config;
  delivery: Delivery;
}
