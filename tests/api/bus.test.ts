import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryBus, createRedisBus, type Bus, type BusMessage } from '../../src/server/events/bus';

const redisUrl = process.env.TEST_REDIS_URL;
// CI always provides Redis; a developer machine without it still runs the in-process bus tests.
if (!redisUrl && process.env.CI === 'true') throw new Error('TEST_REDIS_URL must be set in CI');

function nextMessage(bus: Bus, channel: string): Promise<BusMessage> {
  return new Promise((resolve) => {
    void bus.subscribe(channel, (message) => resolve(message));
  });
}

const opened: Bus[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((b) => b.close()));
});

describe('in-process bus', () => {
  it('delivers a published message to subscribers as plain data', async () => {
    const bus = createMemoryBus();
    opened.push(bus);
    const received = nextMessage(bus, 'market');
    await bus.publish('market', { kind: 'updates', at: new Date('2026-11-20T00:00:00Z') });
    expect(await received).toEqual({ kind: 'updates', at: '2026-11-20T00:00:00.000Z' });
  });

  it('stops delivering after unsubscribe', async () => {
    const bus = createMemoryBus();
    opened.push(bus);
    const seen: BusMessage[] = [];
    const unsubscribe = await bus.subscribe('market', (m) => seen.push(m));
    await bus.publish('market', { n: 1 });
    await unsubscribe();
    await bus.publish('market', { n: 2 });
    expect(seen).toEqual([{ n: 1 }]);
  });
});

describe.skipIf(!redisUrl)('Redis bus (fan-out across instances)', () => {
  it('carries a message published by one instance to another', async () => {
    const prefix = `kosh-test-${process.pid}-${Date.now()}:`;
    const a = await createRedisBus(redisUrl!, prefix);
    const b = await createRedisBus(redisUrl!, prefix);
    opened.push(a, b);
    const unsubscribeB = await b.subscribe('market', () => undefined);
    const received = nextMessage(b, 'market');
    await a.publish('market', { kind: 'refresh', client_id: 3 });
    expect(await received).toEqual({ kind: 'refresh', client_id: 3 });
    await unsubscribeB();
  });
});
