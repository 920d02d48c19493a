/** What views and guards read of the session: the machine's auth status and the profile query. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import type { Session } from '../../shared/contracts/auth';
import type { GuardSession } from '../../shared/pageAccess';
import { authStatus, toGuardSession } from './guardSession';
import { sessionKey, sessionQuery } from './sessionQueries';
import { useSystem } from './system';

/** The session profile, fetched while signed in; null before the first sign-in and after sign-out. */
export function useSessionProfile(): Session | null {
  const signedIn = useSelector(useSystem().session, (s) => s.hasTag('signedIn'));
  return useQuery({ ...sessionQuery, enabled: signedIn }).data ?? null;
}

/** Fetches the session profile again (after the user changed it). */
export function useRefreshSessionProfile(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: sessionKey }), [queryClient]);
}

/** The signed-in state, roles and permissions. */
export function useGuardSession(): GuardSession {
  const status = useSelector(useSystem().session, authStatus);
  const profile = useSessionProfile();
  return useMemo(() => toGuardSession(status, profile), [status, profile]);
}

/** The signed-in user's display name and client name (empty strings when signed out). */
export function useSignedInUser(): { name: string; client: string } {
  const profile = useSessionProfile();
  return { name: profile ? `${profile.user_info.first_name} ${profile.user_info.last_name}` : '', client: profile?.name ?? '' };
}
