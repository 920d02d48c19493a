/** Support tickets in the database, and their view (with requester and attachment). */
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { TicketView } from '../../../shared/contracts/support.js';
import type { RequestType } from '../../../shared/enums.js';
import type { SupportType } from '../../../shared/support/ticketTypes.js';
import type { DbOrTx } from '../../db/database.js';
import { requests, supportFiles, supportTickets, users } from '../../db/schema.js';
import { fileUrlOf } from './supportFiles.js';

const LIST_LIMIT = 200;

export type NewTicket = Omit<typeof supportTickets.$inferInsert, 'id' | 'status'> & { supportType: SupportType };

/** Inserts a ticket and returns its id. */
export async function insertTicket(tx: DbOrTx, ticket: NewTicket): Promise<number> {
  const [row] = await tx.insert(supportTickets).values(ticket).returning({ id: supportTickets.id });
  if (!row) throw new Error('ticket insert returned no row');
  return row.id;
}

async function selectViews(tx: DbOrTx, where: SQL | undefined, limit: number): Promise<TicketView[]> {
  const rows = await tx
    .select({
      ticket: supportTickets,
      requestType: requests.requestType,
      file: { fileName: supportFiles.fileName, token: supportFiles.token, size: supportFiles.size },
      user: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
    })
    .from(supportTickets)
    .leftJoin(requests, eq(requests.id, supportTickets.requestId))
    .leftJoin(supportFiles, eq(supportFiles.id, supportTickets.fileId))
    .leftJoin(users, eq(users.id, supportTickets.userId))
    .where(where)
    .orderBy(desc(supportTickets.createdAt), desc(supportTickets.id))
    .limit(limit);
  return rows.map(({ ticket, requestType, file, user }) => ({
    id: ticket.id,
    support_type: ticket.supportType as SupportType,
    ticket_type_id: ticket.ticketTypeId,
    form_name: ticket.formName,
    content: ticket.content,
    extra_data: ticket.extraData as Record<string, unknown>,
    request_type: (requestType ?? null) as RequestType | null,
    file: file ? { name: file.fileName, url: fileUrlOf(file.token), size: file.size } : null,
    status: ticket.status,
    desk_ref: ticket.deskRef,
    created_at: ticket.createdAt.toISOString(),
    requester: user ? { id: user.id, name: `${user.firstName} ${user.lastName}`.trim(), email: user.email } : null,
  }));
}

export async function ticketView(tx: DbOrTx, id: number): Promise<TicketView> {
  const [view] = await selectViews(tx, eq(supportTickets.id, id), 1);
  if (!view) throw new Error(`ticket ${id} not found after insert`);
  return view;
}

/** A client's tickets, or only one user's there; newest first. */
export function listTickets(tx: DbOrTx, clientId: number, userId?: number): Promise<TicketView[]> {
  const where =
    userId === undefined
      ? eq(supportTickets.clientId, clientId)
      : and(eq(supportTickets.clientId, clientId), eq(supportTickets.userId, userId));
  return selectViews(tx, where, LIST_LIMIT);
}
