/**
 * The session machine's test model and its oracle, written from spec 01 §4 (auth status, refresh
 * every 240 s and on visibility, a 401 refreshes and retries, 2 retries per URL, then sign-out, a
 * 401 on the refresh signs out; a URL's round is spent once per refresh, and the timer and
 * visibility refreshes renew the budget) and
 * DESIGN §10 (rotating refresh tokens: a refresh in flight is joined, never restarted or repeated).
 */
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { MAX_REQUEST_RETRIES_PER_URL } from '../src/shared/constants';
import { sessionMachine } from './session.machine';
import { defineModel, type Step } from './testing/machineModel';
import { from } from './testing/oracle';
import { pending } from './testing/pending';

// Sign-in and restore issue token-1, a refresh token-2: a 401 for a request sent with token-1
// means a refresh is due while token-1 is current, and that one already happened once token-2 is.
const signedIn = { access: 'token-1', refreshTokenMaxAgeMs: 60_000 };
const refreshed = { access: 'token-2', refreshTokenMaxAgeMs: 60_000 };
/** The URL of the request the model's 401s answer (UI drivers send it). */
export const UNAUTHORIZED_URL = '/api/x/';

const hasToken = (s: AnyMachineSnapshot) => expect(s.context.access, 'access token').not.toBeNull();
const noToken = (s: AnyMachineSnapshot) => expect(s.context.access, 'access token').toBeNull();
const storesTokens = ({ after, event }: Step) => {
  expect(after.context.access).toBe(event.output.access);
  expect(after.context.refreshTokenMaxAgeMs).toBe(event.output.refreshTokenMaxAgeMs);
};
const spentOn = ({ before, event }: Step) => (before.context.retries as Record<string, number>)[event.url] ?? 0;
const retriesLeft = (step: Step) => spentOn(step) < MAX_REQUEST_RETRIES_PER_URL;
// The 401 spends one of its URL's retries, and the token stays as it was.
const countsRetry = (step: Step) => {
  expect(step.after.context.retries[step.event.url]).toBe(spentOn(step) + 1);
  expect(step.after.context.joined).toContain(step.event.url);
  expect(step.after.context.access).toBe(step.before.context.access);
};
const unchanged = ({ before, after }: Step) => expect(after.context).toEqual(before.context);
const sentWithOldToken = (step: Step) => step.event.access !== step.before.context.access;
// A refresh not caused by a 401 starts the budget afresh.
const renewsBudget = ({ after }: Step) => expect(after.context.retries).toEqual({});
// A refresh that ended has no URLs joined to it.
const noneJoined = ({ after }: Step) => expect(after.context.joined).toEqual([]);
const keepsRefresh = ({ before, after }: Step) =>
  expect(after.children.refreshSession, 'the refresh in flight').toBe(before.children.refreshSession);
// Signing out (or failing to sign in) forgets the token and the retry budget.
const forgets = ({ after }: Step) => {
  expect(after.context.retries).toEqual({});
  expect(after.context.joined).toEqual([]);
};

