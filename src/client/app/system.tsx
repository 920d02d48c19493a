/**
 * The composition root: the app-wide actors and the query client, created and started once per
 * page load (outside React, so StrictMode's double effects and renders cannot stop or duplicate
 * them) and provided to views through one context. Machine effects get their real
 * implementations here; browser events and the API client are wired to the actors here.
 */
import { QueryClient } from '@tanstack/react-query';
import { createContext, useContext, type ReactNode } from 'react';
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { appVersionMachine } from '../../../machines/appVersion.machine';
import { connectivityMachine } from '../../../machines/connectivity.machine';
import { sessionMachine, type SignedIn, type SignInCredentials } from '../../../machines/session.machine';
import { businessDateOf } from '../../shared/businessDate';
import { systemClock, type Clock } from '../../shared/clock';
import type { Session, TokenPair } from '../../shared/contracts/auth';
import { buildSchema, versionSchema } from '../../shared/contracts/system';
import { TOAST_TEXT } from '../../shared/messages';
import { homePath, safeRedirectTarget } from '../../shared/pageAccess';
import * as authApi from '../api/authApi';
import { api, configureAuth, onMultiStatus } from '../api/http';
import { dismissToast, showToast } from '../ui/toaster';
import { firstFieldError } from '../ui/toastMessage';
import { inspect } from './actorInspection';
import { setErrorReportUser } from './errorReporting';
import { toGuardSession } from './guardSession';
import { createLiveFeed, type ActorTimers } from './liveFeedActor';
import type { LiveMessages } from './liveMessages';
import { sessionAuthHooks } from './sessionAuth';
import { fetchSession, sessionKey } from './sessionQueries';
import type { liveFeedMachine } from '../../../machines/liveFeed.machine';
import type { OpenSocket } from '../api/liveSocket';
import type { chatConnectionMachine } from '../../../machines/chatConnection.machine';
import type { ChatClient } from '../chat/chatClient';
import { createChatConnection } from '../chat/chatConnectionActor';
import { createChatClient } from '../chat/createChatClient';
import { liveChatFeedOf } from '../chat/liveChatFeed';

const OFFLINE_TOAST_KEY = 'connectivity-offline';
const VERSION_STORAGE_KEY = 'kosh.version';

export interface System {
  /** The time views read (business dates, "matured"): tests give their own. */
  clock: Clock;
  queryClient: QueryClient;
  connectivity: ActorRefFrom<typeof connectivityMachine>;
  session: ActorRefFrom<typeof sessionMachine>;
  appVersion: ActorRefFrom<typeof appVersionMachine>;
  /** The ws/trade/d/ connection while signed in; views read its tags (live, reconnecting, offline). */
  liveFeed: ActorRefFrom<typeof liveFeedMachine>;
  /** Live messages by kind, for `useLiveMessages`. */
  liveMessages: LiveMessages;
  /** Chat (DESIGN §8): the adapter views call, and the connection machine (it waits for a signed-in user who accepted the chat terms). */
  chat: { client: ChatClient; connection: ActorRefFrom<typeof chatConnectionMachine> };
  /** Stops the actors and unhooks the browser and the API client: for tests, never for a page. */
  dispose(): void;
}

