/**
 * The live-feed machine's test model and its oracle, written from spec 01 §4 (connect, send the
 * auth message, connected on open, disconnected on close or error, refresh the dashboard on open,
 * reconnect with a growing delay) and §9 (4 s connection timeout, 10 s check, 30 s offline, delay
 * a random 1–5 s then ×1.3 up to 10 s), and issue #13 (re-auth on a new token, stop at sign-out;
 * the badge's "Reconnecting in N s" counts the wait down each second).
 */
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { liveFeedMachine } from './liveFeed.machine';
import { defineModel, statePaths, type Step } from './testing/machineModel';
import { expectUnchanged } from './testing/oracle';

const CONNECTED = { type: 'refresh', reason: 'connected' } as const;
const ROW_CHANGED = { type: 'partial_refresh', topic: 'users', ids: ['7'] } as const;
const JITTER = 0.5;

type Where = 'stopped' | 'connecting' | 'authenticating' | 'live' | 'offline' | 'waitingToReconnect';
/** Where the feed is, as a user would name it (live is one place, whatever its heartbeat does). */
function where(snapshot: AnyMachineSnapshot): Where {
  const [path = ''] = statePaths(snapshot);
  if (path.startsWith('connection.live.')) return 'live';
  if (path.startsWith('waitingToReconnect.')) return 'waitingToReconnect';
  return path.replace('connection.', '') as Where;
}

type Outcome = Where | [Where, (step: Step) => void];
/** From these places the event leads there (and `check` holds); from anywhere else nothing changes. */
const moves = (table: Partial<Record<Where, Outcome>>) => (step: Step) => {
  const outcome = table[where(step.before)];
  if (outcome === undefined) return expectUnchanged(step);
  const [target, check] = typeof outcome === 'string' ? [outcome, undefined] : outcome;
  expect(where(step.after), 'where').toBe(target);
  check?.(step);
};
const runs =
  (...expected: string[]) =>
  ({ actions }: Step) =>
    expect(actions).toEqual(expected);
const backoffGrew = ({ before, after }: Step) => {
  const previous = before.context.backoffMs as number | null;
  // A random 1–5 s at first (here the jitter is 0.5: 3 s), then ×1.3, never past 10 s.
  expect(after.context.backoffMs).toBe(previous === null ? 3_000 : Math.min(10_000, Math.round(previous * 1.3)));
  expect(after.context.attempt).toBe(before.context.attempt + 1);
  // The countdown starts at the whole delay.
  expect(after.context.remainingMs).toBe(after.context.backoffMs);
};
/** Leaving the wait ends its countdown. */
const countdownStopped = ({ after }: Step) => expect(after.context.remainingMs).toBeNull();
const disconnected = (step: Step) => {
  runs('markDisconnected')(step);
  backoffGrew(step);
};
const delivers = (step: Step) => {
  runs('deliver')(step);
};

