/** Invites a person to the client: e-mail, name and roles; the server e-mails a 7-day link. */
import { Button, Dialog, DialogBody, DialogFooter, InputGroup, Intent } from '@blueprintjs/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { inviteSchema, type InviteInput } from '../../../shared/contracts/users';
import { showToast } from '../../ui/toaster';
import { toastMessageFromError } from '../../ui/toastMessage';
import { applyServerFieldErrors, blueprintField } from '../../ui/forms';
import { FormField } from '../../ui/FormField';
import { RoleCheckboxes } from './RoleCheckboxes';
import { inviteUser, userKeys } from './userQueries';

type Values = z.input<typeof inviteSchema>;
const FIELDS = ['email', 'first_name', 'last_name', 'roles'] as const;
const EMPTY: Values = { email: '', first_name: '', last_name: '', roles: ['user'] };

export function InviteUserDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<Values, unknown, InviteInput>({
    resolver: zodResolver(inviteSchema),
    defaultValues: EMPTY,
  });
  const invite = useMutation({
    mutationFn: inviteUser,
    onSuccess: (account) => {
      void queryClient.invalidateQueries({ queryKey: userKeys.lists() });
      void showToast({ severity: 'success', summary: 'Invitation sent', detail: `${account.email} can register within 7 days.` });
      reset(EMPTY);
      onClose();
    },
    onError: (error) => {
      if (!applyServerFieldErrors(error, setError, FIELDS)) void showToast({ severity: 'error', summary: toastMessageFromError(error) });
    },
  });
  const close = () => {
    reset(EMPTY);
    invite.reset();
    onClose();
  };
  return (
    <Dialog isOpen={isOpen} onClose={close} title="Invite user" icon="new-person">
      <form onSubmit={handleSubmit((values) => invite.mutate(values))} noValidate aria-label="Invite user">
        <DialogBody>
          <FormField label="Email" id="invite-email" error={errors.email?.message}>
            <InputGroup id="invite-email" type="email" autoFocus autoComplete="off" {...blueprintField(register, 'email')} />
          </FormField>
          <div className="kosh-users__row">
            <FormField label="First name" id="invite-first-name" error={errors.first_name?.message}>
              <InputGroup id="invite-first-name" autoComplete="off" {...blueprintField(register, 'first_name')} />
            </FormField>
            <FormField label="Last name" id="invite-last-name" error={errors.last_name?.message}>
              <InputGroup id="invite-last-name" autoComplete="off" {...blueprintField(register, 'last_name')} />
            </FormField>
          </div>
          <Controller
            control={control}
            name="roles"
            render={({ field }) => (
              <RoleCheckboxes id="invite-roles" value={field.value} onChange={field.onChange} error={errors.roles?.message} />
            )}
          />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={close} />
              <Button type="submit" intent={Intent.PRIMARY} icon="send-message" text="Send invitation" loading={invite.isPending} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
