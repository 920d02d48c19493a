/** /exchange-credentials: whether NSCCL and ICCL credentials are stored, and a form to store each. */
import { Callout, H2, Spinner } from '@blueprintjs/core';
import { useRefreshSessionProfile, useSessionProfile } from '../../app/sessionView';
import { CredentialsForm } from './CredentialsForm';
import '../account/account.css';
import './credentials.css';
import { RequestButton } from '../support/RequestButton';

export function ExchangeCredentialsPage() {
  const session = useSessionProfile();
  const refreshSession = useRefreshSessionProfile();
  if (!session) return <Spinner className="kosh-page-spinner" />;
  return (
    <div className="kosh-account">
      <H2>Exchange credentials</H2>
      <Callout icon="lock" intent="primary">
        Credentials are encrypted at rest and are never shown again, not even to you. To change them, save new ones.
      </Callout>
      <div className="kosh-credentials">
        <CredentialsForm corp="NSCCL" stored={session.nsccl_credentials} storedName={session.nsccl_name} onSaved={refreshSession} />
        <CredentialsForm corp="ICCL" stored={session.iccl_credentials} storedName={session.iccl_name} onSaved={refreshSession} />
      </div>
      <Callout icon="exchange" title="Exchange integration">
        <p>To route RFQ quotes and trades through your own NSE or BSE membership, ask us to integrate with the exchange.</p>
        <RequestButton requestType="INTEGRATE_WITH_EXCHANGE" icon="send-message" text="Request exchange integration" />
      </Callout>
    </div>
  );
}
