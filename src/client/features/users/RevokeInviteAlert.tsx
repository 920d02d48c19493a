/** Confirms and revokes a pending invitation. */
import { Alert, Intent } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserAccountView } from '../../../shared/contracts/users';
import { showToast } from '../../ui/toaster';
import { toastMessageFromError } from '../../ui/toastMessage';
import { revokeInvite, userKeys } from './userQueries';

export function RevokeInviteAlert({ user, onClose }: { user: UserAccountView | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: (inviteeId: number) => revokeInvite(inviteeId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: userKeys.lists() });
      void showToast({ severity: 'success', summary: 'Invitation revoked', detail: user?.email });
      onClose();
    },
    onError: (error) => {
      void showToast({ severity: 'error', summary: toastMessageFromError(error) });
      onClose();
    },
  });
  return (
    <Alert
      isOpen={user !== null}
      icon="undo"
      intent={Intent.DANGER}
      confirmButtonText="Revoke invite"
      cancelButtonText="Cancel"
      loading={revoke.isPending}
      canEscapeKeyCancel
      onConfirm={() => {
        if (user) revoke.mutate(user.id);
      }}
      onCancel={onClose}
    >
      <p>
        Revoke the invitation of <strong>{user?.email}</strong>? The link in their e-mail will stop working.
      </p>
    </Alert>
  );
}
