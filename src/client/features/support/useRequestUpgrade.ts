/**
 * A 402 wall's Request Upgrade (spec 02 §8): files the wall's request type — an access-request
 * ticket — and says so in the access toast.
 */
import { useMutation } from '@tanstack/react-query';
import type { RequestType } from '../../../shared/enums';
import { SUPPORT_TOASTS } from '../../../shared/messages';
import { fileRequest } from '../../api/supportApi';
import { showToast } from '../../ui/toaster';
import { toastMessageFromError } from '../../ui/toastMessage';

export function useRequestUpgrade(requestType: RequestType, context: Record<string, unknown> = {}): () => void {
  const mutation = useMutation({
    mutationFn: () => fileRequest(requestType, context),
    onSuccess: () => void showToast({ severity: 'success', summary: SUPPORT_TOASTS.access }),
    onError: (error) => void showToast({ severity: 'error', summary: toastMessageFromError(error) }),
  });
  return () => { if (!mutation.isPending) mutation.mutate(); };
}