export const liveFeedModel = defineModel({
  machine: liveFeedMachine,
  inputs: [{ jitter: JITTER }],
  events: [
    { type: 'session.started', access: 'token-1' },
    { type: 'session.tokenIssued', access: 'token-2' },
    { type: 'session.ended' },
    { type: 'socket.opened' },
    { type: 'socket.message', message: CONNECTED },
    { type: 'socket.message', message: ROW_CHANGED },
    { type: 'socket.closed', code: 1006, reason: '' },
    { type: 'xstate.after.connectTimeout.liveFeed.connection.connecting' },
    { type: 'xstate.after.connectTimeout.liveFeed.connection.authenticating' },
    { type: 'xstate.after.connectivityCheck.liveFeed.connection.live.heartbeat.waiting' },
    { type: 'xstate.after.offlineThreshold.liveFeed.connection.live.traffic.flowing' },
    { type: 'xstate.after.connectivityCheck.liveFeed.connection.offline' },
    { type: 'xstate.after.reconnectBackoff.liveFeed.waitingToReconnect' },
    { type: 'xstate.after.countdownStep.liveFeed.waitingToReconnect.counting' },
  ],
  // The reconnect count only grows; what decides the next step is the place, the token and the delay.
  // The countdown is one step's arithmetic, checked where it moves; it makes no new place.
  serialize: (s) => JSON.stringify([s.value, s.context.access, s.context.backoffMs]),
  initial: (snapshot) => {
    expect(snapshot.value).toBe('stopped');
    expect(snapshot.context).toEqual({ access: null, jitter: JITTER, backoffMs: null, attempt: 0, remainingMs: null });
  },
  states: {
    stopped: {
      tags: ['stopped'],
      holds: (s) =>
        expect([s.context.access, s.context.backoffMs, s.context.attempt, s.context.remainingMs]).toEqual([null, null, 0, null]),
    },
    'connection.connecting': {
      tags: ['connecting'],
      holds: (s) => expect([s.context.access === null, s.context.remainingMs]).toEqual([false, null]),
    },
    'connection.authenticating': { tags: ['connecting'], holds: (s) => expect(s.context.access).not.toBeNull() },
    'connection.live.heartbeat.waiting': {
      tags: ['live'],
      holds: (s) => expect([s.context.backoffMs, s.context.attempt]).toEqual([null, 0]),
    },
    'connection.live.traffic.flowing': { tags: ['live'] },
    'connection.offline': { tags: ['offline'] },
    'waitingToReconnect.counting': {
      tags: ['reconnecting'],
      holds: (s) => {
        expect(s.context.backoffMs).toBeGreaterThanOrEqual(1_000);
        expect(s.context.backoffMs).toBeLessThanOrEqual(10_000);
        expect(s.context.remainingMs).toBeGreaterThanOrEqual(0);
        expect(s.context.remainingMs).toBeLessThanOrEqual(s.context.backoffMs);
      },
    },
  },
  steps: {
    'session.started': moves({ stopped: ['connecting', ({ after, event }) => expect(after.context.access).toBe(event.access)] }),
    'session.tokenIssued': (step) => {
      expect(where(step.after)).toBe(where(step.before));
      expect(step.after.context.access).toBe(step.event.access);
      // Only a socket that exists is sent the new token; it is used on the next connect anyway.
      expect(step.actions).toEqual(['connecting', 'authenticating', 'live', 'offline'].includes(where(step.before)) ? ['sendAuth'] : []);
    },
    'session.ended': (step) => {
      expect(where(step.after)).toBe('stopped');
      expect(step.actions).toEqual([]);
    },
    'socket.opened': moves({ connecting: ['authenticating', runs('markConnected', 'sendAuth', 'refreshDashboard')] }),
    'socket.message': (step) => {
      const connected = step.event.message.type === 'refresh' && step.event.message.reason === 'connected';
      return moves({
        ...(connected && {
          authenticating: [
            'live',
            (s: Step) => {
              delivers(s);
              expect(s.after.context.backoffMs).toBeNull();
            },
          ] as Outcome,
        }),
        live: ['live', delivers],
        offline: ['live', delivers],
      })(step);
    },
    'socket.closed': moves({
      connecting: ['waitingToReconnect', disconnected],
      authenticating: ['waitingToReconnect', disconnected],
      live: ['waitingToReconnect', disconnected],
      offline: ['waitingToReconnect', disconnected],
    }),
    'xstate.after.connectTimeout.liveFeed.connection.connecting': moves({ connecting: ['waitingToReconnect', disconnected] }),
    'xstate.after.connectTimeout.liveFeed.connection.authenticating': moves({ authenticating: ['waitingToReconnect', disconnected] }),
    'xstate.after.connectivityCheck.liveFeed.connection.live.heartbeat.waiting': moves({ live: ['live', runs('sendPing')] }),
    'xstate.after.offlineThreshold.liveFeed.connection.live.traffic.flowing': moves({ live: ['offline', runs()] }),
    'xstate.after.connectivityCheck.liveFeed.connection.offline': moves({ offline: ['offline', runs('sendPing')] }),
    'xstate.after.reconnectBackoff.liveFeed.waitingToReconnect': moves({
      waitingToReconnect: [
        'connecting',
        (step) => {
          runs()(step);
          countdownStopped(step);
        },
      ],
    }),
    // Each second of the wait takes a second off what the badge shows; the wait itself does not change.
    'xstate.after.countdownStep.liveFeed.waitingToReconnect.counting': moves({
      waitingToReconnect: [
        'waitingToReconnect',
        (step) => {
          runs()(step);
          expect(step.after.context.remainingMs).toBe(Math.max(0, step.before.context.remainingMs - 1_000));
          expect(step.after.context.backoffMs).toBe(step.before.context.backoffMs);
        },
      ],
    }),
  },
});
