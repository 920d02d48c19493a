/** /auth/reset-password?uid=&token=: choose a new password with the e-mailed link. */
import { Button, Callout, Card, H2, InputGroup, Intent, NonIdealState } from '@blueprintjs/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { newPasswordSchema, PASSWORD_MESSAGES } from '../../../shared/contracts/passwords';
import { showToast } from '../../ui/toaster';
import { toastMessageFromError } from '../../ui/toastMessage';
import { applyServerFieldErrors, blueprintField, serverFieldErrors } from '../../ui/forms';
import { FormField } from '../../ui/FormField';
import { LinkButton } from '../../ui/LinkButton';
import { changePassword, type NewPassword } from './passwordApi';
import { PASSWORD_TEXT } from './passwordTexts';
import '../auth/auth.css';

const newPasswordFormSchema = z
  .object({
    new_password1: newPasswordSchema,
    new_password2: z.string().min(1, { error: PASSWORD_MESSAGES.required }),
  })
  .refine((v) => v.new_password1 === v.new_password2, { error: PASSWORD_MESSAGES.mismatch, path: ['new_password2'] });

const FIELDS = ['new_password1', 'new_password2'] as const;

function InvalidLink() {
  return (
    <NonIdealState
      icon="link"
      title="Invalid reset link"
      description={PASSWORD_TEXT.invalidLink}
      action={<LinkButton to="/auth/forgot-password" intent={Intent.PRIMARY} text="Ask for a new link" />}
    />
  );
}

function ResetForm({ uid, token }: { uid: string; token: string }) {
  const [showPassword, setShowPassword] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<NewPassword>({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { new_password1: '', new_password2: '' },
  });
  const change = useMutation({
    mutationFn: (values: NewPassword) => changePassword(uid, token, values),
    onSuccess: () => void showToast({ severity: 'success', summary: PASSWORD_TEXT.changed }),
    onError: (error) => {
      if (!applyServerFieldErrors(error, setError, FIELDS) && !serverFieldErrors(error).token) {
        void showToast({ severity: 'error', summary: toastMessageFromError(error) });
      }
    },
  });
  const linkError = serverFieldErrors(change.error).token;

  if (change.isSuccess) {
    return (
      <Callout intent={Intent.SUCCESS} icon="tick-circle" role="status" title="Password changed">
        <p>{PASSWORD_TEXT.changed}</p>
        <LinkButton to="/auth/login" intent={Intent.PRIMARY} icon="log-in" text="Sign in" />
      </Callout>
    );
  }
  const eye = (
    <Button
      variant="minimal"
      icon={showPassword ? 'eye-off' : 'eye-open'}
      aria-label={showPassword ? 'Hide password' : 'Show password'}
      onClick={() => setShowPassword(!showPassword)}
    />
  );
  return (
    <form onSubmit={handleSubmit((values) => change.mutate(values))} noValidate>
      {linkError && (
        <Callout intent={Intent.DANGER} className="kosh-auth__error" role="alert">
          {linkError} <Link to="/auth/forgot-password">Ask for a new link</Link>
        </Callout>
      )}
      <FormField
        label="New password"
        id="reset-password1"
        error={errors.new_password1?.message}
        helper="At least 8 characters, not only digits."
      >
        <InputGroup
          id="reset-password1"
          type={showPassword ? 'text' : 'password'}
          autoComplete="new-password"
          autoFocus
          size="large"
          rightElement={eye}
          {...blueprintField(register, 'new_password1')}
        />
      </FormField>
      <FormField label="Confirm new password" id="reset-password2" error={errors.new_password2?.message}>
        <InputGroup
          id="reset-password2"
          type={showPassword ? 'text' : 'password'}
          autoComplete="new-password"
          size="large"
          {...blueprintField(register, 'new_password2')}
        />
      </FormField>
      <Button type="submit" intent={Intent.PRIMARY} size="large" fill loading={change.isPending} text="Set new password" />
    </form>
  );
}

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const uid = params.get('uid')?.trim() ?? '';
  const token = params.get('token')?.trim() ?? '';
  const valid = /^\d+$/.test(uid) && token.length > 0;
  return (
    <main className="kosh-auth">
      <Card className="kosh-auth__card" elevation={2}>
        <H2>Choose a new password</H2>
        {valid ? <ResetForm uid={uid} token={token} /> : <InvalidLink />}
        <p className="kosh-auth__links">
          <Link to="/auth/login">Back to sign in</Link>
        </p>
      </Card>
    </main>
  );
}
