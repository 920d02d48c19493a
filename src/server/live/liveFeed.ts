/**
 * The live feed of one instance: the hub, its subscription to the bus, and the event dispatcher
 * that publishes committed events on the bus. Built once with the app context; `start` once the
 * database is migrated, `stop` on shutdown (closes every socket, saves the dispatcher's cursor).
 */
import type { Clock } from '../../shared/clock.js';
import type { Timers } from '../../shared/timers.js';
import type { Database } from '../db/database.js';
import type { Bus } from '../events/bus.js';
import { appConsumers, eventFromBus, LIVE_EVENTS_CHANNEL } from '../events/consumers.js';
import { startEventDispatcher, type EventDispatcher } from '../events/dispatcher.js';
import { createLiveHub, type HubAuth } from './hub.js';
import { loadViewer } from './viewers.js';

export interface LiveFeedDeps {
  database: Database;
  bus: Bus;
  clock: Clock;
  timers: Timers;
  auth: HubAuth;
  sendBufferLimit: number;
  onError(error: unknown): void;
}

export function createLiveFeed(deps: LiveFeedDeps) {
  const { database, bus, clock, timers, onError } = deps;
  const hub = createLiveHub({
    auth: deps.auth,
    viewerOf: (userAccountId) => loadViewer(database.db, userAccountId),
    clock,
    timers,
    sendBufferLimit: deps.sendBufferLimit,
    onError,
  });
  let started: Promise<{ dispatcher: EventDispatcher; unsubscribe: () => Promise<void> }> | null = null;
  return {
    hub,
    /** Subscribes the hub to the bus and starts the dispatcher (idempotent). */
    async start(): Promise<void> {
      started ??= (async () => {
        const unsubscribe = await bus.subscribe(LIVE_EVENTS_CHANNEL, (message) => hub.deliver(eventFromBus(message)));
        const dispatcher = await startEventDispatcher({ database, clock, timers, consumers: appConsumers({ bus }), onError });
        return { dispatcher, unsubscribe };
      })();
      await started;
    },
    /** Closes the sockets, stops the dispatcher after its batch in flight. */
    async stop(): Promise<void> {
      await hub.close();
      const running = await started;
      started = null;
      if (!running) return;
      await running.unsubscribe();
      await running.dispatcher.stop();
    },
  };
}
export type LiveFeed = ReturnType<typeof createLiveFeed>;
