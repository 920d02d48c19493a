import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { expect, vi } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { SignedIn } from '../../../machines/session.machine';
import { sessionModel, UNAUTHORIZED_URL } from '../../../machines/session.model';
import { api } from '../../../src/client/api/http';
import { renderApp } from '../../../src/client/app/testing';
import { sessionFixture } from '../../../src/client/features/account/testing';
import { describeUiCover, eventually, hold } from './uiCover';

/** The app's network: requests held for the path's done/error events, and one-off answers by path. */
interface Network {
  held: { path: string; answer: ReturnType<typeof hold<Response>> }[];
  once: Map<string, Response[]>;
  /** Paths whose next request is held as a late one, and the late requests with the token each went out with. */
  holdNext: Set<string>;
  late: { path: string; sentWith: string | null; answer: ReturnType<typeof hold<Response>> }[];
}

const TOKEN = '/api/token/';
const REFRESH = '/api/token/refresh/';
const LOGOUT = '/api/logout/';
// A page that needs a session and renders without loading code: the guard's decision shows at once.
const START_PATH = '/mind';

// The app gets what GET /api/session/ really answers.
const session = sessionFixture();
const userName = `${session.user_info.first_name} ${session.user_info.last_name}`;
const ANSWERED_AT_ONCE: Record<string, () => Response> = {
  '/api/session/': () => Response.json(session),
  '/api/app-config/': () =>
    Response.json({ brand_name: 'Kosh', demo: false, version: '1.0.0', support: { dev_mode: false, widget_app_id: null } }),
  '/version.json': () => Response.json({ version: '1.0.0' }),
  '/builds/latest.json': () => Response.json({ id: 'build-1' }),
};

function fakeFetch(network: Network) {
  return (url: string, init?: RequestInit): Promise<Response> => {
    const path = new URL(url, window.location.origin).pathname;
    if (network.holdNext.delete(path)) {
      const late = hold<Response>();
      const authorization = new Headers(init?.headers).get('authorization');
      network.late.push({ path, sentWith: authorization?.replace(/^Bearer /, '') ?? null, answer: late });
      return late.promise;
    }
    const answer = network.once.get(path)?.shift() ?? ANSWERED_AT_ONCE[path]?.();
    if (answer) return Promise.resolve(answer);
    if (![TOKEN, REFRESH, LOGOUT].includes(path)) return Promise.resolve(Response.json({ detail: 'Not found.' }, { status: 404 }));
    const held = hold<Response>();
    // As a real fetch does, an abort (the client's timeout) ends the wait.
    init?.signal?.addEventListener('abort', () => held.reject(new DOMException('The operation was aborted.', 'AbortError')));
    network.held.push({ path, answer: held });
    return held.promise;
  };
}

/** Answers the app's held request to `path` once it has been made (verify waits for the outcome). */
async function answer(network: Network, path: string, response: Response | Error) {
  await eventually(() => expect(network.held.map((r) => r.path)).toContain(path));
  const [request] = network.held.splice(
    network.held.findIndex((r) => r.path === path),
    1,
  );
  await act(async () => {
    if (response instanceof Error) request!.answer.reject(response);
    else request!.answer.resolve(response);
  });
}

const tokens = (signedIn: SignedIn) =>
  Response.json({ access: signedIn.access, refresh: 'refresh-token', refresh_expires_in: signedIn.refreshTokenMaxAgeMs / 1000 });
const refused = (detail: string) => Response.json({ detail }, { status: 401 });

const loginField = (id: 'email' | 'password') => document.querySelector<HTMLInputElement>(`#signin-${id}`);
const userMenu = () => document.querySelector('[data-testid=user-menu]');

/** The header names the signed-in user, busy while a refresh or sign-out call runs. */
function namesUser(busy: boolean) {
  expect(userMenu()?.textContent).toBe(userName);
  expect(userMenu()?.getAttribute('aria-busy')).toBe(String(busy));
}

/** Signed out: no user menu, the login form or (after a sign-out) the landing page's Sign in link. */
function showsSignIn(snapshot: AnyMachineSnapshot, busy: boolean) {
  expect(userMenu()).toBeNull();
  expect(document.querySelector('#signin-email, a[href="/auth/login"]')).not.toBeNull();
  if (!loginField('email')) return;
  expect(document.querySelector('button[type=submit]')?.classList.contains('bp6-loading')).toBe(busy);
  expect(document.querySelector('.kosh-auth__error') !== null).toBe(snapshot.context.error !== null);
}