export const sessionModel = defineModel({
  machine: sessionMachine.provide({
    actors: { restoreSession: pending(), signIn: pending(), refreshSession: pending(), signOut: pending() },
  }),
  inputs: [undefined],
  events: [
    { type: 'xstate.done.actor.restoreSession', output: signedIn },
    { type: 'xstate.error.actor.restoreSession', error: new Error('no cookie') },
    { type: 'session.signIn', credentials: { kind: 'password', email: 'a@b.demo', password: 'pw' } },
    { type: 'xstate.done.actor.signIn', output: signedIn },
    { type: 'xstate.error.actor.signIn', error: new Error('refused') },
    { type: 'xstate.after.nextRefresh.session.authenticated' },
    { type: 'window.visible' },
    { type: 'request.unauthorized', url: UNAUTHORIZED_URL, access: 'token-1' },
    { type: 'xstate.done.actor.refreshSession', output: refreshed },
    { type: 'xstate.error.actor.refreshSession', error: Object.assign(new Error('Token is invalid or expired'), { status: 401 }) },
    { type: 'xstate.error.actor.refreshSession', error: new TypeError('Failed to fetch') },
    { type: 'session.signOut' },
    { type: 'xstate.done.actor.signOut' },
    { type: 'xstate.error.actor.signOut', error: new Error('offline') },
  ],
  initial: (snapshot) => expect(snapshot.value).toBe('restoring'),
  states: {
    restoring: { tags: ['loading'], holds: noToken },
    unauthenticated: { tags: ['guest'], holds: noToken },
    signingIn: {
      tags: ['guest', 'busy'],
      holds: (s) => {
        noToken(s);
        expect(s.context.error).toBeNull();
      },
    },
    authenticated: { tags: ['signedIn'], holds: hasToken },
    refreshing: { tags: ['signedIn', 'busy'], holds: hasToken },
    signingOut: { tags: ['busy'] },
  },
  steps: {
    'xstate.done.actor.restoreSession': from({ restoring: ['authenticated', storesTokens] }),
    'xstate.error.actor.restoreSession': from({ restoring: 'unauthenticated' }),
    'session.signIn': from({ unauthenticated: 'signingIn' }),
    'xstate.done.actor.signIn': from({
      signingIn: [
        'authenticated',
        (step) => {
          storesTokens(step);
          expect(step.actions).toEqual(['redirectAfterSignIn']);
        },
      ],
    }),
    'xstate.error.actor.signIn': from({
      signingIn: [
        'unauthenticated',
        (step) => {
          forgets(step);
          expect(step.after.context.error).toBe(step.event.error);
        },
      ],
    }),
    'xstate.after.nextRefresh.session.authenticated': from({ authenticated: ['refreshing', renewsBudget] }),
    'window.visible': from({ authenticated: ['refreshing', renewsBudget] }),
    'request.unauthorized': from({
      authenticated: (step) => {
        // A request sent before the current token was issued is retried with it: no refresh, no round.
        if (sentWithOldToken(step)) return ['authenticated', unchanged];
        return retriesLeft(step) ? ['refreshing', countsRetry] : 'signingOut';
      },
      // Joins the refresh in flight (the same call, not restarted) and is retried after it; the
      // first 401 for a URL sent with the token being refreshed spends its round, later ones not.
      refreshing: (step) => {
        const firstForUrl = !sentWithOldToken(step) && !(step.before.context.joined as string[]).includes(step.event.url);
        return [
          'refreshing',
          (s) => {
            (firstForUrl ? countsRetry : unchanged)(s);
            keepsRefresh(s);
          },
        ];
      },
    }),
    'xstate.done.actor.refreshSession': from({
      refreshing: [
        'authenticated',
        (step) => {
          storesTokens(step);
          noneJoined(step);
        },
      ],
    }),
    // A 401 on the refresh signs out; a refresh lost to the network keeps the session, its token and its budget.
    'xstate.error.actor.refreshSession': from({
      refreshing: ({ event }) =>
        (event.error as { status?: number }).status === 401
          ? 'signingOut'
          : ['authenticated', ({ before, after }) => expect(after.context).toEqual({ ...before.context, joined: [] })],
    }),
    'session.signOut': from({ authenticated: 'signingOut', refreshing: 'signingOut' }),
    'xstate.done.actor.signOut': from({
      signingOut: [
        'unauthenticated',
        (step) => {
          forgets(step);
          expect(step.actions).toEqual(['redirectAfterSignOut']);
        },
      ],
    }),
    'xstate.error.actor.signOut': from({
      signingOut: [
        'unauthenticated',
        (step) => {
          forgets(step);
          expect(step.actions).toEqual(['redirectAfterSignOut']);
        },
      ],
    }),
  },
});
