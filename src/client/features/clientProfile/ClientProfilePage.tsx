/** /client/profile: the client's profile for everyone; the OpsAdmin may edit it. */
import { Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useGuardSession } from '../../app/sessionView';
import { ClientProfileForm } from './ClientProfileForm';
import { ClientProfileSummary } from './ClientProfileSummary';
import { clientProfileQuery } from './clientQueries';
import '../account/account.css';
import { LoadFailed } from '../../ui/LoadFailed';
import { Callout } from '@blueprintjs/core';
import { RequestButton } from '../support/RequestButton';

export function ClientProfilePage() {
  const { roles } = useGuardSession();
  const profile = useQuery(clientProfileQuery());
  if (profile.isPending) return <Spinner className="kosh-page-spinner" aria-label="Loading the client profile" />;
  if (profile.isError) {
    return <LoadFailed title="The client profile could not be loaded" error={profile.error} onRetry={() => void profile.refetch()} />;
  }
  return (
    <div className="kosh-page kosh-account">
      <ClientProfileSummary client={profile.data} />
      {roles.includes('clientopsadmin') && <ClientProfileForm key={profile.data.id} client={profile.data} />}
      {roles.includes('clientopsadmin') && (
        <Callout icon="swap-horizontal" title="Bring your business over">
          <p>Moving your desk&apos;s books, counterparties and users from another platform? Our team plans the migration with you.</p>
          <RequestButton requestType="BUSINESS_MIGRATE" icon="send-message" text="Request business migration" />
        </Callout>
      )}
    </div>
  );
}
