/**
 * The composition root: app-wide actors and the query client, created once and provided to
 * views through one context. Machine effects get their real implementations here.
 */
import { QueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { createActor, fromPromise, waitFor, type ActorRefFrom } from 'xstate';
import { appVersionMachine } from '../../../machines/appVersion.machine';
import { connectivityMachine } from '../../../machines/connectivity.machine';
import { sessionMachine, type SignInCredentials } from '../../../machines/session.machine';
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

const OFFLINE_TOAST_KEY = 'connectivity-offline';
const VERSION_STORAGE_KEY = 'kosh.version';

export interface System {
  queryClient: QueryClient;
  connectivity: ActorRefFrom<typeof connectivityMachine>;
  session: ActorRefFrom<typeof sessionMachine>;
  appVersion: ActorRefFrom<typeof appVersionMachine>;
}

/** Creates the app's actors and clients (once per page load, or per test). */
export function createSystem(navigate: (to: string) => void): System {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  const connectivity = createActor(connectivityMachine.provide({
    actions: {
      showOfflineNotice: () => void showToast({ key: OFFLINE_TOAST_KEY, group: 'connectivity', severity: 'warn', summary: TOAST_TEXT.offline, life: 0, closable: false }),
      clearOfflineNotice: () => void dismissToast(OFFLINE_TOAST_KEY, 'connectivity'),
      announceConnected: () => void showToast({ group: 'connectivity', severity: 'success', summary: TOAST_TEXT.connected }),
    },
  }), { input: { online: navigator.onLine }, inspect });
  const session = createActor(sessionMachine.provide({
    actors: {
      restoreSession: fromPromise(authApi.refreshSession),
      signIn: fromPromise<Awaited<ReturnType<typeof authApi.signIn>>, SignInCredentials>(({ input }) => authApi.signIn(input)),
      refreshSession: fromPromise(authApi.refreshSession),
      signOut: fromPromise(authApi.signOut),
    },
    actions: {
      redirectAfterSignIn: () => navigate(safeRedirectTarget(window.location.search) ?? homePath(toGuardSession(session.getSnapshot()))),
      redirectAfterSignOut: () => {
        queryClient.clear();
        navigate('/');
      },
    },
  }), { inspect });
  const appVersion = createActor(appVersionMachine.provide({
    actors: {
      fetchVersion: fromPromise(async () => (await api.get('/version.json', { schema: versionSchema, headers: { 'Cache-Control': 'no-cache' } })).version),
      // The timestamp defeats any cache between us and the server (spec 01 §7).
      fetchBuildId: fromPromise(async () => (await api.get('/builds/latest.json', { schema: buildSchema, query: { t: Date.now() } })).id),
    },
    actions: {
      storeVersion: (_, version) => localStorage.setItem(VERSION_STORAGE_KEY, version),
      reloadPage: () => window.location.reload(),
    },
  }), { input: { storedVersion: localStorage.getItem(VERSION_STORAGE_KEY) }, inspect });
  return { queryClient, connectivity, session, appVersion };
}

const SystemContext = createContext<System | null>(null);

/** Starts the system's actors and wires browser events and the API client to them. */
export function SystemProvider({ system, children }: { system: System; children: ReactNode }) {
  useEffect(() => {
    const { connectivity, session, appVersion } = system;
    connectivity.start();
    session.start();
    appVersion.start();
    configureAuth({
      accessToken: () => session.getSnapshot().context.access,
      async onUnauthorized(url) {
        session.send({ type: 'request.unauthorized', url });
        const settled = await waitFor(session, (s) => !s.hasTag('busy') && !s.hasTag('loading'));
        return settled.hasTag('signedIn');
      },
    });
    const reportAs = session.subscribe((s) => {
      const info = s.context.session;
      setErrorReportUser(info ? { user_id: info.user_info.id, user_name: `${info.user_info.first_name} ${info.user_info.last_name}`, client_name: info.name } : {});
    });
    const online = () => connectivity.send({ type: 'browser.online' });
    const offline = () => connectivity.send({ type: 'browser.offline' });
    const visible = () => { if (document.visibilityState === 'visible') session.send({ type: 'window.visible' }); };
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    document.addEventListener('visibilitychange', visible);
    const stopMultiStatus = onMultiStatus((_url, data) => void showToast({ severity: 'warn', summary: firstFieldError(data) ?? TOAST_TEXT.fallback }));
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      document.removeEventListener('visibilitychange', visible);
      stopMultiStatus();
      reportAs.unsubscribe();
      configureAuth(null);
      connectivity.stop();
      session.stop();
      appVersion.stop();
    };
  }, [system]);
  return <SystemContext.Provider value={system}>{children}</SystemContext.Provider>;
}

/** The app's actors and clients. */
export function useSystem(): System {
  const system = useContext(SystemContext);
  if (!system) throw new Error('useSystem must be used inside <SystemProvider>');
  return system;
}