// xstate.after.nextRefresh: the harness advances the fake clock by the machine's delay (240 s, or
// the refresh token's age from the last answer when shorter).
describeUiCover<Network>('session', sessionModel, {
  mount() {
    const network: Network = { held: [], once: new Map(), holdNext: new Set(), late: [] };
    vi.stubGlobal('fetch', fakeFetch(network));
    window.history.replaceState(null, '', START_PATH);
    renderApp();
    return network;
  },
  perform: {
    'xstate.done.actor.restoreSession': (network, event) => answer(network, REFRESH, tokens(event.output)),
    'xstate.error.actor.restoreSession': (network) => answer(network, REFRESH, refused('Token is invalid or expired')),
    // A request goes out with the token this refresh replaces and is answered only after it: what a
    // later request.unauthorized naming that token stands for.
    'xstate.done.actor.refreshSession': async (network, event) => {
      const sent = network.late.length;
      network.holdNext.add(UNAUTHORIZED_URL);
      await act(async () => {
        api.get(UNAUTHORIZED_URL).catch(() => undefined);
      });
      await eventually(() => expect(network.late).toHaveLength(sent + 1));
      await answer(network, REFRESH, tokens(event.output));
    },
    // The server refuses the refresh (401), or the network loses it.
    'xstate.error.actor.refreshSession': (network, event) =>
      answer(
        network,
        REFRESH,
        (event.error as { status?: number }).status === 401 ? refused('Token is invalid or expired') : new TypeError('Failed to fetch'),
      ),
    'session.signIn': async (_network, event) => {
      if (!loginField('email')) fireEvent.click(document.querySelector('main a[href="/auth/login"]')!);
      await eventually(() => expect(loginField('email')).not.toBeNull());
      fireEvent.change(loginField('email')!, { target: { value: event.credentials.email } });
      fireEvent.change(loginField('password')!, { target: { value: event.credentials.password } });
      fireEvent.submit(loginField('email')!.form!);
    },
    'xstate.done.actor.signIn': (network, event) => answer(network, TOKEN, tokens(event.output)),
    'xstate.error.actor.signIn': (network) => answer(network, TOKEN, refused('No active account found with the given credentials')),
    'window.visible': () => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
      fireEvent(document, new Event('visibilitychange'));
    },
    // The app learns of a 401 from its API client; the retry after a successful refresh succeeds.
    // A 401 naming a token other than the session's answers a late request sent with that token.
    'request.unauthorized': (network, event, before) =>
      act(async () => {
        if (event.access === before.context.access) {
          network.once.set(event.url, [refused('Given token not valid for any token type'), Response.json({})]);
          api.get(event.url).catch(() => undefined);
          return;
        }
        const index = network.late.findIndex((r) => r.path === event.url && r.sentWith === event.access);
        if (index < 0) throw new Error(`no request to ${event.url} went out with ${event.access}`);
        const [late] = network.late.splice(index, 1);
        network.once.set(event.url, [Response.json({})]);
        late!.answer.resolve(refused('Given token not valid for any token type'));
      }),
    'session.signOut': () => {
      fireEvent.click(userMenu()!);
      fireEvent.click(screen.getByText('Sign out'));
    },
    'xstate.done.actor.signOut': (network) => answer(network, LOGOUT, new Response(null, { status: 204 })),
    'xstate.error.actor.signOut': (network) => answer(network, LOGOUT, new TypeError('Failed to fetch')),
  },
  views: {
    // The guard holds the page until the session is known.
    restoring: () => {
      expect(document.querySelector('.kosh-page-spinner')).not.toBeNull();
      expect(userMenu()).toBeNull();
      expect(document.querySelector('.kosh-header__signin')).toBeNull();
    },
    unauthenticated: (_network, snapshot) => showsSignIn(snapshot, false),
    signingIn: (_network, snapshot) => showsSignIn(snapshot, true),
    authenticated: () => {
      namesUser(false);
      expect(document.querySelector('#signin-email, .kosh-page-spinner')).toBeNull();
    },
    refreshing: () => {
      namesUser(true);
      expect(document.querySelector('#signin-email, .kosh-page-spinner')).toBeNull();
    },
    // Signing out: the header names the user until the logout call ends.
    signingOut: () => namesUser(true),
  },
  unmount() {
    cleanup();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(document, 'visibilityState');
  },
});
