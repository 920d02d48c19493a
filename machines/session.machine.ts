/**
 * The session (spec 01 §4 auth status): restores it from the refresh cookie at start, signs in
 * and out, refreshes every 240 s or at the refresh token's maximum age when that comes first (one
 * timer, so no transition waits on a timer that can never fire first), when the window becomes
 * visible, and spends a budget of 2 refresh-and-retry rounds per URL on 401s before it
 * signs out (spec 01 §4). A refresh in flight is joined, never restarted or run twice: refresh
 * tokens rotate and a reused one revokes the whole family (DESIGN §10), so a second refresh call
 * would sign the user out. A 401 while refreshing waits for that refresh and spends its URL's
 * round once, however many requests to that URL were refused with the same token (a dashboard
 * refetching after a reconnect sends several); a 401 for a request sent with a token that has
 * since been replaced retries with the new one, no refresh and no round spent. The budget guards
 * against a URL that is refused whatever the token, so a refresh on the timer or on visibility
 * starts it afresh: a session that survives many token expiries (a laptop sleeping through the
 * day) is not signed out for them. Only a 401 on the refresh itself signs out; a refresh lost to
 * the network keeps the session. It owns the auth status and the access token; the session profile is server data and
 * lives in TanStack Query (the provided effects fetch it). Views read its tags (loading, guest,
 * signedIn, busy); the API client sends it `request.unauthorized`; the composition root provides
 * the effects and the redirects.
 */
import { assign, setup } from 'xstate';
import { MAX_REQUEST_RETRIES_PER_URL, SESSION_REFRESH_INTERVAL_MS } from '../src/shared/constants';
import { notProvided } from './notProvided';

export type SignInCredentials =
  { kind: 'password'; email: string; password: string } | { kind: 'otp'; email?: string; mobile?: string; otp: string };

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
  /** A request to `url` sent with the access token `access` was answered 401. */
  | { type: 'request.unauthorized'; url: string; access: string | null };

type Unauthorized = Extract<SessionEvent, { type: 'request.unauthorized' }>;

export interface SessionContext {
  access: string | null;
  error: unknown;
  /** 401 refresh-and-retry rounds spent per URL since the budget was last renewed. */
  retries: Record<string, number>;
  /** The URLs whose round the refresh in flight has already counted. */
  joined: string[];
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
    clearSession: assign({ access: null, retries: {}, joined: [] }),
    renewBudget: assign({ retries: {} }),
    forgetJoined: assign({ joined: [] }),
    storeError: assign((_, params: { error: unknown }) => ({ error: params.error })),
    clearError: assign({ error: null }),
    countRetry: assign({
      retries: ({ context, event }) => {
        const { url } = event as Unauthorized;
        return { ...context.retries, [url]: (context.retries[url] ?? 0) + 1 };
      },
      joined: ({ context, event }) => [...context.joined, (event as Unauthorized).url],
    }),
    redirectAfterSignIn: () => {},
    redirectAfterSignOut: () => {},
  },
  guards: {
    retriesSpent: ({ context, event }) => (context.retries[(event as Unauthorized).url] ?? 0) >= MAX_REQUEST_RETRIES_PER_URL,
    /** The refresh effect failed with the server's 401 (its errors carry the HTTP `status` when there was an answer). */
    refreshRefused: ({ event }) => (event as { error?: { status?: unknown } }).error?.status === 401,
    /** The request went out before the current token was issued: a refresh already answered it. */
    sentWithOldToken: ({ context, event }) => (event as Unauthorized).access !== context.access,
    /** Refused with the token being refreshed, and the first such 401 for its URL in this refresh. */
    startsUrlRound: ({ context, event }) => {
      const { url, access } = event as Unauthorized;
      return access === context.access && !context.joined.includes(url);
    },
  },
  delays: {
    nextRefresh: ({ context }) => Math.min(SESSION_REFRESH_INTERVAL_MS, context.refreshTokenMaxAgeMs),
  },
}).createMachine({
  id: 'session',
  context: { access: null, error: null, retries: {}, joined: [], refreshTokenMaxAgeMs: SESSION_REFRESH_INTERVAL_MS },
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
        onError: {
          target: 'unauthenticated',
          actions: ['clearSession', { type: 'storeError', params: ({ event }) => ({ error: event.error }) }],
        },
      },
    },
    authenticated: {
      tags: ['signedIn'],
      after: { nextRefresh: { target: 'refreshing', actions: 'renewBudget' } },
      on: {
        'window.visible': { target: 'refreshing', actions: 'renewBudget' },
        'session.signOut': 'signingOut',
        'request.unauthorized': [
          // A refresh already answered it: the API client retries with the current token.
          { guard: 'sentWithOldToken' },
          { guard: 'retriesSpent', target: 'signingOut' },
          { target: 'refreshing', actions: 'countRetry' },
        ],
      },
    },
    refreshing: {
      tags: ['signedIn', 'busy'],
      invoke: {
        id: 'refreshSession',
        src: 'refreshSession',
        onDone: { target: 'authenticated', actions: { type: 'storeSignedIn', params: ({ event }) => event.output } },
        // Only the server refusing the refresh (a 401) ends the session; a refresh lost to the
        // network or a server error keeps it, and the next timer or 401 tries again.
        onError: [{ guard: 'refreshRefused', target: 'signingOut' }, { target: 'authenticated' }],
      },
      exit: 'forgetJoined',
      // The timer and window.visible cannot restart the refresh (no transition here re-enters it).
      on: {
        // A sign-out asked for while a refresh runs is not lost.
        'session.signOut': 'signingOut',
        // Every 401 joins this refresh (the API client retries once it has ended); only the first
        // for a URL spends a round. The budget is checked on the retry's 401, after this refresh.
        'request.unauthorized': { guard: 'startsUrlRound', actions: 'countRetry' },
      },
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
