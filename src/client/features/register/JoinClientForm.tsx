/**
 * An invited person who already has an account joins the inviting client by proving who they
 * are — their password, or a one-time password sent to them — and nothing of theirs changes.
 */
import { Button, Callout, FormGroup, H2, InputGroup, Intent } from '@blueprintjs/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PASSWORD_MESSAGES } from '../../../shared/contracts/passwords';
import type { InviteDetails, InviteProof } from '../../../shared/contracts/users';
import { loginOtpSchema } from '../../../shared/validation';
import { requestLoginOtp } from '../../api/authApi';
import { showToast } from '../../ui/toaster';
import { toastMessageFromError } from '../../ui/toastMessage';
import { acceptInvite } from './registerQueries';

export function JoinClientForm({ code, invite }: { code: string; invite: InviteDetails }) {
  const navigate = useNavigate();
  const [mode, setMode] = useState<'password' | 'otp'>('password');
  const [secret, setSecret] = useState('');
  const [error, setError] = useState<string | null>(null);
  const sendOtp = useMutation({
    mutationFn: () => requestLoginOtp({ email: invite.email }),
    onSuccess: () => {
      setMode('otp');
      setSecret('');
      void showToast({ severity: 'success', summary: 'One-time password sent', detail: `Sent to ${invite.email}.` });
    },
    onError: (e) => void showToast({ severity: 'error', summary: toastMessageFromError(e) }),
  });
  const join = useMutation({
    mutationFn: (proof: InviteProof) => acceptInvite(code, proof),
    onSuccess: (result) => {
      void showToast({
        severity: 'success',
        summary: result.detail,
        detail: `You have joined ${result.client_name}. Sign in to continue.`,
      });
      void navigate('/auth/login');
    },
    onError: (e) => void showToast({ severity: 'error', summary: toastMessageFromError(e) }),
  });

  const submit = () => {
    if (mode === 'password') {
      if (!secret) return setError(PASSWORD_MESSAGES.required);
      setError(null);
      return join.mutate({ password: secret });
    }
    const parsed = loginOtpSchema.safeParse(secret);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? '');
    setError(null);
    join.mutate({ otp: parsed.data });
  };

  const label = mode === 'password' ? 'Your password' : 'One-time password';
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      noValidate
      aria-label="Join client"
    >
      <H2>Join {invite.client_name}</H2>
      <Callout icon="office" className="kosh-register__joining">
        <strong>{invite.email}</strong> already has an account. Confirm it is you to join <strong>{invite.client_name}</strong>; your name,
        password and details stay as they are.
      </Callout>
      <FormGroup label={label} labelFor="join-secret" intent={error ? Intent.DANGER : Intent.NONE} helperText={error}>
        <InputGroup
          id="join-secret"
          type={mode === 'password' ? 'password' : 'text'}
          inputMode={mode === 'password' ? undefined : 'numeric'}
          autoComplete={mode === 'password' ? 'current-password' : 'one-time-code'}
          autoFocus
          value={secret}
          onChange={(e) => setSecret(e.target.value)}
        />
      </FormGroup>
      <Button type="submit" intent={Intent.PRIMARY} size="large" fill loading={join.isPending} text={`Join ${invite.client_name}`} />
      <Button
        variant="minimal"
        text={mode === 'password' ? 'Send me a one-time password instead' : 'Resend the one-time password'}
        loading={sendOtp.isPending}
        onClick={() => sendOtp.mutate()}
      />
    </form>
  );
}
