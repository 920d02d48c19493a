/** /auth/logout: signs out (revoking the refresh token) and returns to the landing page. */
import { NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useSystem } from '../../app/system';

export function LogoutPage() {
  const { session } = useSystem();
  useEffect(() => {
    session.send({ type: 'session.signOut' });
  }, [session]);
  return <NonIdealState icon={<Spinner />} title="Signing out…" />;
}
