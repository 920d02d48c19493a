/** The guard's view of the session (spec 01 §2 guards read the auth status, roles and permissions). */
import type { SnapshotFrom } from 'xstate';
import type { sessionMachine } from '../../../machines/session.machine';
import type { Session } from '../../shared/contracts/auth';
import type { GuardSession } from '../../shared/pageAccess';

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** The auth status of a session snapshot. */
export const authStatus = (snapshot: SessionSnapshot): GuardSession['status'] =>
  snapshot.hasTag('loading') ? 'loading' : snapshot.hasTag('signedIn') ? 'authenticated' : 'unauthenticated';

/** The guard's view of an auth status and the session profile. */
export function toGuardSession(status: GuardSession['status'], profile: Session | null | undefined): GuardSession {
  return {
    status,
    roles: profile?.user_info.roles ?? [],
    permissions: profile?.permissions ?? [],
    ...(profile && { tier: profile.client_tier }),
  };
}
