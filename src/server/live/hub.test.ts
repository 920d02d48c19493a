import { describe, expect, it } from 'vitest';
import type { Principal } from '../../shared/accessPolicy.js';
import { simulatedTime } from '../../shared/timers.js';
import type { LoggedEvent } from '../events/dispatcher.js';
import { createLiveHub, type HubSocket } from './hub.js';
import type { Viewer } from './visibility.js';

/** A socket the hub talks to in memory: what it was sent, and a way to speak to the hub. */
function memorySocket() {
  const sent: unknown[] = [];
  const listeners = new Map<string, (data?: unknown) => void>();
  const socket: HubSocket = {
    bufferedAmount: 0,
    readyState: 1,
    send: (data) => void sent.push(JSON.parse(data)),
    close: () => undefined,
    on: (event: string, listener: (data?: unknown) => void) => listeners.set(event, listener),
  };
  return { socket, sent, say: (message: object) => listeners.get('message')?.(JSON.stringify(message)) };
}

const dealer: Viewer = { userId: 7, userAccountId: 70, clientId: 1, roles: ['clientdealer', 'user'], canTrade: true, isOperator: false };
const demoted: Viewer = { ...dealer, roles: ['clientviewer'], canTrade: false };

const event = (
  id: number,
  type: LoggedEvent['type'],
  clientId: number,
  aggregateId: number,
  payload: Record<string, unknown>,
): LoggedEvent => ({
  id,
  type,
  aggregateType: type.split('.')[0]!,
  aggregateId: String(aggregateId),
  clientId,
  actorUserId: null,
  payload,
  occurredAt: '2026-01-05T10:00:00.000Z',
});
const marketQuote = (id: number) =>
  event(id, 'eoi.created', 2, 500, {
    eoi_id: 500,
    finstrument_id: 9,
    quote_type: 'BID',
    status: 'live',
    rfq_mode: 'OTM',
    oto_client_id: null,
    revision: 0,
  });

/** Lets pending promise callbacks (the hub's reads and sends) run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the live hub after an access change', () => {
  it('re-reads the user before any later event reaches their sockets, even when both arrive in one batch', async () => {
    const time = simulatedTime('2026-01-05T10:00:00Z');
    let reread: (viewer: Viewer) => void = () => undefined;
    let reads = 0;
    const hub = createLiveHub({
      auth: {
        liveIdentity: async () => ({ principal: { userAccountId: 70 } as Principal, sessionId: null, expiresAt: new Date('2026-01-06') }),
        activeSessions: async () => new Set(),
      },
      viewerOf: (): Promise<Viewer> => (reads++ === 0 ? Promise.resolve(dealer) : new Promise((resolve) => (reread = resolve))),
      clock: time,
      timers: time,
      sendBufferLimit: 1_000_000,
      onError: (error) => {
        throw error;
      },
    });
    const { socket, sent, say } = memorySocket();
    hub.accept(socket);
    say({ type: 'auth', token: 'dealer' });
    await settle();
    expect(sent).toEqual([{ type: 'refresh', reason: 'connected' }]);

    // The dealer is made a viewer by their client (event 1), and another firm posts to the market at once (event 2).
    hub.deliver(event(1, 'user_account.roles_changed', 1, 70, { from: dealer.roles, to: demoted.roles }));
    hub.deliver(marketQuote(2));
    await settle();
    expect(sent).toHaveLength(1);
    reread(demoted);
    await settle();
    expect(sent.slice(1)).toEqual([{ type: 'refresh', reason: 'access_changed', event_id: 1 }]);

    hub.deliver(marketQuote(3));
    await settle();
    expect(sent).toHaveLength(2);
    await hub.close();
  });
});
