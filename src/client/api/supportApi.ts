/** The support desk's calls (spec 02 §7, spec 01 §7 `POST ext/public/upload/`). */
import { createRequestSchema, requestSchema } from '../../shared/contracts/requests';
import { detailSchema } from '../../shared/contracts/auth';
import { ticketListSchema, ticketSchema, uploadResultSchema, type ContactForm, type CreateTicket } from '../../shared/contracts/support';
import type { RequestType } from '../../shared/enums';
import { api } from './http';

/** Uploads an attachment (multipart field `file`) and returns its url. */
export async function uploadSupportFile(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  return (await api.post('/api/ext/public/upload/', form, { schema: uploadResultSchema, timeoutMs: 60_000 })).file_url;
}

export const createSupportTicket = (ticket: CreateTicket) => api.post('/api/support/tickets/', ticket, { schema: ticketSchema });

/** Files a request of spec 01 §3 (a 402 wall's Request Upgrade, an access or pricing request). */
export function fileRequest(requestType: RequestType, context: Record<string, unknown> = {}, message?: string) {
  const body = createRequestSchema.parse({ request_type: requestType, context, ...(message && { message }) });
  return api.post('/api/requests/', body, { schema: requestSchema });
}

/** The public /contact form. */
export const sendContactForm = (form: ContactForm) => api.post('/api/contact/', form, { schema: detailSchema });

/** The caller's tickets (an OpsAdmin's: the client's), newest first. */
export const listSupportTickets = () => api.get('/api/support/tickets/', { schema: ticketListSchema });
