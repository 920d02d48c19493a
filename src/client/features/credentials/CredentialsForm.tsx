/** The credentials form of one clearing corporation; the password is sent once and cleared. */
import { Button, Card, H3, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { storeCredentialsSchema, type StoreCredentials } from '../../../shared/contracts/credentials';
import type { Exchange } from '../../../shared/enums';
import { showToast } from '../../ui/toaster';
import { toastMessageFromError } from '../../ui/toastMessage';
import { applyServerFieldErrors, blueprintField } from '../../ui/forms';
import { FormField } from '../../ui/FormField';
import { storeCredentials } from './credentialApi';

const FIELDS = ['participant_code', 'username', 'password'] as const;

export interface CredentialsFormProps {
  corp: Exchange;
  stored: boolean;
  /** The name the clearing corporation knows the client by, when stored. */
  storedName: string | null;
  onSaved: () => void;
}

export function CredentialsForm({ corp, stored, storedName, onSaved }: CredentialsFormProps) {
  const empty: StoreCredentials = { corp, participant_code: '', username: '', password: '' };
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<StoreCredentials>({
    resolver: zodResolver(storeCredentialsSchema),
    defaultValues: empty,
  });
  const save = useMutation({
    mutationFn: (values: StoreCredentials) => storeCredentials(values),
    onSuccess: (result) => {
      reset(empty);
      onSaved();
      void showToast({ severity: 'success', summary: `${corp} credentials saved`, detail: `Participant code ${result.participant_code}` });
    },
    onError: (error) => {
      if (!applyServerFieldErrors(error, setError, FIELDS)) void showToast({ severity: 'error', summary: toastMessageFromError(error) });
    },
  });
  const id = (field: string) => `${corp.toLowerCase()}-${field}`;
  return (
    <Card className="kosh-credentials__card" data-testid={`credentials-${corp}`}>
      <div className="kosh-account__header">
        <H3>{corp}</H3>
        <Tag minimal round icon={stored ? 'tick-circle' : 'disable'} intent={stored ? Intent.SUCCESS : Intent.NONE}>
          {stored ? 'Credentials stored' : 'Not set up'}
        </Tag>
      </div>
      <p className="bp6-text-muted">
        {stored
          ? `Stored${storedName ? ` as ${storedName}` : ''}. Saving again replaces them.`
          : `Add your ${corp} credentials to report and settle trades there.`}
      </p>
      <form onSubmit={handleSubmit((values) => save.mutate(values))} noValidate aria-label={`${corp} credentials`}>
        <FormField label="Participant code" id={id('participant-code')} error={errors.participant_code?.message}>
          <InputGroup id={id('participant-code')} autoComplete="off" {...blueprintField(register, 'participant_code')} />
        </FormField>
        <FormField label="Username" id={id('username')} error={errors.username?.message}>
          <InputGroup id={id('username')} autoComplete="off" {...blueprintField(register, 'username')} />
        </FormField>
        <FormField label="Password" id={id('password')} error={errors.password?.message}>
          <InputGroup id={id('password')} type="password" autoComplete="new-password" {...blueprintField(register, 'password')} />
        </FormField>
        <Button
          type="submit"
          intent={Intent.PRIMARY}
          icon="lock"
          text={stored ? `Replace ${corp} credentials` : `Save ${corp} credentials`}
          loading={save.isPending}
        />
      </form>
    </Card>
  );
}
