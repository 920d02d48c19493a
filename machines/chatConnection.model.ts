/**
 * The chat-connection machine's test model and its oracle, written from spec 02 §4 (Chat
 * connection: connected and reconnect succeeded → online, disconnected and reconnect started →
 * offline, reconnect failed → a fresh session and a connect; Session token problems: an expired or
 * invalid token → a new token and one more connection, deactivated/deleted/expired/revoked →
 * cached data cleared; Browser online/offline: chat not initialised and signed in → start again),
 * spec 01 §3 (no chat before the chat terms are accepted) and issue #10.
 */
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { chatConnectionMachine } from './chatConnection.machine';
import { defineModel, type Step } from './testing/machineModel';
import { from } from './testing/oracle';
import { pending } from './testing/pending';

const USER = 'u-alice';
/** What the client's connect rejects with on a session problem (a ChatSessionError). */
const sessionError = (kind: string) => Object.assign(new Error(kind), { kind, name: 'ChatSessionError' });
const signedIn = (s: AnyMachineSnapshot) => expect(s.context.userId).toBe(USER);
const runs =
  (...expected: string[]) =>
  ({ actions }: Step) =>
    expect(actions).toEqual(expected);
/** A new token is fetched for a token problem: one renewal spent. */
const renews = (step: Step) => {
  expect(step.after.context.renewals).toBe(step.before.context.renewals + 1);
  runs()(step);
};
/** A fresh start: the renewal budget and the error are reset. */
const fresh = (step: Step) => {
  expect([step.after.context.renewals, step.after.context.error]).toEqual([0, null]);
  runs()(step);
};
const kindOf = (step: Step): string | null => {
  const e = step.event as { kind?: string; error?: unknown };
  if (e.kind) return e.kind;
  return (e.error as { name?: string; kind?: string } | undefined)?.name === 'ChatSessionError' ? (e.error as { kind: string }).kind : null;
};
const tokenProblem = (step: Step) => ['tokenInvalid', 'tokenExpired'].includes(kindOf(step) ?? '');
const sessionEnded = (step: Step) => kindOf(step) !== null && !tokenProblem(step);
/** What a session problem does from a connected or disconnected chat. */
const onSessionProblem = (step: Step) => {
  if (tokenProblem(step)) return step.before.context.renewals === 0 ? (['issuingToken', renews] as const) : null;
  if (sessionEnded(step)) return ['ended', runs('clearCachedData')] as const;
  return null;
};

export const chatConnectionModel = defineModel({
  machine: chatConnectionMachine.provide({ actors: { issueToken: pending(), connect: pending() } }),
  inputs: [undefined],
  events: [
    { type: 'session.started', userId: USER, termsAccepted: true },
    { type: 'session.started', userId: USER, termsAccepted: false },
    { type: 'session.ended' },
    { type: 'terms.accepted' },
    { type: 'browser.online' },
    { type: 'xstate.done.actor.issueToken', output: 'token-1' },
    { type: 'xstate.error.actor.issueToken', error: new Error('Failed to fetch') },
    { type: 'xstate.done.actor.connect' },
    { type: 'xstate.error.actor.connect', error: sessionError('tokenExpired') },
    { type: 'xstate.error.actor.connect', error: sessionError('userDeactivated') },
    { type: 'xstate.error.actor.connect', error: new TypeError('Failed to fetch') },
    { type: 'chat.connected' },
    { type: 'chat.disconnected' },
    { type: 'chat.reconnectStarted' },
    { type: 'chat.reconnectSucceeded' },
    { type: 'chat.reconnectFailed' },
    { type: 'chat.sessionError', kind: 'tokenInvalid' },
    { type: 'chat.sessionError', kind: 'sessionRevoked' },
  ],
  initial: (snapshot) => {
    expect(snapshot.value).toBe('stopped');
    expect(snapshot.context).toEqual({ userId: null, token: null, renewals: 0, error: null });
  },
  states: {
    stopped: { tags: ['stopped'], holds: (s) => expect(s.context).toEqual({ userId: null, token: null, renewals: 0, error: null }) },
    awaitingTerms: {
      tags: ['termsRequired'],
      holds: (s) => {
        signedIn(s);
        expect(s.context.token).toBeNull();
      },
    },
    issuingToken: {
      tags: ['connecting'],
      holds: (s) => {
        signedIn(s);
        expect(s.context.renewals).toBeLessThanOrEqual(1);
      },
    },
    connecting: {
      tags: ['connecting'],
      holds: (s) => {
        signedIn(s);
        expect(s.context.token).toBe('token-1');
      },
    },
    online: {
      tags: ['online'],
      holds: (s) => {
        signedIn(s);
        expect([s.context.renewals, s.context.error]).toEqual([0, null]);
      },
    },
    offline: { tags: ['offline'], holds: signedIn },
    failed: {
      tags: ['offline', 'error'],
      holds: (s) => {
        signedIn(s);
        expect(s.context.error).not.toBeNull();
      },
    },
    ended: { tags: ['ended'], holds: signedIn },
  },
  steps: {
    'session.started': from({
      stopped: (step) => [
        step.event.termsAccepted ? 'issuingToken' : 'awaitingTerms',
        (s: Step) => expect(s.after.context.userId).toBe(USER),
      ],
    }),
    // Signing out always ends chat: disconnect and forget the user, from wherever it was.
    'session.ended': (step) => {
      expect(step.after.value).toBe('stopped');
      expect(step.after.context).toEqual({ userId: null, token: null, renewals: 0, error: null });
      expect(step.actions).toEqual(['disconnect']);
    },
    'terms.accepted': from({ awaitingTerms: 'issuingToken' }),
    'browser.online': from({ failed: ['issuingToken', fresh] }),
    'xstate.done.actor.issueToken': from({ issuingToken: ['connecting', (s) => expect(s.after.context.token).toBe('token-1')] }),
    'xstate.error.actor.issueToken': from({ issuingToken: ['failed', (s) => expect(s.after.context.error).toBe(s.event.error)] }),
    'xstate.done.actor.connect': from({ connecting: 'online' }),
    'xstate.error.actor.connect': from({
      connecting: (step) => {
        if (tokenProblem(step) && step.before.context.renewals === 0) return ['issuingToken', renews];
        if (sessionEnded(step))
          return [
            'ended',
            (s: Step) => {
              runs('clearCachedData')(s);
              expect(s.after.context.error).toBe(s.event.error);
            },
          ];
        // A second token failure, or any other failure, stays offline with the error.
        return ['failed', (s: Step) => expect(s.after.context.error).toBe(s.event.error)];
      },
    }),
    'chat.connected': from({ offline: 'online' }),
    'chat.reconnectSucceeded': from({ offline: 'online' }),
    'chat.disconnected': from({ online: 'offline' }),
    'chat.reconnectStarted': from({ online: 'offline' }),
    'chat.reconnectFailed': from({ offline: ['issuingToken', fresh] }),
    'chat.sessionError': (step) => {
      const where = String(step.before.value);
      const outcome = where === 'online' || where === 'offline' ? onSessionProblem(step) : null;
      return from(outcome ? { [where]: outcome as never } : {})(step);
    },
  },
});
