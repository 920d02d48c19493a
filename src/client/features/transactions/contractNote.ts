/** Opens an order's contract note (a PDF fetched with the session's token) in a new tab, or saves it when the tab is blocked. */
import type { OrderView } from '../../../shared/contracts/orders';
import { fetchContractNote } from '../../api/ordersApi';
import { saveBlob } from '../find/saveBlob';

// Long enough for the new tab to load the PDF from the object URL.
const REVOKE_AFTER_MS = 60_000;

export async function openContractNote(order: Pick<OrderView, 'kind' | 'id'>): Promise<void> {
  const { blob, fileName } = await fetchContractNote(order);
  const pdf = blob.type ? blob : new Blob([blob], { type: 'application/pdf' });
  const url = URL.createObjectURL(pdf);
  // Not 'noopener': with it window.open always answers null, so every note was opened and saved too.
  // The tab shows our own blob URL, so it keeps no opener instead.
  const tab = window.open(url, '_blank');
  if (tab === null) saveBlob(pdf, fileName ?? `contract-note-${order.id}.pdf`);
  else tab.opener = null;
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
