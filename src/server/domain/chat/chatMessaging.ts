/**
 * Messages of the built-in chat (spec 02 §4 Messages, Read and delivered marking; issue #10 Records):
 * send (idempotent by reqId; a broadcast list's message goes to a direct chat with each recipient),
 * files, pages by createdAt, delete (hidden from members, kept for compliance), read and delivered
 * marks, and the file bytes (in the storage port) for members and the client's compliance officers.
 */
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, lt } from 'drizzle-orm';
import type { z } from 'zod';
import type { Principal } from '../../../shared/accessPolicy.js';
import type { Clock } from '../../../shared/clock.js';
import {
  BUZZ_DATA,
  CHAT_MESSAGES,
  type ChatChannel,
  type ChatMessage,
  type broadcastSchema,
  type messagePageQuerySchema,
  type sendMessageSchema,
} from '../../../shared/contracts/chat.js';
import type { Db, DbOrTx } from '../../db/database.js';
import { chatChannels, chatMembers, chatMessages } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { forbidden, logChatEvent, memberAccounts, membership, type Membership } from './chatAccess.js';
import { directChannel, type ChannelCommands } from './chatChannels.js';
import { checkChatFile } from './chatFiles.js';
import { personOfAccount, resolvePeople } from './chatPeople.js';
import { findMessage, latestVisibleId, postMessage } from './chatPosting.js';
import { dateOf, messageView, selectMessages, visibleTo, type ChannelRow, type MessageRow } from './chatViews.js';
import { mayReadAsCompliance } from './chatCompliance.js';
import { newFileKey, type FileStorage } from '../../storage/fileStorage.js';

export type SendMessage = z.output<typeof sendMessageSchema>;
export type MessagePageQuery = z.output<typeof messagePageQuerySchema>;
export type Broadcast = z.output<typeof broadcastSchema>;
export interface ChatUpload {
  fileName: string;
  mimeType: string;
  content: Buffer;
  reqId: string;
  data: string;
}

const invalid = (message: string, field: string) => new AppError('VALIDATION_FAILED', message, { [field]: message });

