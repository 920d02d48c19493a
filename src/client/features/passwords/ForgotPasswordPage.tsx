/** /auth/forgot-password: e-mail a reset link; the answer never says whether the account exists. */
import { Button, Callout, Card, H2, InputGroup, Intent } from '@blueprintjs/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { emailSchema } from '../../../shared/validation/index';
import { showToast } from '../../ui/toaster';
import { toastMessageFromError } from '../../ui/toastMessage';
import { blueprintField } from '../../ui/forms';
import { FormField } from '../../ui/FormField';
import { requestPasswordReset } from './passwordApi';
import { PASSWORD_TEXT } from './passwordTexts';
import '../auth/auth.css';

const forgotSchema = z.object({ email: emailSchema });
type Values = z.infer<typeof forgotSchema>;

export function ForgotPasswordPage() {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values>({ resolver: zodResolver(forgotSchema), defaultValues: { email: '' } });
  const reset = useMutation({
    mutationFn: (values: Values) => requestPasswordReset(values.email),
    onError: (error) => void showToast({ severity: 'error', summary: toastMessageFromError(error) }),
  });
  return (
    <main className="kosh-auth">
      <Card className="kosh-auth__card" elevation={2}>
        <H2>Forgot password</H2>
        {reset.isSuccess ? (
          <Callout intent={Intent.SUCCESS} icon="envelope" role="status" title="Check your e-mail">
            {PASSWORD_TEXT.resetSent}
          </Callout>
        ) : (
          <form onSubmit={handleSubmit((values) => reset.mutate(values))} noValidate>
            <p className="bp6-text-muted">Enter the e-mail address of your account and we will send you a link to choose a new password.</p>
            <FormField label="Email" id="forgot-email" error={errors.email?.message}>
              <InputGroup
                id="forgot-email"
                type="email"
                autoComplete="username"
                autoFocus
                size="large"
                {...blueprintField(register, 'email')}
              />
            </FormField>
            <Button type="submit" intent={Intent.PRIMARY} size="large" fill loading={reset.isPending} text="Send reset link" />
          </form>
        )}
        <p className="kosh-auth__links">
          <Link to="/auth/login">Back to sign in</Link>
        </p>
      </Card>
    </main>
  );
}
