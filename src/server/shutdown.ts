/**
 * Graceful shutdown (issue #27 item 9), on SIGTERM/SIGINT: the instance stops taking requests (new
 * ones are answered 503 so a proxy retries elsewhere, the port closes), tells its live sockets to
 * reconnect — spread over a few seconds so its clients do not all land on the other instances at
 * once — lets the requests and job runs in flight finish, then closes the bus and the database.
 * Whatever is still running at the deadline is cut off so the process always ends.
 */
import type { FastifyInstance } from 'fastify';
import type { Timers } from '../shared/timers.js';
import type { Database } from './db/database.js';
import type { Bus } from './events/bus.js';
import type { LiveHub } from './live/hub.js';

/** The longest window the socket closes are spread over. */
const MAX_SOCKET_SPREAD_MS = 5_000;

export interface ShutdownDeps {
  app: FastifyInstance;
  hub: LiveHub;
  /** The background jobs' stop functions (each waits for its run in flight). */
  jobs: readonly (() => Promise<void>)[];
  bus: Bus;
  database: Database;
  timers: Timers;
  /** SHUTDOWN_TIMEOUT_MS: requests, sockets and jobs get this long in all. */
  timeoutMs: number;
  random?: () => number;
}

/** Resolves to `finished` when everything in flight ended in time, `timed out` when the deadline cut it off. */
export async function shutDown(deps: ShutdownDeps): Promise<'finished' | 'timed out'> {
  const { app, hub, timers, timeoutMs } = deps;
  const sockets = hub.closeSpread(Math.min(MAX_SOCKET_SPREAD_MS, timeoutMs / 3), deps.random);
  const inFlight = Promise.all([sockets, app.close(), ...deps.jobs.map((stop) => stop())]).then(() => 'finished' as const);
  let cancelDeadline = () => {};
  const deadline = new Promise<'timed out'>((resolve) => {
    cancelDeadline = timers.after(timeoutMs, () => resolve('timed out'));
  });
  const outcome = await Promise.race([inFlight, deadline]);
  cancelDeadline();
  if (outcome === 'timed out') app.server.closeAllConnections();
  await deps.bus.close();
  await deps.database.close();
  return outcome;
}
