/**
 * The composition root: app-wide actors and the query client, created once and provided to
 * views through one context. Machine effects get their real implementations here.
 */
import { QueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { createActor, type ActorRefFrom } from 'xstate';
import { connectivityMachine } from '../../../machines/connectivity.machine';
import { TOAST_TEXT } from '../../shared/messages';
import type { GuardSession } from '../../shared/pageAccess';
import { onMultiStatus } from '../api/http';
import { dismissToast, showToast } from '../ui/toaster';
import { firstFieldError } from '../ui/toastMessage';

const OFFLINE_TOAST_KEY = 'connectivity-offline';

export interface System {
  queryClient: QueryClient;
  connectivity: ActorRefFrom<typeof connectivityMachine>;
  /** Sign-in arrives with the session machine; until then every visitor is a guest. */
  session: GuardSession;
}

/** Creates the app's actors and clients (once per page load, or per test). */
export function createSystem(): System {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  const connectivity = createActor(connectivityMachine.provide({
    actions: {
      showOfflineNotice: () => void showToast({ key: OFFLINE_TOAST_KEY, group: 'connectivity', severity: 'warn', summary: TOAST_TEXT.offline, life: 0, closable: false }),
      clearOfflineNotice: () => void dismissToast(OFFLINE_TOAST_KEY, 'connectivity'),
      announceConnected: () => void showToast({ group: 'connectivity', severity: 'success', summary: TOAST_TEXT.connected }),
    },
  }), { input: { online: navigator.onLine } });
  return { queryClient, connectivity, session: { status: 'unauthenticated', roles: [], permissions: [] } };
}

const SystemContext = createContext<System | null>(null);

/** Starts the system's actors and wires browser events to them for the lifetime of the app. */
export function SystemProvider({ system, children }: { system: System; children: ReactNode }) {
  useEffect(() => {
    const { connectivity } = system;
    connectivity.start();
    const online = () => connectivity.send({ type: 'browser.online' });
    const offline = () => connectivity.send({ type: 'browser.offline' });
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    const stopMultiStatus = onMultiStatus((_url, data) => void showToast({ severity: 'warn', summary: firstFieldError(data) ?? TOAST_TEXT.fallback }));
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      stopMultiStatus();
      connectivity.stop();
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
