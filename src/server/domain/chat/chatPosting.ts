/**
 * Posting one message into a channel the caller holds locked: idempotent by the sender's request
 * id (a retry answers the first message), timed strictly after the channel's last message so
 * pages by createdAt never split or skip two messages of the same millisecond, and logged as
 * `chat.message_sent` for the joined members (or the one user a notice is for).
 */
import { and, eq, max } from 'drizzle-orm';
import type { Principal } from '../../../shared/accessPolicy.js';
import type { Clock } from '../../../shared/clock.js';
import type { ChatMessage } from '../../../shared/contracts/chat.js';
import type { DbOrTx } from '../../db/database.js';
import { chatChannels, chatMessages } from '../../db/schema.js';
import { logChatEvent, memberAccounts } from './chatAccess.js';
import type { ChatPerson } from './chatPeople.js';
import { messageView, selectMessages, visibleTo, type ChannelRow, type MessageRow } from './chatViews.js';

export interface NewMessage {
  /** null for a notice of the chat itself (admin message). */
  sender: ChatPerson | null;
  reqId: string;
  messageType: 'user' | 'file' | 'admin';
  message: string;
  data: string;
  customType: string;
  visibleTo?: number;
  /** A file already in storage under `key`. */
  file?: { name: string; type: string; size: number; key: string; sha256: string };
}

export async function findMessage(tx: DbOrTx, id: number): Promise<MessageRow | undefined> {
  const [row] = await selectMessages(tx).where(eq(chatMessages.id, id));
  return row as MessageRow | undefined;
}

/** Posts `input` (the caller must hold the channel row locked); `recipients` overrides the joined members. */
export async function postMessage(
  tx: DbOrTx,
  clock: Clock,
  caller: Principal,
  channel: ChannelRow,
  input: NewMessage,
  recipients?: readonly number[],
): Promise<{ message: ChatMessage; created: boolean }> {
  if (input.sender) {
    const [existing] = await tx
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(and(eq(chatMessages.channelId, channel.id), eq(chatMessages.senderId, input.sender.id), eq(chatMessages.reqId, input.reqId)));
    if (existing) return { message: messageView((await findMessage(tx, existing.id))!, channel.url), created: false };
  }
  const [last] = await tx
    .select({ at: max(chatMessages.createdAt) })
    .from(chatMessages)
    .where(eq(chatMessages.channelId, channel.id));
  const now = clock.now().getTime();
  const at = new Date(Math.max(now, (last?.at?.getTime() ?? 0) + 1));
  const [row] = await tx
    .insert(chatMessages)
    .values({
      channelId: channel.id,
      senderId: input.sender?.id ?? null,
      senderAccountId: input.sender?.accountId ?? null,
      reqId: input.reqId,
      messageType: input.messageType,
      message: input.message,
      data: input.data,
      customType: input.customType,
      visibleTo: input.visibleTo ?? null,
      fileName: input.file?.name ?? null,
      fileType: input.file?.type ?? null,
      fileSize: input.file?.size ?? null,
      fileKey: input.file?.key ?? null,
      fileSha256: input.file?.sha256 ?? null,
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: chatMessages.id });
  if (channel.customType === 'direct' && input.sender) {
    // The channel list sorts direct chats by this (spec 02 §3: last_direct_message_at, in seconds).
    const [current] = await tx.select({ data: chatChannels.data }).from(chatChannels).where(eq(chatChannels.id, channel.id));
    await tx
      .update(chatChannels)
      .set({ data: { ...current?.data, last_direct_message_at: Math.floor(at.getTime() / 1000) } })
      .where(eq(chatChannels.id, channel.id));
  }
  const message = messageView((await findMessage(tx, row!.id))!, channel.url);
  await logChatEvent(tx, clock, caller, 'chat.message_sent', {
    channel,
    recipients: recipients ?? (await memberAccounts(tx, channel.id, true)),
    message,
  });
  return { message, created: true };
}

/** The newest message a member may see, for read and delivered marks. */
export async function latestVisibleId(tx: DbOrTx, channelId: number, userId: number): Promise<number> {
  const [row] = await tx
    .select({ id: max(chatMessages.id) })
    .from(chatMessages)
    .where(and(eq(chatMessages.channelId, channelId), visibleTo(userId)));
  return row?.id ?? 0;
}
