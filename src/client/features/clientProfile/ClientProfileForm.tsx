/** The OpsAdmin's edit form of the client profile: name, website, state and segment. */
import { Button, Card, H3, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm, type Resolver } from 'react-hook-form';
import { updateClientSchema, type ClientProfile, type ClientUpdate } from '../../../shared/contracts/clients';
import { ADDRESS_STATE_OPTIONS, CLIENT_SEGMENTS } from '../../../shared/enums';
import { showToast } from '../../ui/toaster';
import { toastMessageFromError } from '../../ui/toastMessage';
import { applyServerFieldErrors, blueprintField } from '../../ui/forms';
import { FormField } from '../../ui/FormField';
import { useRefreshSessionProfile } from '../../app/sessionView';
import { SEGMENT_LABELS } from './clientLabels';
import { clientKeys, updateClientProfile } from './clientQueries';

interface Values {
  name: string;
  website: string;
  state: string;
  segment: string;
}
const FIELDS = ['name', 'website', 'state', 'segment'] as const;

const schemaResolver = zodResolver(updateClientSchema);
// A client without a state yet shows an empty choice; leaving it empty changes nothing.
const resolver: Resolver<Values, unknown, ClientUpdate> = (values, context, options) =>
  schemaResolver({ ...values, state: values.state || undefined } as never, context, options as never) as never;

const valuesOf = (client: ClientProfile): Values => ({
  name: client.name,
  website: client.website ?? '',
  state: client.state ?? '',
  segment: client.segment,
});

export function ClientProfileForm({ client }: { client: ClientProfile }) {
  const queryClient = useQueryClient();
  const refreshSession = useRefreshSessionProfile();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<Values, unknown, ClientUpdate>({ resolver, defaultValues: valuesOf(client) });
  const save = useMutation({
    mutationFn: (changes: ClientUpdate) => updateClientProfile(client.id, changes),
    onSuccess: (saved) => {
      queryClient.setQueryData(clientKeys.profile(), saved);
      void queryClient.invalidateQueries({ queryKey: clientKeys.all });
      reset(valuesOf(saved));
      // The session carries the client name shown in the header.
      void refreshSession();
      void showToast({ severity: 'success', summary: 'Client profile saved' });
    },
    onError: (error) => {
      if (!applyServerFieldErrors(error, setError, FIELDS)) void showToast({ severity: 'error', summary: toastMessageFromError(error) });
    },
  });
  return (
    <Card>
      <H3>Edit client profile</H3>
      <form
        className="kosh-account__form"
        onSubmit={handleSubmit((changes) => save.mutate(changes))}
        noValidate
        aria-label="Edit client profile"
      >
        <FormField label="Name" id="client-name" error={errors.name?.message}>
          <InputGroup id="client-name" {...blueprintField(register, 'name')} />
        </FormField>
        <FormField label="Website" id="client-website" error={errors.website?.message} helper="e.g. example.com; leave empty to remove it.">
          <InputGroup id="client-website" type="url" placeholder="example.com" {...blueprintField(register, 'website')} />
        </FormField>
        <FormField label="State" id="client-state" error={errors.state?.message}>
          <HTMLSelect id="client-state" fill {...register('state')}>
            <option value="" disabled>
              Select a state
            </option>
            {ADDRESS_STATE_OPTIONS.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </HTMLSelect>
        </FormField>
        <FormField label="Segment" id="client-segment" error={errors.segment?.message}>
          <HTMLSelect id="client-segment" fill {...register('segment')}>
            {CLIENT_SEGMENTS.map((s) => (
              <option key={s} value={s}>
                {SEGMENT_LABELS[s]}
              </option>
            ))}
          </HTMLSelect>
        </FormField>
        <div className="kosh-account__actions">
          <Button
            type="submit"
            intent={Intent.PRIMARY}
            icon="floppy-disk"
            text="Save changes"
            loading={save.isPending}
            disabled={!isDirty}
          />
          <Button text="Discard changes" variant="minimal" disabled={!isDirty || save.isPending} onClick={() => reset(valuesOf(client))} />
        </div>
      </form>
    </Card>
  );
}
