/**
 * The session machine's test model and its oracle, written from spec 01 §4 (auth status, refresh
 * every 240 s and on visibility, a 401 refreshes and retries, 2 retries per URL, then sign-out).
 */
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { MAX_REQUEST_RETRIES_PER_URL } from '../src/shared/constants';
import { sessionMachine } from './session.machine';
import { defineModel, type Step } from './testing/machineModel';
import { from } from './testing/oracle';
import { pending } from './testing/pending';

const signedIn = { access: 'token-2', refreshTokenMaxAgeMs: 60_000 };
const URL = '/api/x/';

const hasToken = (s: AnyMachineSnapshot) => expect(s.context.access, 'access token').not.toBeNull();
const noToken = (s: AnyMachineSnapshot) => expect(s.context.access, 'access token').toBeNull();
const storesTokens = ({ after, event }: Step) => {
  expect(after.context.access).toBe(event.output.access);
  expect(after.context.refreshTokenMaxAgeMs).toBe(event.output.refreshTokenMaxAgeMs);
};
// Signing out (or failing to sign in) forgets the token and the retry budget.
const forgets = ({ after }: Step) => expect(after.context.retries).toEqual({});

export const sessionModel = defineModel({
  machine: sessionMachine.provide({ actors: { restoreSession: pending(), signIn: pending(), refreshSession: pending(), signOut: pending() } }),
  inputs: [undefined],
  events: [
    { type: 'xstate.done.actor.restoreSession', output: signedIn },
    { type: 'xstate.error.actor.restoreSession', error: new Error('no cookie') },
    { type: 'session.signIn', credentials: { kind: 'password', email: 'a@b.demo', password: 'pw' } },
    { type: 'xstate.done.actor.signIn', output: signedIn },
    { type: 'xstate.error.actor.signIn', error: new Error('refused') },
    { type: 'xstate.after.nextRefresh.session.authenticated' },
    { type: 'window.visible' },
    { type: 'request.unauthorized', url: URL },
    { type: 'xstate.done.actor.refreshSession', output: signedIn },
    { type: 'xstate.error.actor.refreshSession', error: new Error('401') },
    { type: 'session.signOut' },
    { type: 'xstate.done.actor.signOut' },
    { type: 'xstate.error.actor.signOut', error: new Error('offline') },
  ],
  initial: (snapshot) => expect(snapshot.value).toBe('restoring'),
  states: {
    restoring: { tags: ['loading'], holds: noToken },
    unauthenticated: { tags: ['guest'], holds: noToken },
    signingIn: { tags: ['guest', 'busy'], holds: (s) => { noToken(s); expect(s.context.error).toBeNull(); } },
    authenticated: { tags: ['signedIn'], holds: hasToken },
    refreshing: { tags: ['signedIn', 'busy'], holds: hasToken },
    signingOut: { tags: ['busy'] },
  },
  steps: {
    'xstate.done.actor.restoreSession': from({ restoring: ['authenticated', storesTokens] }),
    'xstate.error.actor.restoreSession': from({ restoring: 'unauthenticated' }),
    'session.signIn': from({ unauthenticated: 'signingIn' }),
    'xstate.done.actor.signIn': from({
      signingIn: ['authenticated', (step) => { storesTokens(step); expect(step.actions).toEqual(['redirectAfterSignIn']); }],
    }),
    'xstate.error.actor.signIn': from({
      signingIn: ['unauthenticated', (step) => { forgets(step); expect(step.after.context.error).toBe(step.event.error); }],
    }),
    'xstate.after.nextRefresh.session.authenticated': from({ authenticated: 'refreshing' }),
    'window.visible': from({ authenticated: 'refreshing' }),
    'request.unauthorized': from({
      authenticated: ({ before, event }) => {
        const spent = (before.context.retries as Record<string, number>)[event.url] ?? 0;
        return spent < MAX_REQUEST_RETRIES_PER_URL
          ? ['refreshing', ({ after }) => expect(after.context.retries[event.url]).toBe(spent + 1)]
          : 'signingOut';
      },
    }),
    'xstate.done.actor.refreshSession': from({ refreshing: ['authenticated', storesTokens] }),
    'xstate.error.actor.refreshSession': from({ refreshing: 'signingOut' }),
    'session.signOut': from({ authenticated: 'signingOut', refreshing: 'signingOut' }),
    'xstate.done.actor.signOut': from({
      signingOut: ['unauthenticated', (step) => { forgets(step); expect(step.actions).toEqual(['redirectAfterSignOut']); }],
    }),
    'xstate.error.actor.signOut': from({
      signingOut: ['unauthenticated', (step) => { forgets(step); expect(step.actions).toEqual(['redirectAfterSignOut']); }],
    }),
  },
});
