/**
 * The live feed (spec 01 §4 Websocket, §9 constants; DESIGN §7): owns the ws/trade/d/ connection
 * while a session exists. The session wiring sends `session.started` / `session.tokenIssued` /
 * `session.ended`; the socket actor sends `socket.*`. It authenticates with the access token, pings
 * every 10 s, goes offline after 30 s without traffic, and reconnects after a delay that starts at
 * a random 1–5 s, grows ×1.3 and stops growing at 10 s, counting the wait down each second for the
 * badge. Emits each server message through `deliver`.
 */
import { assign, fromCallback, setup } from 'xstate';
import { WS_CONNECT_TIMEOUT_MS, WS_CONNECTIVITY_CHECK_MS, WS_OFFLINE_THRESHOLD_MS, WS_RECONNECT } from '../src/shared/constants';
import type { LiveServerMessage } from '../src/shared/contracts/live';

export type LiveFeedEvent =
  | { type: 'session.started'; access: string }
  | { type: 'session.tokenIssued'; access: string }
  | { type: 'session.ended' }
  | { type: 'socket.opened' }
  | { type: 'socket.message'; message: LiveServerMessage }
  | { type: 'socket.closed'; code: number; reason: string };

export interface LiveFeedContext {
  access: string | null;
  /** The random part of the first delay, in [0, 1): spreads many clients' reconnects apart. */
  jitter: number;
  /** The delay before the next reconnect; null while nothing has failed since the feed was live. */
  backoffMs: number | null;
  /** Reconnects since the feed was last live. */
  attempt: number;
  /** What is left of the current delay, counted down each second; null while not waiting. */
  remainingMs: number | null;
}

/** The countdown's step: the badge reads "Reconnecting in N s" in whole seconds. */
export const RECONNECT_COUNTDOWN_STEP_MS = 1_000;

/** The next reconnect delay: a random 1–5 s first, then ×1.3 each time, at most 10 s. */
export function nextBackoffMs(previous: number | null, jitter: number): number {
  if (previous === null) return Math.round(WS_RECONNECT.initialMinMs + jitter * (WS_RECONNECT.initialMaxMs - WS_RECONNECT.initialMinMs));
  return Math.min(WS_RECONNECT.maxMs, Math.round(previous * WS_RECONNECT.factor));
}

const isConnected = (message: LiveServerMessage) => message.type === 'refresh' && message.reason === 'connected';

export const liveFeedMachine = setup({
  types: {} as { input: { jitter: number }; context: LiveFeedContext; events: LiveFeedEvent },
  actors: {
    /** Opens the socket and reports `socket.*` events; closes it when stopped. */
    socket: fromCallback(() => () => undefined),
  },
  actions: {
    storeAccess: assign((_, params: { access: string }) => ({ access: params.access })),
    forgetSession: assign({ access: null, backoffMs: null, attempt: 0, remainingMs: null }),
    scheduleReconnect: assign(({ context }) => {
      const backoffMs = nextBackoffMs(context.backoffMs, context.jitter);
      return { backoffMs, attempt: context.attempt + 1, remainingMs: backoffMs };
    }),
    countDown: assign(({ context }) => ({ remainingMs: Math.max(0, (context.remainingMs ?? 0) - RECONNECT_COUNTDOWN_STEP_MS) })),
    stopCountdown: assign({ remainingMs: null }),
    resetBackoff: assign({ backoffMs: null, attempt: 0 }),
    sendAuth: () => {},
    sendPing: () => {},
    deliver: (_, _params: { message: LiveServerMessage }) => {},
    markConnected: () => {},
    markDisconnected: () => {},
    /** On open while on the dashboard, asks it to refresh (spec 01 §4). */
    refreshDashboard: () => {},
  },
  guards: {
    isAuthenticated: ({ event }) => event.type === 'socket.message' && isConnected(event.message),
  },
  delays: {
    connectTimeout: WS_CONNECT_TIMEOUT_MS,
    connectivityCheck: WS_CONNECTIVITY_CHECK_MS,
    offlineThreshold: WS_OFFLINE_THRESHOLD_MS,
    reconnectBackoff: ({ context }) => context.backoffMs ?? WS_RECONNECT.initialMinMs,
    countdownStep: RECONNECT_COUNTDOWN_STEP_MS,
  },
}).createMachine({
  id: 'liveFeed',
  context: ({ input }) => ({ access: null, jitter: input.jitter, backoffMs: null, attempt: 0, remainingMs: null }),
  initial: 'stopped',
  on: {
    'session.ended': { target: '.stopped', actions: 'forgetSession' },
  },
  states: {
    stopped: {
      tags: ['stopped'],
      on: {
        'session.started': { target: 'connection', actions: { type: 'storeAccess', params: ({ event }) => ({ access: event.access }) } },
      },
    },
    connection: {
      invoke: { id: 'socket', src: 'socket' },
      initial: 'connecting',
      on: {
        'socket.closed': { target: 'waitingToReconnect', actions: 'markDisconnected' },
        // A new access token re-authenticates the open socket (the server checks it is the same user).
        'session.tokenIssued': { actions: [{ type: 'storeAccess', params: ({ event }) => ({ access: event.access }) }, 'sendAuth'] },
      },
      states: {
        connecting: {
          tags: ['connecting'],
          after: { connectTimeout: { target: '#liveFeed.waitingToReconnect', actions: 'markDisconnected' } },
          on: { 'socket.opened': { target: 'authenticating', actions: ['markConnected', 'sendAuth', 'refreshDashboard'] } },
        },
        authenticating: {
          tags: ['connecting'],
          after: { connectTimeout: { target: '#liveFeed.waitingToReconnect', actions: 'markDisconnected' } },
          on: {
            'socket.message': {
              guard: 'isAuthenticated',
              target: 'live',
              actions: ['resetBackoff', { type: 'deliver', params: ({ event }) => ({ message: event.message }) }],
            },
          },
        },
        live: {
          tags: ['live'],
          type: 'parallel',
          states: {
            heartbeat: {
              initial: 'waiting',
              states: { waiting: { after: { connectivityCheck: { target: 'waiting', reenter: true, actions: 'sendPing' } } } },
            },
            traffic: {
              initial: 'flowing',
              states: {
                flowing: {
                  after: { offlineThreshold: '#liveFeed.connection.offline' },
                  on: {
                    'socket.message': {
                      target: 'flowing',
                      reenter: true,
                      actions: { type: 'deliver', params: ({ event }) => ({ message: event.message }) },
                    },
                  },
                },
              },
            },
          },
        },
        offline: {
          tags: ['offline'],
          after: { connectivityCheck: { target: 'offline', reenter: true, actions: 'sendPing' } },
          on: { 'socket.message': { target: 'live', actions: { type: 'deliver', params: ({ event }) => ({ message: event.message }) } } },
        },
      },
    },
    waitingToReconnect: {
      tags: ['reconnecting'],
      entry: 'scheduleReconnect',
      exit: 'stopCountdown',
      after: { reconnectBackoff: 'connection' },
      on: { 'session.tokenIssued': { actions: { type: 'storeAccess', params: ({ event }) => ({ access: event.access }) } } },
      initial: 'counting',
      states: {
        counting: { after: { countdownStep: { target: 'counting', reenter: true, actions: 'countDown' } } },
      },
    },
  },
});
