/** /client/register?invite_code=: check the invitation, then register the invited person (or, with an account, let them join). */
import { Card, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ErrorScreen } from '../../ui/ErrorScreen';
import { inviteQuery, isInviteGone } from './registerQueries';
import { JoinClientForm } from './JoinClientForm';
import { RegisterForm } from './RegisterForm';
import '../auth/auth.css';
import './register.css';
import { LoadFailed } from '../../ui/LoadFailed';

export function RegisterPage() {
  const [params] = useSearchParams();
  const code = params.get('invite_code')?.trim() ?? '';
  const invite = useQuery(inviteQuery(code));

  if (invite.isPending) return <Spinner className="kosh-page-spinner" aria-label="Checking the invitation" />;
  if (invite.isError) {
    if (isInviteGone(invite.error)) return <ErrorScreen status={410} />;
    return (
      <main className="kosh-auth">
        <LoadFailed
          title="The invitation could not be checked"
          description="Please check your connection and try again."
          onRetry={() => void invite.refetch()}
        />
      </main>
    );
  }
  return (
    <main className="kosh-auth">
      <Card className="kosh-auth__card kosh-register__card" elevation={2}>
        {invite.data.has_account ? <JoinClientForm code={code} invite={invite.data} /> : <RegisterForm code={code} invite={invite.data} />}
      </Card>
    </main>
  );
}
