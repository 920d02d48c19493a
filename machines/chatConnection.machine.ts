/**
 * The chat connection (spec 02 §4 Chat connection, Session token problems, Browser online/offline;
 * DESIGN §8): owns whether chat is online for the signed-in user. The composition root sends
 * `session.started` / `session.ended` and `terms.accepted`, forwards the ChatClient's connection
 * and session events (`chat.*`) and the browser's `browser.online`. It issues a session token
 * (POST api/issue-sb-session-token), connects with it, renews an expired or invalid token once,
 * clears cached data on ended sessions, and starts again when the browser comes back online.
 */
import { assign, setup } from 'xstate';
import { notProvided } from './notProvided';

/** Session problems of spec 02 §4: the first two are mended with a new token, the rest end the session. */
export const CHAT_SESSION_ERROR_KINDS = [
  'tokenInvalid',
  'tokenExpired',
  'sessionExpired',
  'sessionRevoked',
  'userDeactivated',
  'userDeleted',
] as const;
export type ChatSessionErrorKind = (typeof CHAT_SESSION_ERROR_KINDS)[number];
export const isTokenProblem = (kind: ChatSessionErrorKind) => kind === 'tokenInvalid' || kind === 'tokenExpired';

export type ChatConnectionEvent =
  | { type: 'session.started'; userId: string; termsAccepted: boolean }
  | { type: 'session.ended' }
  | { type: 'terms.accepted' }
  | { type: 'browser.online' }
  | { type: 'chat.connected' }
  | { type: 'chat.disconnected' }
  | { type: 'chat.reconnectStarted' }
  | { type: 'chat.reconnectSucceeded' }
  | { type: 'chat.reconnectFailed' }
  | { type: 'chat.sessionError'; kind: ChatSessionErrorKind };

export interface ChatConnectionContext {
  userId: string | null;
  token: string | null;
  /** New tokens fetched for token problems since chat was last online: one is allowed (spec 02 §4). */
  renewals: number;
  error: unknown;
}

type Failure = { error: unknown } | { type: 'chat.sessionError'; kind: ChatSessionErrorKind };
/** The session-problem kind of a failed connect (a ChatSessionError of the client) or a session event, if it is one. */
function sessionKind(event: unknown): ChatSessionErrorKind | null {
  const e = event as Failure & { kind?: ChatSessionErrorKind; error?: { kind?: ChatSessionErrorKind; name?: string } };
  if (e.kind) return e.kind;
  return e.error?.name === 'ChatSessionError' && e.error.kind ? e.error.kind : null;
}

export const chatConnectionMachine = setup({
  types: {} as { context: ChatConnectionContext; events: ChatConnectionEvent },
  actors: {
    /** POST api/issue-sb-session-token with the user's unique_id → the token. */
    issueToken: notProvided<string, { userId: string }>('issueToken'),
    /** ChatClient.connect(userId, token). */
    connect: notProvided<void, { userId: string; token: string }>('connect'),
  },
  actions: {
    storeUser: assign((_, params: { userId: string }) => ({ userId: params.userId })),
    storeToken: assign((_, params: { token: string }) => ({ token: params.token })),
    countRenewal: assign(({ context }) => ({ renewals: context.renewals + 1 })),
    resetRenewals: assign({ renewals: 0, error: null }),
    storeError: assign((_, params: { error: unknown }) => ({ error: params.error })),
    forgetUser: assign({ userId: null, token: null, renewals: 0, error: null }),
    /** ChatClient.clearCachedData(). */
    clearCachedData: () => {},
    /** ChatClient.disconnect(). */
    disconnect: () => {},
  },
  guards: {
    hasAcceptedTerms: ({ event }) => event.type === 'session.started' && event.termsAccepted,
    /** An expired or invalid token while no new one has been tried yet. */
    canRenewToken: ({ context, event }) => {
      const kind = sessionKind(event);
      return kind !== null && isTokenProblem(kind) && context.renewals === 0;
    },
    isSessionEnded: ({ event }) => {
      const kind = sessionKind(event);
      return kind !== null && !isTokenProblem(kind);
    },
  },
}).createMachine({
  id: 'chatConnection',
  context: { userId: null, token: null, renewals: 0, error: null },
  initial: 'stopped',
  on: {
    'session.ended': { target: '.stopped', actions: ['disconnect', 'forgetUser'] },
  },
  states: {
    stopped: {
      tags: ['stopped'],
      on: {
        'session.started': [
          {
            guard: 'hasAcceptedTerms',
            target: 'issuingToken',
            actions: { type: 'storeUser', params: ({ event }) => ({ userId: event.userId }) },
          },
          { target: 'awaitingTerms', actions: { type: 'storeUser', params: ({ event }) => ({ userId: event.userId }) } },
        ],
      },
    },
    // No chat before the chat terms are accepted (spec 01 §3).
    awaitingTerms: {
      tags: ['termsRequired'],
      on: { 'terms.accepted': 'issuingToken' },
    },
    issuingToken: {
      tags: ['connecting'],
      invoke: {
        id: 'issueToken',
        src: 'issueToken',
        input: ({ context }) => ({ userId: context.userId ?? '' }),
        onDone: { target: 'connecting', actions: { type: 'storeToken', params: ({ event }) => ({ token: event.output }) } },
        onError: { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    connecting: {
      tags: ['connecting'],
      invoke: {
        id: 'connect',
        src: 'connect',
        input: ({ context }) => ({ userId: context.userId ?? '', token: context.token ?? '' }),
        onDone: { target: 'online', actions: 'resetRenewals' },
        onError: [
          { guard: 'canRenewToken', target: 'issuingToken', actions: 'countRenewal' },
          {
            guard: 'isSessionEnded',
            target: 'ended',
            actions: [{ type: 'storeError', params: ({ event }) => ({ error: event.error }) }, 'clearCachedData'],
          },
          { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    online: {
      tags: ['online'],
      on: {
        'chat.disconnected': 'offline',
        'chat.reconnectStarted': 'offline',
        'chat.sessionError': [
          { guard: 'canRenewToken', target: 'issuingToken', actions: 'countRenewal' },
          { guard: 'isSessionEnded', target: 'ended', actions: 'clearCachedData' },
        ],
      },
    },
    offline: {
      tags: ['offline'],
      on: {
        'chat.connected': { target: 'online', actions: 'resetRenewals' },
        'chat.reconnectSucceeded': { target: 'online', actions: 'resetRenewals' },
        // The SDK gave up: a fresh session and a connect (spec 02 §4).
        'chat.reconnectFailed': { target: 'issuingToken', actions: 'resetRenewals' },
        'chat.sessionError': [
          { guard: 'canRenewToken', target: 'issuingToken', actions: 'countRenewal' },
          { guard: 'isSessionEnded', target: 'ended', actions: 'clearCachedData' },
        ],
      },
    },
    // Chat is not initialised: back online in the browser, it starts again (spec 02 §4).
    failed: {
      tags: ['offline', 'error'],
      on: { 'browser.online': { target: 'issuingToken', actions: 'resetRenewals' } },
    },
    // Deactivated, deleted, expired or revoked: cached data is gone and chat stays off until a new session.
    ended: {
      tags: ['ended'],
    },
  },
});
