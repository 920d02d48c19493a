/**
 * Files a request of spec 01 §3 from its entry point (a 402 wall's Request Upgrade, Request
 * pricing) and shows the toast of the ticket it opens (spec 02 §8: access requests get the access toast).
 */
import { useMutation } from '@tanstack/react-query';
import type { RequestType } from '../../../shared/enums';
import { SUPPORT_TOASTS } from '../../../shared/messages';
import { REQUEST_TICKET_TYPES } from '../../../shared/support/ticketTypes';
import { fileRequest } from '../../api/supportApi';
import { showToast } from '../../ui/toaster';
import { toastMessageFromError } from '../../ui/toastMessage';

export function useFileRequest(requestType: RequestType, context: Record<string, unknown> = {}): () => void {
  const mutation = useMutation({
    mutationFn: () => fileRequest(requestType, context),
    onSuccess: () => void showToast({ severity: 'success', summary: SUPPORT_TOASTS[REQUEST_TICKET_TYPES[requestType]] }),
    onError: (error) => void showToast({ severity: 'error', summary: toastMessageFromError(error) }),
  });
  return () => {
    if (!mutation.isPending) mutation.mutate();
  };
}
