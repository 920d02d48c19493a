/**
 * The session (spec 01 §4 auth status): restores it from the refresh cookie at start, signs in
 * and out, refreshes every 240 s or at the refresh token's maximum age when that comes first (one
 * timer, so no transition waits on a timer that can never fire first), when the window becomes
 * visible, and spends a budget of 2 refresh-and-retry rounds per URL on 401s before it
 * resets. It owns the auth status and the access token; the session profile is server data and
 * lives in TanStack Query (the provided effects fetch it). Views read its tags (loading, guest,
 * signedIn, busy); the API client sends it `request.unauthorized`; the composition root provides
 * the effects and the redirects.
 */
import { assign, setup } from 'xstate';
import { MAX_REQUEST_RETRIES_PER_URL, SESSION_REFRESH_INTERVAL_MS } from '../src/shared/constants';
import { notProvided } from './notProvided';

export type SignInCredentials =
  | { kind: 'password'; email: string; password: string }
  | { kind: 'otp'; email?: string; mobile?: string; otp: string };

/** What every successful sign-in, restore or refresh yields (once the session profile is fetched). */
export interface SignedIn {
  access: string;
  /** How long the refresh token just issued lives. */
  refreshTokenMaxAgeMs: number;
}

export type SessionEvent =
  | { type: 'session.signIn'; credentials: SignInCredentials }
  | { type: 'session.signOut' }
  | { type: 'window.visible' }
  | { type: 'request.unauthorized'; url: string };

export interface SessionContext {
  access: string | null;
  error: unknown;
  /** 401 refresh-and-retry rounds spent per URL since the session began. */
  retries: Record<string, number>;
  refreshTokenMaxAgeMs: number;
}

export const sessionMachine = setup({
  types: {} as { context: SessionContext; events: SessionEvent },
  actors: {
    restoreSession: notProvided<SignedIn>('restoreSession'),
    signIn: notProvided<SignedIn, SignInCredentials>('signIn'),
    refreshSession: notProvided<SignedIn>('refreshSession'),
    signOut: notProvided<void>('signOut'),
  },
  actions: {
    storeSignedIn: assign((_, signedIn: SignedIn) => ({ ...signedIn, error: null })),
    clearSession: assign({ access: null, retries: {} }),
    storeError: assign((_, params: { error: unknown }) => ({ error: params.error })),
    clearError: assign({ error: null }),
    countRetry: assign({
      retries: ({ context, event }) => {
        const { url } = event as Extract<SessionEvent, { type: 'request.unauthorized' }>;
        return { ...context.retries, [url]: (context.retries[url] ?? 0) + 1 };
      },
    }),
    redirectAfterSignIn: () => {},
    redirectAfterSignOut: () => {},
  },
  guards: {
    hasRetriesLeft: ({ context, event }) =>
      (context.retries[(event as Extract<SessionEvent, { type: 'request.unauthorized' }>).url] ?? 0) < MAX_REQUEST_RETRIES_PER_URL,
  },
  delays: {
    nextRefresh: ({ context }) => Math.min(SESSION_REFRESH_INTERVAL_MS, context.refreshTokenMaxAgeMs),
  },
}).createMachine({
  id: 'session',
  context: { access: null, error: null, retries: {}, refreshTokenMaxAgeMs: SESSION_REFRESH_INTERVAL_MS },
  initial: 'restoring',
  states: {
    restoring: {
      tags: ['loading'],
      invoke: {
        id: 'restoreSession',
        src: 'restoreSession',
        onDone: { target: 'authenticated', actions: { type: 'storeSignedIn', params: ({ event }) => event.output } },
        onError: { target: 'unauthenticated', actions: 'clearSession' },
      },
    },
    unauthenticated: {
      tags: ['guest'],
      on: { 'session.signIn': 'signingIn' },
    },
    signingIn: {
      tags: ['guest', 'busy'],
      entry: 'clearError',
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ event }) => (event as Extract<SessionEvent, { type: 'session.signIn' }>).credentials,
        onDone: {
          target: 'authenticated',
          actions: [{ type: 'storeSignedIn', params: ({ event }) => event.output }, 'redirectAfterSignIn'],
        },
        // A failed sign-in or session fetch leaves no half-session behind.
        onError: { target: 'unauthenticated', actions: ['clearSession', { type: 'storeError', params: ({ event }) => ({ error: event.error }) }] },
      },
    },
    authenticated: {
      tags: ['signedIn'],
      after: { nextRefresh: 'refreshing' },
      on: {
        'window.visible': 'refreshing',
        'session.signOut': 'signingOut',
        'request.unauthorized': [
          { guard: 'hasRetriesLeft', target: 'refreshing', actions: 'countRetry' },
          { target: 'signingOut' },
        ],
      },
    },
    refreshing: {
      tags: ['signedIn', 'busy'],
      invoke: {
        id: 'refreshSession',
        src: 'refreshSession',
        onDone: { target: 'authenticated', actions: { type: 'storeSignedIn', params: ({ event }) => event.output } },
        onError: { target: 'signingOut' },
      },
      // A sign-out asked for while a refresh runs is not lost.
      on: { 'session.signOut': 'signingOut' },
    },
    signingOut: {
      tags: ['busy'],
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: { target: 'unauthenticated', actions: ['clearSession', 'redirectAfterSignOut'] },
        onError: { target: 'unauthenticated', actions: ['clearSession', 'redirectAfterSignOut'] },
      },
    },
  },
});
