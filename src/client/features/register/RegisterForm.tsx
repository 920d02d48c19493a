/** The registration form of an invited person: prefilled from the invitation, e-mail fixed by it. */
import { Button, Callout, Checkbox, H2, InputGroup, Intent } from '@blueprintjs/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, type Path, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { registrationSchema, type Registration } from '../../../shared/contracts/clients';
import { PASSWORD_MESSAGES } from '../../../shared/contracts/passwords';
import type { InviteDetails } from '../../../shared/contracts/users';
import { showToast } from '../../ui/toaster';
import { toastMessageFromError } from '../../ui/toastMessage';
import { applyServerFieldErrors, blueprintField } from '../../ui/forms';
import { FormField } from '../../ui/FormField';
import { registerFromInvite } from './registerQueries';

type Values = z.input<typeof registrationSchema>;

const FIELDS: readonly Path<Values>[] = [
  'pan',
  'password',
  'identity.first_name',
  'identity.last_name',
  'contact.email',
  'contact.mobile',
  'contact.whatsapp_consent',
];

const schemaResolver = zodResolver(registrationSchema);
// The contract asks for the password only once every other field is valid; the form says it at once.
const resolver: Resolver<Values, unknown, Registration> = async (values, context, options) => {
  const result = await schemaResolver(values, context, options as never);
  if (values.password || result.errors.password) return result as never;
  return { values: {}, errors: { ...result.errors, password: { type: 'required', message: PASSWORD_MESSAGES.required } } };
};

export function RegisterForm({ code, invite }: { code: string; invite: InviteDetails }) {
  const navigate = useNavigate();
  const [showPassword, setShowPassword] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values, unknown, Registration>({
    resolver,
    defaultValues: {
      auth_mode: 'password',
      invite_code: code,
      pan: '',
      password: '',
      identity: { first_name: invite.first_name, last_name: invite.last_name },
      contact: { email: invite.email, mobile: '', whatsapp_consent: false },
    },
  });
  const submit = useMutation({
    mutationFn: registerFromInvite,
    onSuccess: () => {
      void showToast({ severity: 'success', summary: 'Registration complete', detail: 'Sign in with your e-mail and new password.' });
      void navigate('/auth/login');
    },
    onError: (error) => {
      if (!applyServerFieldErrors(error, setError, FIELDS)) void showToast({ severity: 'error', summary: toastMessageFromError(error) });
    },
  });
  const field = (name: Path<Values>) => blueprintField(register, name);
  return (
    <form onSubmit={handleSubmit((values) => submit.mutate(values))} noValidate aria-label="Register">
      <H2>Create your account</H2>
      <Callout icon="office" className="kosh-register__joining">
        You have been invited to join <strong>{invite.client_name}</strong>.
      </Callout>
      <FormField label="Email" id="register-email" error={errors.contact?.email?.message} helper="The address the invitation was sent to.">
        <InputGroup id="register-email" type="email" readOnly autoComplete="username" {...field('contact.email')} />
      </FormField>
      <div className="kosh-register__row">
        <FormField label="First name" id="register-first-name" error={errors.identity?.first_name?.message}>
          <InputGroup id="register-first-name" autoComplete="given-name" {...field('identity.first_name')} />
        </FormField>
        <FormField label="Last name" id="register-last-name" error={errors.identity?.last_name?.message}>
          <InputGroup id="register-last-name" autoComplete="family-name" {...field('identity.last_name')} />
        </FormField>
      </div>
      <div className="kosh-register__row">
        <FormField label="PAN" id="register-pan" error={errors.pan?.message} helper="10 characters, e.g. ABCDE1234F">
          <InputGroup id="register-pan" autoFocus autoComplete="off" className="kosh-register__upper" {...field('pan')} />
        </FormField>
        <FormField label="Mobile" id="register-mobile" error={errors.contact?.mobile?.message}>
          <InputGroup id="register-mobile" type="tel" autoComplete="tel" placeholder="9876543210" {...field('contact.mobile')} />
        </FormField>
      </div>
      <FormField label="Password" id="register-password" error={errors.password?.message} helper="At least 8 characters, not only digits.">
        <InputGroup
          id="register-password"
          type={showPassword ? 'text' : 'password'}
          autoComplete="new-password"
          {...field('password')}
          rightElement={
            <Button
              variant="minimal"
              icon={showPassword ? 'eye-off' : 'eye-open'}
              aria-label={showPassword ? 'Hide password' : 'Show password'}
              onClick={() => setShowPassword(!showPassword)}
            />
          }
        />
      </FormField>
      <Checkbox label="Send me trade updates on WhatsApp" {...field('contact.whatsapp_consent')} />
      <Button type="submit" intent={Intent.PRIMARY} size="large" fill loading={submit.isPending} text="Register" />
    </form>
  );
}
