/** What every domain service is built from (see services.ts): the database, the clock, configuration, delivery, file storage. */
import type { Clock } from '../shared/clock.js';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import type { RunAlone } from './db/jobLock.js';
import type { Delivery } from './domain/auth/delivery.js';
import type { Timers } from '../shared/timers.js';
import type { FileStorage } from './storage/fileStorage.js';
import type { TokenRevocations } from './domain/auth/tokenRevocations.js';

export interface ServiceDeps {
  db: Db;
  clock: Clock;
  /** Schedules on the injected clock (jobs and polls). */
  timers: Timers;
  /** Runs one run of a background job unless another instance is running it (jobs run once across instances). */
  runAlone: RunAlone;
  config: Config;
  delivery: Delivery;
  /** Uploaded files' bytes (the database keeps their keys). */
  files: FileStorage;
  /** Access tokens denied before they expire (sign-out, password change), shared over the bus. */
  revocations: TokenRevocations;
}
