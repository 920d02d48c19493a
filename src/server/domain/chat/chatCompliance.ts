/**
 * Chat as a compliance record (issue #10, DESIGN §8): a client's compliance officers read the chats
 * their client's people were ever in (the venue operator's, every chat) — deleted messages
 * included and marked — and the members export their own chat (`POST api/download-chats`).
 */
import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { Principal } from '../../../shared/accessPolicy.js';
import { CHAT_MESSAGES } from '../../../shared/contracts/chat.js';
import { toCsv } from '../../../shared/csv.js';
import type { Db, DbOrTx } from '../../db/database.js';
import { chatChannels, chatMembers, chatMessages, clients, userAccounts, users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { membership } from './chatAccess.js';
import { clientNames, dateOf, fileUrl, selectMessages, visibleTo, type MessageRow } from './chatViews.js';

/** Whether the caller is a compliance officer whose client had someone in the channel (or oversees every client). */
export async function mayReadAsCompliance(db: DbOrTx, caller: Principal, channelId: number): Promise<boolean> {
  if (!caller.roles.includes('complianceofficer')) return false;
  const [client] = await db.select({ isOperator: clients.isOperator }).from(clients).where(eq(clients.id, caller.clientId));
  if (client?.isOperator) return true;
  const [member] = await db
    .select({ userId: chatMembers.userId })
    .from(chatMembers)
    .innerJoin(userAccounts, eq(userAccounts.id, chatMembers.userAccountId))
    .where(and(eq(chatMembers.channelId, channelId), eq(userAccounts.clientId, caller.clientId)))
    .limit(1);
  return member !== undefined;
}

const iso = (d: Date | null) => (d ? d.toISOString() : '');

export interface ChatExportQuery {
  startTime: number;
  endTime: number;
  channelIds: string[];
}

export function createChatExport(db: Db) {
  return {
    /** One channel's messages in [startTime, endTime] (ms) as CSV, files listed by name, type, size and link. */
    async exportCsv(caller: Principal, query: ChatExportQuery): Promise<{ fileName: string; csv: string }> {
      if (query.endTime < query.startTime)
        throw new AppError('VALIDATION_FAILED', 'The end time is before the start time.', { endTime: 'Before the start time' });
      const url = query.channelIds[0]!;
      const [channel] = await db.select().from(chatChannels).where(eq(chatChannels.url, url));
      if (!channel) throw new AppError('NOT_FOUND', CHAT_MESSAGES.channelNotFound);
      const compliance = await mayReadAsCompliance(db, caller, channel.id);
      if (!compliance) await membership(db, url, caller, 'joined');
      const inRange = and(
        eq(chatMessages.channelId, channel.id),
        gte(chatMessages.createdAt, dateOf(query.startTime, 'startTime')),
        lte(chatMessages.createdAt, dateOf(query.endTime, 'endTime')),
      );
      const rows = (await selectMessages(db)
        .where(compliance ? inRange : and(inRange, visibleTo(caller.userId)))
        .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id))) as MessageRow[];
      const firms = await clientNames(
        db,
        rows.flatMap((r) => (r.senderClientId === null ? [] : [r.senderClientId])),
      );
      const deleterIds = [...new Set(rows.flatMap((r) => (r.deletedBy === null ? [] : [r.deletedBy])))];
      const deleters = new Map(
        deleterIds.length === 0
          ? []
          : (
              await db
                .select({ id: users.id, first: users.firstName, last: users.lastName })
                .from(users)
                .where(inArray(users.id, deleterIds))
            ).map((u) => [u.id, `${u.first} ${u.last}`]),
      );
      const csv = toCsv(rows, [
        { header: 'Message id', value: (r) => r.id },
        { header: 'Sent at (UTC)', value: (r) => iso(r.createdAt) },
        {
          header: 'Sender',
          value: (r) => (r.senderUniqueId === null ? '' : `${r.senderFirstName ?? ''} ${r.senderLastName ?? ''}`.trim()),
        },
        { header: 'Sender firm', value: (r) => (r.senderClientId === null ? '' : (firms.get(r.senderClientId) ?? '')) },
        { header: 'Type', value: (r) => r.messageType },
        { header: 'Message', value: (r) => r.message },
        { header: 'Data', value: (r) => r.data },
        { header: 'File name', value: (r) => r.fileName },
        { header: 'File type', value: (r) => r.fileType },
        { header: 'File size (bytes)', value: (r) => r.fileSize },
        { header: 'File link', value: (r) => (r.fileName === null ? '' : fileUrl(r.id)) },
        { header: 'File SHA-256', value: (r) => r.fileSha256 },
        { header: 'Deleted', value: (r) => (r.deletedAt ? 'yes' : 'no') },
        { header: 'Deleted at (UTC)', value: (r) => iso(r.deletedAt) },
        { header: 'Deleted by', value: (r) => (r.deletedBy === null ? '' : (deleters.get(r.deletedBy) ?? '')) },
      ]);
      return { fileName: `chat-${channel.url}.csv`, csv };
    },
  };
}
