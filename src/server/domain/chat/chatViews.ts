/**
 * The chat entities of spec 02 §3 as one viewer sees them (contracts/chat.ts): members with their
 * brand and staff flag, the last message and unread count the viewer may see, their own state.
 * A few set queries per call, whatever the number of channels.
 */
import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { ChatChannel, ChatMember, ChatMessage, ChannelType } from '../../../shared/contracts/chat.js';
import type { DbOrTx } from '../../db/database.js';
import { chatChannels, chatMembers, chatMessages, clients, userAccounts, users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { onlineUserIds, peopleByAccount, type ChatPerson } from './chatPeople.js';

export type ChannelRow = typeof chatChannels.$inferSelect;
export type MemberRow = typeof chatMembers.$inferSelect;

/** Message columns without the file's bytes. */
export const messageColumns = {
  id: chatMessages.id,
  channelId: chatMessages.channelId,
  senderId: chatMessages.senderId,
  senderAccountId: chatMessages.senderAccountId,
  reqId: chatMessages.reqId,
  messageType: chatMessages.messageType,
  message: chatMessages.message,
  data: chatMessages.data,
  customType: chatMessages.customType,
  visibleTo: chatMessages.visibleTo,
  fileName: chatMessages.fileName,
  fileType: chatMessages.fileType,
  fileSize: chatMessages.fileSize,
  fileSha256: chatMessages.fileSha256,
  createdAt: chatMessages.createdAt,
  updatedAt: chatMessages.updatedAt,
  deletedAt: chatMessages.deletedAt,
  deletedBy: chatMessages.deletedBy,
  senderUniqueId: users.uniqueId,
  senderFirstName: users.firstName,
  senderLastName: users.lastName,
  senderClientId: userAccounts.clientId,
};
export interface MessageRow {
  id: number;
  channelId: number;
  senderId: number | null;
  senderAccountId: number | null;
  reqId: string;
  messageType: 'user' | 'file' | 'admin';
  message: string;
  data: string;
  customType: string;
  visibleTo: number | null;
  fileName: string | null;
  fileType: string | null;
  fileSize: number | null;
  fileSha256: string | null;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
  deletedBy: number | null;
  senderUniqueId: string | null;
  senderFirstName: string | null;
  senderLastName: string | null;
  senderClientId: number | null;
}

/** Messages with their senders, for a where-clause. */
export const selectMessages = (db: DbOrTx) =>
  db
    .select(messageColumns)
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.senderId))
    .leftJoin(userAccounts, eq(userAccounts.id, chatMessages.senderAccountId));

/** What a member may see: not deleted, and not a notice meant for someone else. */
export const visibleTo = (userId: number) =>
  and(isNull(chatMessages.deletedAt), or(isNull(chatMessages.visibleTo), eq(chatMessages.visibleTo, userId)));

/** A time in ms from a query or body as a Date; one outside JavaScript's date range is a 400, not a database error. */
export function dateOf(ms: number, field: string): Date {
  const date = new Date(ms);
  if (Number.isNaN(date.getTime())) throw new AppError('VALIDATION_FAILED', 'Not a valid time.', { [field]: 'Not a valid time' });
  return date;
}

export const fileUrl = (messageId: number) => `/api/chat/files/${messageId}/`;

export function messageView(row: MessageRow, channelUrl: string): ChatMessage {
  return {
    messageId: row.id,
    reqId: row.reqId,
    channelUrl,
    messageType: row.messageType,
    sender:
      row.senderUniqueId === null
        ? null
        : {
            userId: row.senderUniqueId,
            nickname: `${row.senderFirstName ?? ''} ${row.senderLastName ?? ''}`.trim(),
            client_id: row.senderClientId ?? 0,
          },
    message: row.message,
    data: row.data,
    customType: row.customType,
    file: row.fileName === null ? null : { name: row.fileName, type: row.fileType ?? '', size: row.fileSize ?? 0, url: fileUrl(row.id) },
    ogMetaData: null,
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
  };
}

/** The channel's current members: joined or invited, not banned, not gone. */
export const currentMember = and(isNull(chatMembers.leftAt), eq(chatMembers.banned, false));

function memberView(m: MemberRow, person: ChatPerson, online: Set<number>): ChatMember {
  const showsOnline = person.securityPreferences.show_online_status !== false;
  return {
    userId: person.uniqueId,
    nickname: person.nickname,
    role: m.role,
    connectionStatus: showsOnline && online.has(m.userId) ? 'online' : 'offline',
    state: m.state,
    isMuted: m.muted,
    metaData: { is_staff: person.isStaff, is_active: person.isActive, client_id: person.clientId, brand_name: person.brandName },
  };
}

