/**
 * Membership is the chat's tenancy (issue #10 Records and access): a channel exists only for its
 * members — anyone else gets 404, a banned user 403 — and every change is logged as a `chat.*`
 * event in the same transaction, addressed to the accounts the live feed tells.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Principal } from '../../../shared/accessPolicy.js';
import type { Clock } from '../../../shared/clock.js';
import { CHAT_MESSAGES, type ChatMessage } from '../../../shared/contracts/chat.js';
import type { EventType } from '../../../shared/events.js';
import type { DbOrTx } from '../../db/database.js';
import { chatChannels, chatMembers } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { appendEvent } from '../../events/eventLog.js';
import { currentMember, type ChannelRow, type MemberRow } from './chatViews.js';

export const notFound = () => new AppError('NOT_FOUND', CHAT_MESSAGES.channelNotFound);
export const forbidden = (message: string) => new AppError('FORBIDDEN', message);

export interface Membership {
  channel: ChannelRow;
  me: MemberRow;
}

/**
 * The channel and the caller's membership, locked for the transaction when `lock` (writes to one
 * channel queue behind each other, so message times and read marks stay in order).
 * `need`: 'joined' (read and write), 'any' (invited members too), 'invited' (accept or decline).
 */
export async function membership(
  tx: DbOrTx,
  url: string,
  caller: Principal,
  need: 'joined' | 'any' | 'invited',
  lock = false,
): Promise<Membership> {
  // One round trip for the channel and the caller's row: every chat call starts here.
  const query = tx
    .select({ channel: chatChannels, me: chatMembers })
    .from(chatChannels)
    .leftJoin(chatMembers, and(eq(chatMembers.channelId, chatChannels.id), eq(chatMembers.userId, caller.userId)))
    .where(eq(chatChannels.url, url));
  const [row] = lock ? await query.for('update', { of: chatChannels }) : await query;
  if (!row?.me) throw notFound();
  const { channel, me } = row;
  if (me.banned) throw forbidden(CHAT_MESSAGES.banned);
  if (me.leftAt) throw notFound();
  if (need === 'joined' && me.state !== 'joined') throw forbidden(CHAT_MESSAGES.notMember);
  if (need === 'invited' && me.state !== 'invited') throw forbidden(CHAT_MESSAGES.notInvited);
  return { channel, me };
}

export function requireOperator({ me }: Membership): void {
  if (me.role !== 'operator') throw forbidden(CHAT_MESSAGES.notOperator);
}

/** Accounts of the channel's current members; `joinedOnly` for messages (invited members see the channel, not its messages). */
export async function memberAccounts(tx: DbOrTx, channelId: number, joinedOnly = false): Promise<number[]> {
  const rows = await tx
    .select({ accountId: chatMembers.userAccountId, state: chatMembers.state })
    .from(chatMembers)
    .where(and(eq(chatMembers.channelId, channelId), currentMember));
  return rows.filter((r) => !joinedOnly || r.state === 'joined').map((r) => r.accountId);
}

/** The member rows of these users in a channel (any state). */
export async function memberRows(tx: DbOrTx, channelId: number, userIds: readonly number[]): Promise<Map<number, MemberRow>> {
  if (userIds.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(chatMembers)
    .where(and(eq(chatMembers.channelId, channelId), inArray(chatMembers.userId, [...userIds])));
  return new Map(rows.map((r) => [r.userId, r]));
}

type ChatEventType = Extract<EventType, `chat.${string}`>;

export interface ChatEventInput {
  channel: ChannelRow;
  recipients: readonly number[];
  userId?: string;
  message?: ChatMessage;
  messageId?: number;
}

/** Appends a chat event (same transaction as the change); the live feed tells `recipients`. */
export async function logChatEvent(tx: DbOrTx, clock: Clock, caller: Principal, type: ChatEventType, input: ChatEventInput): Promise<void> {
  await appendEvent(tx, clock, {
    type,
    aggregateId: input.channel.id,
    clientId: caller.clientId,
    actorUserId: caller.userId,
    payload: {
      channel_url: input.channel.url,
      recipient_account_ids: [...new Set(input.recipients)],
      ...(input.userId !== undefined && { user_id: input.userId }),
      ...(input.message !== undefined && { message: input.message }),
      ...(input.messageId !== undefined && { message_id: input.messageId }),
    },
  });
}
