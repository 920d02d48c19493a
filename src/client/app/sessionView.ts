/** What views and guards read from the session actor: narrow, comparable slices. */
import { useSelector } from '@xstate/react';
import type { GuardSession } from '../../shared/pageAccess';
import { toGuardSession } from './guardSession';
import { useSystem } from './system';

const sameGuardSession = (a: GuardSession, b: GuardSession) =>
  a.status === b.status && a.roles.join() === b.roles.join() && a.permissions.join() === b.permissions.join();

/** The signed-in state, roles and permissions, re-rendering only when they change. */
export function useGuardSession(): GuardSession {
  return useSelector(useSystem().session, toGuardSession, sameGuardSession);
}

/** The signed-in user's display name and client name (empty strings when signed out). */
export function useSignedInUser(): { name: string; client: string } {
  const { session } = useSystem();
  const name = useSelector(session, (s) => {
    const info = s.context.session?.user_info;
    return info ? `${info.first_name} ${info.last_name}` : '';
  });
  const client = useSelector(session, (s) => s.context.session?.name ?? '');
  return { name, client };
}