/** The channels as `viewerId` (users.id) sees them, in the order given. The viewer must be a member of each. */
export async function channelViews(db: DbOrTx, channels: readonly ChannelRow[], viewerId: number, now: Date): Promise<ChatChannel[]> {
  if (channels.length === 0) return [];
  const ids = channels.map((c) => c.id);
  const members = await db
    .select()
    .from(chatMembers)
    .where(and(inArray(chatMembers.channelId, ids), currentMember))
    .orderBy(chatMembers.channelId, chatMembers.joinedAt);
  const mine = new Map(
    (
      await db
        .select()
        .from(chatMembers)
        .where(and(inArray(chatMembers.channelId, ids), eq(chatMembers.userId, viewerId)))
    ).map((m) => [m.channelId, m]),
  );
  const people = await peopleByAccount(
    db,
    members.map((m) => m.userAccountId),
  );
  const creatorsAndInviters = await db
    .select({ id: users.id, uniqueId: users.uniqueId, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(
      inArray(users.id, [
        ...channels.map((c) => c.createdBy),
        ...[...mine.values()].flatMap((m) => (m.invitedBy === null ? [] : [m.invitedBy])),
      ]),
    );
  const named = new Map(creatorsAndInviters.map((u) => [u.id, { userId: u.uniqueId, nickname: `${u.firstName} ${u.lastName}`.trim() }]));
  const online = await onlineUserIds(
    db,
    members.map((m) => m.userId),
    now,
  );

  // The newest message the viewer may see in each channel.
  const last = await db
    .selectDistinctOn([chatMessages.channelId], messageColumns)
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.senderId))
    .leftJoin(userAccounts, eq(userAccounts.id, chatMessages.senderAccountId))
    .where(and(inArray(chatMessages.channelId, ids), visibleTo(viewerId)))
    .orderBy(chatMessages.channelId, desc(chatMessages.createdAt), desc(chatMessages.id));
  const lastByChannel = new Map(last.map((row) => [row.channelId, row as MessageRow]));

  // Unread: visible messages from others after the viewer's read mark.
  const unread = await db
    .select({ channelId: chatMessages.channelId, count: sql<number>`count(*)::int` })
    .from(chatMessages)
    .innerJoin(chatMembers, and(eq(chatMembers.channelId, chatMessages.channelId), eq(chatMembers.userId, viewerId)))
    .where(
      and(
        inArray(chatMessages.channelId, ids),
        visibleTo(viewerId),
        sql`${chatMessages.id} > ${chatMembers.lastReadMessageId}`,
        sql`${chatMessages.senderId} is distinct from ${viewerId}`,
      ),
    )
    .groupBy(chatMessages.channelId);
  const unreadByChannel = new Map(unread.map((u) => [u.channelId, u.count]));

  return channels.map((c) => {
    const me = mine.get(c.id);
    const own = members.filter((m) => m.channelId === c.id);
    const lastRow = lastByChannel.get(c.id);
    return {
      url: c.url,
      customType: c.customType as ChannelType,
      name: c.name,
      memberCount: own.length,
      isDistinct: c.isDistinct,
      members: own.flatMap((m) => {
        const p = people.get(m.userAccountId);
        return p ? [memberView(m, p, online)] : [];
      }),
      lastMessage: lastRow ? messageView(lastRow, c.url) : null,
      unreadMessageCount: me?.state === 'joined' ? (unreadByChannel.get(c.id) ?? 0) : 0,
      myMemberState: me?.state ?? 'joined',
      myRole: me?.role ?? 'none',
      isMutedByMe: me?.muted ?? false,
      inviter: me?.invitedBy ? (named.get(me.invitedBy) ?? null) : null,
      creator: named.get(c.createdBy) ?? null,
      createdAt: c.createdAt.getTime(),
      invitedAt: me?.state === 'invited' && me.invitedAt ? me.invitedAt.getTime() : null,
      // A direct chat whose other person never accepted the chat terms is hidden by the client (spec 02 §5).
      data: JSON.stringify(
        c.customType === 'direct'
          ? { ...c.data, user_onboarded: own.every((m) => people.get(m.userAccountId)?.onboarded ?? false) }
          : c.data,
      ),
      metaData: { is_whatsapp_linked_channel: c.isWhatsappLinked },
    };
  });
}

/** The channels `userId` is a current member of (joined or invited), newest first. */
export async function channelsOf(db: DbOrTx, userId: number): Promise<ChannelRow[]> {
  const rows = await db
    .select({ channel: chatChannels })
    .from(chatChannels)
    .innerJoin(chatMembers, and(eq(chatMembers.channelId, chatChannels.id), eq(chatMembers.userId, userId), currentMember))
    .orderBy(desc(chatChannels.createdAt), desc(chatChannels.id));
  return rows.map((r) => r.channel);
}

/** Clients' names by id (the export's sender firm). */
export async function clientNames(db: DbOrTx, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: clients.id, name: clients.name })
    .from(clients)
    .where(inArray(clients.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.name]));
}