export function createMessaging(db: Db, clock: Clock, channels: ChannelCommands, files: FileStorage) {
  /** Sends into a channel the caller has joined and may speak in; a broadcast list's message fans out. */
  async function post(caller: Principal, url: string, build: (m: Membership) => Omit<Parameters<typeof postMessage>[4], 'sender'>) {
    return db.transaction(async (tx) => {
      const m = await membership(tx, url, caller, 'joined', true);
      if (m.me.muted) throw forbidden(CHAT_MESSAGES.muted);
      const sender = await personOfAccount(tx, caller.userAccountId);
      const input = { ...build(m), sender };
      const result = await postMessage(tx, clock, caller, m.channel, input);
      if (m.channel.customType === 'broadcast' && input.messageType !== 'admin') await fanOut(tx, caller, m.channel, input);
      return result;
    });
  }

  /** One copy of a broadcast message in the direct chat with each recipient (created with created_from when new). */
  async function fanOut(tx: DbOrTx, caller: Principal, broadcast: ChannelRow, input: Parameters<typeof postMessage>[4]) {
    const recipients = await resolvePeople(tx, (broadcast.data.recipients as string[] | undefined) ?? []);
    const channelsOut: ChannelRow[] = [];
    for (const person of recipients) {
      const { channel } = await directChannel(tx, clock, caller, input.sender!, person, broadcast.url);
      const [locked] = await tx.select().from(chatChannels).where(eq(chatChannels.id, channel.id)).for('update');
      await postMessage(tx, clock, caller, locked!, input);
      channelsOut.push(locked!);
    }
    return channelsOut;
  }

  return {
    async send(caller: Principal, url: string, body: SendMessage): Promise<{ message: ChatMessage; created: boolean }> {
      const text = body.message.trim();
      if (!text && body.data !== BUZZ_DATA) throw invalid(CHAT_MESSAGES.emptyMessage, 'message');
      return post(caller, url, () => ({
        reqId: body.reqId,
        messageType: 'user',
        message: text,
        data: body.data,
        customType: body.customType,
      }));
    },

    /**
     * The bytes go to storage before the message row commits; when the row does not commit (a
     * refusal, a failure) or a retry answers the first message, they are removed again: nothing
     * lost, nothing orphaned.
     */
    async sendFile(caller: Principal, url: string, upload: ChatUpload): Promise<{ message: ChatMessage; created: boolean }> {
      checkChatFile(upload.mimeType, upload.content);
      const key = newFileKey('chat', clock.now());
      await files.put(key, upload.content);
      const sha256 = createHash('sha256').update(upload.content).digest('hex');
      const result = await post(caller, url, () => ({
        reqId: upload.reqId,
        messageType: 'file',
        message: '',
        data: upload.data,
        customType: '',
        file: { name: upload.fileName, type: upload.mimeType, size: upload.content.length, key, sha256 },
      })).catch(async (error: unknown) => {
        await files.remove(key);
        throw error;
      });
      if (!result.created) await files.remove(key);
      return result;
    },

    /** A broadcast: a new broadcast list with these recipients and one message to each one's direct chat. */
    async broadcast(caller: Principal, body: Broadcast): Promise<{ channels: ChatChannel[] }> {
      // A retry of the same broadcast (same reqId) answers the first one's chats, creating nothing.
      const [sent] = await db
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .innerJoin(chatChannels, eq(chatChannels.id, chatMessages.channelId))
        .where(and(eq(chatChannels.customType, 'broadcast'), eq(chatMessages.senderId, caller.userId), eq(chatMessages.reqId, body.reqId)));
      const { channel } = sent
        ? { channel: null }
        : await channels.create(caller, {
            customType: 'broadcast',
            name: body.name,
            invitedUserIds: body.userIds,
            operatorUserIds: [],
            isDistinct: false,
          });
      if (channel)
        await post(caller, channel.url, () => ({
          reqId: body.reqId,
          messageType: 'user',
          message: body.message,
          data: '',
          customType: '',
        }));
      const me = await personOfAccount(db, caller.userAccountId);
      const people = await resolvePeople(db, body.userIds);
      const directs = await Promise.all(
        people
          .filter((p) => p.id !== me.id)
          .map(async (p) => {
            const [row] = await db
              .select({ url: chatChannels.url })
              .from(chatChannels)
              .where(eq(chatChannels.distinctKey, [me.uniqueId, p.uniqueId].sort().join(':')));
            return channels.get(caller, row!.url);
          }),
      );
      return { channels: directs };
    },

    /** A page of messages: the newest, or strictly before / after a createdAt, oldest first. */
    async page(caller: Principal, url: string, query: MessagePageQuery): Promise<{ messages: ChatMessage[]; has_more: boolean }> {
      const { channel } = await membership(db, url, caller, 'joined');
      const visible = and(eq(chatMessages.channelId, channel.id), visibleTo(caller.userId));
      const newer = query.after !== undefined;
      const bound = newer
        ? gt(chatMessages.createdAt, dateOf(query.after!, 'after'))
        : query.before !== undefined
          ? lt(chatMessages.createdAt, dateOf(query.before, 'before'))
          : undefined;
      const order = newer ? asc(chatMessages.createdAt) : desc(chatMessages.createdAt);
      // The page is cut from the messages alone, then joined to its senders: joined first, the
      // planner may join every earlier message of a long channel before the limit applies.
      const pageIds = db
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .where(and(visible, bound))
        .orderBy(order)
        .limit(query.limit + 1);
      const rows = (await selectMessages(db).where(inArray(chatMessages.id, pageIds)).orderBy(order)) as MessageRow[];
      const has_more = rows.length > query.limit;
      const page = rows.slice(0, query.limit);
      if (!newer) page.reverse();
      return { messages: page.map((r) => messageView(r, channel.url)), has_more };
    },

    /** The sender hides their message from the members; it stays, with who and when, for compliance. */
    async remove(caller: Principal, url: string, messageId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const { channel } = await membership(tx, url, caller, 'joined', true);
        const row = await findMessage(tx, messageId);
        if (!row || row.channelId !== channel.id || row.deletedAt || (row.visibleTo !== null && row.visibleTo !== caller.userId)) {
          throw new AppError('NOT_FOUND', 'No such message.');
        }
        if (row.senderId !== caller.userId) throw forbidden(CHAT_MESSAGES.notYourMessage);
        const now = clock.now();
        await tx.update(chatMessages).set({ deletedAt: now, deletedBy: caller.userId }).where(eq(chatMessages.id, messageId));
        await logChatEvent(tx, clock, caller, 'chat.message_deleted', {
          channel,
          recipients: await memberAccounts(tx, channel.id, true),
          messageId,
        });
      });
    },

    /** Read (or delivered) up to the newest message; nothing changes, and nothing is told, when already so. */
    async mark(caller: Principal, url: string, kind: 'read' | 'delivered'): Promise<void> {
      await db.transaction(async (tx) => {
        const { channel, me } = await membership(tx, url, caller, 'joined', true);
        const latest = await latestVisibleId(tx, channel.id, caller.userId);
        const column = kind === 'read' ? 'lastReadMessageId' : 'lastDeliveredMessageId';
        if (latest <= me[column]) return;
        await tx
          .update(chatMembers)
          .set({ [column]: latest, ...(kind === 'read' && me.lastDeliveredMessageId < latest && { lastDeliveredMessageId: latest }) })
          .where(and(eq(chatMembers.channelId, channel.id), eq(chatMembers.userId, caller.userId)));
        const person = await personOfAccount(tx, caller.userAccountId);
        await logChatEvent(tx, clock, caller, kind === 'read' ? 'chat.read' : 'chat.delivered', {
          channel,
          recipients: await memberAccounts(tx, channel.id, true),
          userId: person.uniqueId,
        });
      });
    },

    /** A file's bytes: to the channel's joined members while it is not deleted, and to the client's compliance officers always. */
    async readFile(caller: Principal, messageId: number): Promise<{ name: string; type: string; content: Buffer }> {
      const [row] = await db
        .select({
          channelId: chatMessages.channelId,
          name: chatMessages.fileName,
          type: chatMessages.fileType,
          key: chatMessages.fileKey,
          legacyContent: chatMessages.fileContent,
          deletedAt: chatMessages.deletedAt,
          visibleTo: chatMessages.visibleTo,
          url: chatChannels.url,
        })
        .from(chatMessages)
        .innerJoin(chatChannels, eq(chatChannels.id, chatMessages.channelId))
        .where(eq(chatMessages.id, messageId));
      if (!row) throw new AppError('NOT_FOUND', 'No such file.');
      const asMember = await membership(db, row.url, caller, 'joined').then(
        () => row.deletedAt === null,
        () => false,
      );
      if (!asMember && !(await mayReadAsCompliance(db, caller, row.channelId))) throw new AppError('NOT_FOUND', 'No such file.');
      // Files sent before the storage port still have their bytes in the row.
      const content = row.key === null ? row.legacyContent : await files.get(row.key);
      if (content === null) throw new AppError('NOT_FOUND', 'No such file.');
      return { name: row.name ?? 'file', type: row.type ?? 'application/octet-stream', content };
    },
  };
}
