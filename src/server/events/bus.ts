/**
 * The event bus carries live events between app instances: in-process by default, Redis pub/sub
 * when REDIS_URL is set (several stateless instances behind a load balancer).
 */
import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

export type BusMessage = Record<string, unknown>;
export type BusHandler = (message: BusMessage) => void;

export interface Bus {
  readonly kind: 'memory' | 'redis';
  publish(channel: string, message: BusMessage): Promise<void>;
  /** Resolves once the subscription is live; the returned function unsubscribes. */
  subscribe(channel: string, handler: BusHandler): Promise<() => Promise<void>>;
  /** Resolves when the bus answers (readiness); rejects when its server does not. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** A bus for a single instance. */
export function createMemoryBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    kind: 'memory',
    async publish(channel, message) {
      // Serialise like Redis does so both buses hand subscribers the same plain data.
      emitter.emit(channel, JSON.parse(JSON.stringify(message)) as BusMessage);
    },
    async subscribe(channel, handler) {
      emitter.on(channel, handler);
      return async () => {
        emitter.off(channel, handler);
      };
    },
    // In-process: it answers while the process does.
    async ping() {},
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/** A bus shared by every instance connected to the same Redis. */
export async function createRedisBus(url: string, keyPrefix = 'kosh:'): Promise<Bus> {
  const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  const subscriber = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  await Promise.all([publisher.connect(), subscriber.connect()]);
  const handlers = new Map<string, Set<BusHandler>>();

  subscriber.on('message', (fullChannel: string, raw: string) => {
    const set = handlers.get(fullChannel);
    if (!set) return;
    const message = JSON.parse(raw) as BusMessage;
    for (const handler of set) handler(message);
  });

  return {
    kind: 'redis',
    async publish(channel, message) {
      await publisher.publish(keyPrefix + channel, JSON.stringify(message));
    },
    async subscribe(channel, handler) {
      const full = keyPrefix + channel;
      let set = handlers.get(full);
      if (!set) {
        set = new Set();
        handlers.set(full, set);
        await subscriber.subscribe(full);
      }
      set.add(handler);
      return async () => {
        set.delete(handler);
        if (set.size === 0) {
          handlers.delete(full);
          // A connection already closed (Redis gone, or the bus closed first) holds no subscription.
          if (subscriber.status !== 'end') await subscriber.unsubscribe(full);
        }
      };
    },
    async ping() {
      await publisher.ping();
    },
    async close() {
      await Promise.all([publisher.quit(), subscriber.quit()]);
    },
  };
}
