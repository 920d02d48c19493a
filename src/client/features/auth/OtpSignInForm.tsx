/** Sign-in with a one-time password: ask for a code by e-mail or mobile, then enter it. */
import { Button, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { emailSchema, loginOtpSchema, mobileSchema } from '../../../shared/validation';
import { requestLoginOtp } from '../../api/authApi';
import { showToast } from '../../ui/toaster';
import { toastMessageFromError } from '../../ui/toastMessage';
import { useSignIn } from './useSignIn';

function identityOf(text: string): { email: string } | { mobile: string } | { error: string } {
  const value = text.trim();
  if (value.includes('@')) {
    const parsed = emailSchema.safeParse(value);
    return parsed.success ? { email: parsed.data } : { error: parsed.error.issues[0]?.message ?? '' };
  }
  const parsed = mobileSchema.safeParse(value);
  return parsed.success ? { mobile: parsed.data } : { error: parsed.error.issues[0]?.message ?? '' };
}

export function OtpSignInForm() {
  const { signIn, busy } = useSignIn();
  const [who, setWho] = useState('');
  const [sentTo, setSentTo] = useState<{ email: string } | { mobile: string } | null>(null);
  const [code, setCode] = useState('');
  const [whoError, setWhoError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: requestLoginOtp,
    onSuccess: (_data, identity) => {
      setSentTo(identity as { email: string } | { mobile: string });
      void showToast({ severity: 'success', summary: 'One-time password sent', detail: 'It is valid for 5 minutes.' });
    },
    onError: (error) => void showToast({ severity: 'error', summary: toastMessageFromError(error) }),
  });

  const requestCode = () => {
    const identity = identityOf(who);
    if ('error' in identity) return setWhoError(identity.error);
    setWhoError(null);
    send.mutate(identity);
  };
  const verify = () => {
    const parsed = loginOtpSchema.safeParse(code);
    if (!parsed.success) return setCodeError(parsed.error.issues[0]?.message ?? '');
    setCodeError(null);
    if (sentTo) signIn({ kind: 'otp', ...sentTo, otp: parsed.data });
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (sentTo) verify();
        else requestCode();
      }}
      noValidate
    >
      <FormGroup label="Email or mobile" labelFor="otp-identity" intent={whoError ? Intent.DANGER : Intent.NONE} helperText={whoError}>
        <InputGroup
          id="otp-identity"
          large
          value={who}
          disabled={sentTo !== null}
          autoComplete="username"
          onChange={(e) => setWho(e.target.value)}
        />
      </FormGroup>
      {sentTo && (
        <FormGroup label="One-time password" labelFor="otp-code" intent={codeError ? Intent.DANGER : Intent.NONE} helperText={codeError}>
          <InputGroup
            id="otp-code"
            large
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            autoFocus
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        </FormGroup>
      )}
      {sentTo ? (
        <div className="kosh-signin__actions">
          <Button type="submit" intent={Intent.PRIMARY} size="large" fill loading={busy} text="Verify and sign in" />
          <Button variant="minimal" text="Resend code" loading={send.isPending} onClick={() => send.mutate(sentTo)} />
          <Button
            variant="minimal"
            text="Use another e-mail or mobile"
            onClick={() => {
              setSentTo(null);
              setCode('');
            }}
          />
        </div>
      ) : (
        <Button type="submit" intent={Intent.PRIMARY} size="large" fill loading={send.isPending} text="Send one-time password" />
      )}
    </form>
  );
}
