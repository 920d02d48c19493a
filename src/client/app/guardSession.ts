/** The guard's view of the session actor (spec 01 §2 guards read roles and permissions). */
import type { SnapshotFrom } from 'xstate';
import type { sessionMachine } from '../../../machines/session.machine';
import type { GuardSession } from '../../shared/pageAccess';

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** The guard's view of a session snapshot. */
export function toGuardSession(snapshot: SessionSnapshot): GuardSession {
  const session = snapshot.context.session;
  return {
    status: snapshot.hasTag('loading') ? 'loading' : snapshot.hasTag('signedIn') ? 'authenticated' : 'unauthenticated',
    roles: session?.user_info.roles ?? [],
    permissions: session?.permissions ?? [],
  };
}

