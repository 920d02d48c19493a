/** The 402 wall's Request Upgrade: stores a CASHFLOW_UPGRADE request and says so in a toast. */
import { useMutation } from '@tanstack/react-query';
import { SUPPORT_TOASTS } from '../../../shared/messages';
import { showToast } from '../../ui/toaster';
import { toastMessageFromError } from '../../ui/toastMessage';
import { requestCashflowUpgrade } from './securityQueries';

export function useRequestUpgrade(finstrumentId: number): () => void {
  const mutation = useMutation({
    mutationFn: () => requestCashflowUpgrade({ finstrument_id: finstrumentId }),
    onSuccess: () => void showToast({ severity: 'success', summary: SUPPORT_TOASTS.access }),
    onError: (error) => void showToast({ severity: 'error', summary: toastMessageFromError(error) }),
  });
  return () => { if (!mutation.isPending) mutation.mutate(); };
}
