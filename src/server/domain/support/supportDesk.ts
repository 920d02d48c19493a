/**
 * The SupportDesk port (DESIGN §11): where a ticket goes besides our own database. Built-in keeps
 * tickets only in PostgreSQL; with SUPPORT_DESK_TOKEN they are also created in Intercom through
 * its REST API, and a refusal there is the spec's 'Error creating intercom ticket' with the reason.
 */
import { AppError } from '../../errors.js';

export interface DeskTicket {
  /** The ticket type id as sent by the form (spec 02 §3). */
  ticketTypeId: number;
  title: string;
  description: string;
  requesterEmail: string;
  extraData: Record<string, unknown>;
  fileUrl: string | null;
}

export interface SupportDesk {
  readonly name: 'built-in' | 'intercom';
  /** Creates the ticket at the desk; returns the desk's id for it (null for the built-in desk). */
  createTicket(ticket: DeskTicket): Promise<{ ref: string | null }>;
}

export const builtInDesk: SupportDesk = { name: 'built-in', createTicket: async () => ({ ref: null }) };

export interface IntercomSettings {
  token: string;
  baseUrl: string;
  timeoutMs?: number;
}

/** Intercom's REST API version this connector is written against. */
export const INTERCOM_API_VERSION = '2.11';
const DEFAULT_TIMEOUT_MS = 10_000;

const failed = (reason: string) => new AppError('SUPPORT_DESK_FAILED', `Error creating intercom ticket: ${reason}`);

/** The first message of Intercom's `error.list` body, else the HTTP status. */
async function refusalReason(res: Response): Promise<string> {
  const body = (await res.json().catch(() => null)) as { errors?: { message?: string }[] } | null;
  return body?.errors?.[0]?.message ?? `${res.status} ${res.statusText}`.trim();
}

/** The ticket's description: what the user wrote, then the shared details and the attachment. */
function describe(ticket: DeskTicket): string {
  const parts = [ticket.description];
  if (Object.keys(ticket.extraData).length > 0) parts.push(`Details: ${JSON.stringify(ticket.extraData)}`);
  if (ticket.fileUrl) parts.push(`Attachment: ${ticket.fileUrl}`);
  return parts.join('\n\n');
}

/** Creates tickets in Intercom (POST {baseUrl}/tickets) for the requester's e-mail. */
export function intercomDesk({ token, baseUrl, timeoutMs = DEFAULT_TIMEOUT_MS }: IntercomSettings): SupportDesk {
  const url = `${baseUrl.replace(/\/+$/, '')}/tickets`;
  return {
    name: 'intercom',
    async createTicket(ticket) {
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'intercom-version': INTERCOM_API_VERSION,
            accept: 'application/json',
            'content-type': 'application/json',
          },
          body: JSON.stringify({
            ticket_type_id: String(ticket.ticketTypeId),
            contacts: [{ email: ticket.requesterEmail }],
            ticket_attributes: { _default_title_: ticket.title, _default_description_: describe(ticket) },
          }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw failed(
          error instanceof Error && error.name === 'TimeoutError'
            ? 'the support desk did not answer in time'
            : 'the support desk cannot be reached',
        );
      }
      if (!res.ok) throw failed(await refusalReason(res));
      const body = (await res.json().catch(() => null)) as { id?: unknown } | null;
      if (typeof body?.id !== 'string' && typeof body?.id !== 'number') throw failed('the support desk sent no ticket id');
      return { ref: String(body.id) };
    },
  };
}
