/**
 * The durable consumers of the event log. Adding one is an entry here: a name (its cursor key),
 * where it starts, and what it does with a batch.
 */
import type { Bus } from './bus.js';
import type { EventConsumer, LoggedEvent } from './dispatcher.js';

/** The bus channel every instance's live hub subscribes to. */
export const LIVE_EVENTS_CHANNEL = 'events';

/** Publishes committed events on the bus for the live hubs (which are not durable: old events are of no use to them). */
export function busPublisher(bus: Bus): EventConsumer {
  return {
    name: 'live-bus',
    startAt: 'now',
    async handle(events) {
      for (const event of events) await bus.publish(LIVE_EVENTS_CHANNEL, { ...event });
    },
  };
}

/** Reads a bus message back as the event it carries. */
export const eventFromBus = (message: Record<string, unknown>) => message as unknown as LoggedEvent;

/** Every durable consumer of this app. */
export function appConsumers(deps: { bus: Bus }): EventConsumer[] {
  return [busPublisher(deps.bus)];
}
