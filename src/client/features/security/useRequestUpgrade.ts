/** The 402 wall's Request Upgrade: stores a CASHFLOW_UPGRADE request and says so in a toast. */
import { useMutation } from '@tanstack/react-query';
import { showToast } from '../../ui/toaster';
import { toastMessageFromError } from '../../ui/toastMessage';
import { requestCashflowUpgrade } from './securityQueries';

/** Spec 02 §8's access-request toast. */
export const UPGRADE_REQUESTED = 'Your request has been noted. We will update you shortly via email.';

export function useRequestUpgrade(finstrumentId: number): () => void {
  const mutation = useMutation({
    mutationFn: () => requestCashflowUpgrade({ finstrument_id: finstrumentId }),
    onSuccess: () => void showToast({ severity: 'success', summary: UPGRADE_REQUESTED }),
    onError: (error) => void showToast({ severity: 'error', summary: toastMessageFromError(error) }),
  });
  return () => { if (!mutation.isPending) mutation.mutate(); };
}
