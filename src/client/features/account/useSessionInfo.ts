/** The signed-in session (spec 01 §3) for account pages, and a way to fetch it again after a change. */
import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import type { Session } from '../../../shared/contracts/auth';
import { useSystem } from '../../app/system';

/** The session data, or null while signed out or loading. */
export function useSessionInfo(): Session | null {
  return useSelector(useSystem().session, (s) => s.context.session ?? null);
}

/** Refetches the session (the machine refreshes on `window.visible`). */
export function useRefreshSession(): () => void {
  const { session } = useSystem();
  return useCallback(() => session.send({ type: 'window.visible' }), [session]);
}
