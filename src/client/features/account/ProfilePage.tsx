/** /profile: the signed-in user's details, chat terms, and a password change by e-mailed link. */
import { Button, Callout, Card, H2, H3, Intent, Spinner, Tag } from '@blueprintjs/core';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ROLE_LABELS } from '../../../shared/enums';
import { showToast } from '../../ui/toaster';
import { toastMessageFromError } from '../../ui/toastMessage';
import { requestPasswordReset } from '../passwords/passwordApi';
import { acceptChatTerms } from './accountApi';
import { useRefreshSessionProfile, useSessionProfile } from '../../app/sessionView';
import { RequestButton } from '../support/RequestButton';
import { SupportTicketsCard } from '../support/SupportTicketsCard';
import './account.css';

function ChatTerms({ accepted }: { accepted: boolean }) {
  const refreshSession = useRefreshSessionProfile();
  const accept = useMutation({
    mutationFn: acceptChatTerms,
    onSuccess: () => {
      void showToast({ severity: 'success', summary: 'Chat terms accepted' });
      void refreshSession();
    },
    onError: (error) => void showToast({ severity: 'error', summary: toastMessageFromError(error) }),
  });
  if (accepted || accept.isSuccess) {
    return (
      <Callout intent={Intent.SUCCESS} icon="tick-circle" title="Chat terms accepted">
        You can chat with other members.
      </Callout>
    );
  }
  return (
    <Callout intent={Intent.WARNING} icon="chat" title="Chat terms not yet accepted">
      <p>
        Read the <Link to="/chat-policy">chat policy</Link>, then accept it to chat with other members.
      </p>
      <Button intent={Intent.PRIMARY} icon="tick" text="Accept chat terms" loading={accept.isPending} onClick={() => accept.mutate()} />
    </Callout>
  );
}

function ChangePassword({ email }: { email: string }) {
  const reset = useMutation({
    mutationFn: () => requestPasswordReset(email),
    onError: (error) => void showToast({ severity: 'error', summary: toastMessageFromError(error) }),
  });
  return (
    <Card>
      <H3>Password</H3>
      {reset.isSuccess ? (
        <Callout intent={Intent.SUCCESS} icon="envelope" role="status">
          We have e-mailed a link to <strong>{email}</strong>. Open it within 1 hour to choose a new password.
        </Callout>
      ) : (
        <>
          <p>To change your password we e-mail you a link to choose a new one. Other signed-in devices will be signed out.</p>
          <Button icon="key" text="Change password" loading={reset.isPending} onClick={() => reset.mutate()} />
        </>
      )}
    </Card>
  );
}

export function ProfilePage() {
  const session = useSessionProfile();
  if (!session) return <Spinner className="kosh-page-spinner" />;
  const { user_info: user } = session;
  return (
    <div className="kosh-account">
      <Card>
        <div className="kosh-account__header">
          <H2>
            {user.first_name} {user.last_name}
          </H2>
          <Tag minimal intent={session.client_tier === 'PREMIUM' ? Intent.SUCCESS : Intent.NONE}>
            {session.client_tier === 'PREMIUM' ? 'Premium' : 'Basic'} plan
          </Tag>
        </div>
        <dl className="kosh-account__details">
          <dt>Email</dt>
          <dd>{user.email}</dd>
          <dt>Mobile</dt>
          <dd>{user.mobile ?? <span className="bp6-text-muted">Not given</span>}</dd>
          <dt>Client</dt>
          <dd>{session.name}</dd>
          <dt>Roles</dt>
          <dd className="kosh-account__tags">
            {user.roles.map((role) => (
              <Tag key={role} minimal round intent={Intent.PRIMARY}>
                {ROLE_LABELS[role]}
              </Tag>
            ))}
          </dd>
        </dl>
      </Card>
      {!session.permissions.includes('client.can_trade') && (
        <Callout intent={Intent.PRIMARY} icon="lock" title="Trading access">
          <p>Your account can view the market but not trade.</p>
          <RequestButton requestType="REQUEST_ACCESS_TO_TRADE" icon="key" text="Request access to trade" />
        </Callout>
      )}
      <ChatTerms accepted={user.has_accepted_chat_terms} />
      <ChangePassword email={user.email} />
      <SupportTicketsCard />
    </div>
  );
}
