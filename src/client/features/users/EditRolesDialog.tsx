/** Changes the roles of one user account; the server's refusals (409) show as toasts. */
import { Button, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { changeRolesSchema, type UserAccountView } from '../../../shared/contracts/users';
import { showToast } from '../../ui/toaster';
import { toastMessageFromError } from '../../ui/toastMessage';
import { RoleCheckboxes } from './RoleCheckboxes';
import { changeUserRoles, userKeys } from './userQueries';

type Values = z.input<typeof changeRolesSchema>;
type Output = z.output<typeof changeRolesSchema>;

function EditRolesForm({ user, onClose }: { user: UserAccountView; onClose: () => void }) {
  const queryClient = useQueryClient();
  const {
    control,
    handleSubmit,
    formState: { errors, isDirty },
  } = useForm<Values, unknown, Output>({
    resolver: zodResolver(changeRolesSchema),
    defaultValues: { user_account_id: user.id, roles: user.roles },
  });
  const save = useMutation({
    mutationFn: (values: Output) => changeUserRoles(values.user_account_id, values.roles),
    onSuccess: (account) => {
      void queryClient.invalidateQueries({ queryKey: userKeys.lists() });
      void showToast({ severity: 'success', summary: 'Roles changed', detail: account.name });
      onClose();
    },
    onError: (error) => void showToast({ severity: 'error', summary: toastMessageFromError(error) }),
  });
  return (
    <form onSubmit={handleSubmit((values) => save.mutate(values))} noValidate aria-label="Change roles">
      <DialogBody>
        <p>
          {user.name} · {user.email}
        </p>
        <Controller
          control={control}
          name="roles"
          render={({ field }) => (
            <RoleCheckboxes id="edit-roles" value={field.value} onChange={field.onChange} error={errors.roles?.message} />
          )}
        />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={onClose} />
            <Button type="submit" intent={Intent.PRIMARY} text="Save roles" disabled={!isDirty} loading={save.isPending} />
          </>
        }
      />
    </form>
  );
}

export function EditRolesDialog({ user, onClose }: { user: UserAccountView | null; onClose: () => void }) {
  return (
    <Dialog isOpen={user !== null} onClose={onClose} title="Change roles" icon="edit">
      {user && <EditRolesForm key={user.id} user={user} onClose={onClose} />}
    </Dialog>
  );
}