/** Creates and starts the app's actors and clients: once per page load, or per test (`live` gives a test's socket, jitter and timers). */
export function createSystem(
  navigate: (to: string) => void,
  clock: Clock = systemClock,
  live: { openSocket?: OpenSocket; jitter?: number; timers?: ActorTimers } = {},
): System {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  // Sign-in, restore and refresh all end by fetching the session profile with the new token —
  // its own request, not fetchQuery: that would join a session query in flight sent with the old
  // token, whose 401 waits for this very refresh to end (a deadlock).
  const withProfile = async (pair: TokenPair): Promise<SignedIn> => {
    queryClient.setQueryData(sessionKey, await fetchSession(pair.access));
    return { access: pair.access, refreshTokenMaxAgeMs: pair.refresh_expires_in * 1000 };
  };
  const profile = () => queryClient.getQueryData<Session>(sessionKey);

  const connectivity = createActor(
    connectivityMachine.provide({
      actions: {
        showOfflineNotice: () =>
          void showToast({
            key: OFFLINE_TOAST_KEY,
            group: 'connectivity',
            severity: 'warn',
            summary: TOAST_TEXT.offline,
            life: 0,
            closable: false,
          }),
        clearOfflineNotice: () => void dismissToast(OFFLINE_TOAST_KEY, 'connectivity'),
        announceConnected: () => void showToast({ group: 'connectivity', severity: 'success', summary: TOAST_TEXT.connected }),
      },
    }),
    { input: { online: navigator.onLine }, inspect },
  );
  const session = createActor(
    sessionMachine.provide({
      actors: {
        restoreSession: fromPromise(async () => withProfile(await authApi.refreshTokens())),
        signIn: fromPromise<SignedIn, SignInCredentials>(async ({ input }) => withProfile(await authApi.signIn(input))),
        refreshSession: fromPromise(async () => withProfile(await authApi.refreshTokens())),
        signOut: fromPromise(authApi.signOut),
      },
      actions: {
        redirectAfterSignIn: () =>
          navigate(safeRedirectTarget(window.location.search) ?? homePath(toGuardSession('authenticated', profile()))),
        redirectAfterSignOut: () => {
          queryClient.clear();
          navigate('/');
        },
      },
    }),
    { inspect },
  );
  const appVersion = createActor(
    appVersionMachine.provide({
      actors: {
        fetchVersion: fromPromise(
          async () => (await api.get('/version.json', { schema: versionSchema, headers: { 'Cache-Control': 'no-cache' } })).version,
        ),
        // The timestamp defeats any cache between us and the server (spec 01 §7).
        fetchBuildId: fromPromise(async () => (await api.get('/builds/latest.json', { schema: buildSchema, query: { t: Date.now() } })).id),
      },
      actions: {
        storeVersion: (_, version) => localStorage.setItem(VERSION_STORAGE_KEY, version),
        reloadPage: () => window.location.reload(),
      },
    }),
    { input: { storedVersion: localStorage.getItem(VERSION_STORAGE_KEY) }, inspect },
  );

  const feed = createLiveFeed({ session, queryClient, openSocket: live.openSocket, jitter: live.jitter, clock: live.timers });
  // The app config has no Sendbird app id yet: the built-in service (chatclient's report, contract gaps).
  const chatClient = createChatClient({ sendbird: null, live: liveChatFeedOf(feed.liveFeed, feed.liveMessages) });
  const chat = createChatConnection({ client: chatClient, queryClient });

  configureAuth(sessionAuthHooks(session));
  const stopReporting = queryClient.getQueryCache().subscribe(() => {
    const info = profile();
    setErrorReportUser(
      info
        ? { user_id: info.user_info.id, user_name: `${info.user_info.first_name} ${info.user_info.last_name}`, client_name: info.name }
        : {},
    );
  });
  const online = () => connectivity.send({ type: 'browser.online' });
  const offline = () => connectivity.send({ type: 'browser.offline' });
  const visible = () => {
    if (document.visibilityState === 'visible') session.send({ type: 'window.visible' });
  };
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  document.addEventListener('visibilitychange', visible);
  const stopMultiStatus = onMultiStatus(
    (_url, data) => void showToast({ severity: 'warn', summary: firstFieldError(data) ?? TOAST_TEXT.fallback }),
  );
  // The live feed starts first: it follows the session from its first change.
  for (const actor of [feed.liveFeed, connectivity, session, appVersion]) actor.start();

  return {
    clock,
    queryClient,
    connectivity,
    session,
    appVersion,
    liveFeed: feed.liveFeed,
    liveMessages: feed.liveMessages,
    chat: { client: chatClient, connection: chat.chatConnection },
    dispose() {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      document.removeEventListener('visibilitychange', visible);
      stopMultiStatus();
      stopReporting();
      configureAuth(null);
      chat.dispose();
      feed.dispose();
      for (const actor of [connectivity, session, appVersion, feed.liveFeed]) actor.stop();
      queryClient.clear();
    },
  };
}

const SystemContext = createContext<System | null>(null);

/** Provides the system's actors and clients to the views below. */
export function SystemProvider({ system, children }: { system: System; children: ReactNode }) {
  return <SystemContext.Provider value={system}>{children}</SystemContext.Provider>;
}

/** The app's actors and clients. */
export function useSystem(): System {
  const system = useContext(SystemContext);
  if (!system) throw new Error('useSystem must be used inside <SystemProvider>');
  return system;
}

/** Today's business date in India ('YYYY-MM-DD', DESIGN §4) on the system's clock. */
export const useToday = () => businessDateOf(useSystem().clock.now());
