/** Everything the routes need, built once in main.ts (or by a test) and passed to buildApp. */
import type { Clock } from '../shared/clock.js';
import type { Timers } from '../shared/timers.js';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { Bus } from './events/bus.js';
import type { ErrorReporter } from './domain/clientErrors/errorReporter.js';
import type { AuthService } from './domain/auth/authService.js';
import type { Delivery } from './domain/auth/delivery.js';

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
  errorReporter: ErrorReporter | null;
  auth: AuthService;
  /** E-mail and SMS (or the log and demo outbox): OTPs, reset links, invitations. */
  delivery: Delivery;
  startedAt: Date;
  /** False until migrations and the seed are done and the demo logins printed. */
  readiness: { ready: boolean };
}
