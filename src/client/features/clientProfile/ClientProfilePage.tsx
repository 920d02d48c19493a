/** /client/profile: the client's profile for everyone; the OpsAdmin may edit it. */
import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useGuardSession } from '../../app/sessionView';
import { toastMessageFromError } from '../../ui/toastMessage';
import { ClientProfileForm } from './ClientProfileForm';
import { ClientProfileSummary } from './ClientProfileSummary';
import { clientProfileQuery } from './clientQueries';
import '../account/account.css';

export function ClientProfilePage() {
  const { roles } = useGuardSession();
  const profile = useQuery(clientProfileQuery());
  if (profile.isPending) return <Spinner className="kosh-page-spinner" aria-label="Loading the client profile" />;
  if (profile.isError) {
    return (
      <NonIdealState
        icon="error"
        title="The client profile could not be loaded"
        description={toastMessageFromError(profile.error)}
        action={<Button icon="refresh" text="Try again" onClick={() => void profile.refetch()} />}
      />
    );
  }
  return (
    <div className="kosh-page kosh-account">
      <ClientProfileSummary client={profile.data} />
      {roles.includes('clientopsadmin') && <ClientProfileForm key={profile.data.id} client={profile.data} />}
    </div>
  );
}
