/**
 * Channel commands of the built-in chat (spec 02 §4, contracts/chat.ts): create (direct chats are
 * distinct per pair), rename, invite, accept, decline, leave, ban (and the banned list), mute, add operators. Each runs in one
 * transaction with its `chat.*` events and answers the channel as the caller now sees it.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Principal } from '../../../shared/accessPolicy.js';
import type { Clock } from '../../../shared/clock.js';
import {
  CHAT_LIMITS,
  CHAT_MESSAGES,
  DECLINED_INVITE_DATA,
  declinedInviteNotice,
  type ChatChannel,
  type ChatUser,
  type createChannelSchema,
} from '../../../shared/contracts/chat.js';
import type { Db, DbOrTx } from '../../db/database.js';
import { chatChannels, chatMembers, users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { forbidden, logChatEvent, memberAccounts, memberRows, membership, requireOperator, type Membership } from './chatAccess.js';
import { postMessage } from './chatPosting.js';
import {
  isChatUserId,
  mayStartDirect,
  peopleByAccount,
  personOfAccount,
  refuseUnwelcome,
  resolvePeople,
  type ChatPerson,
} from './chatPeople.js';
import { channelsOf, channelViews, currentMember, type ChannelRow } from './chatViews.js';

export type CreateChannel = z.output<typeof createChannelSchema>;

const URL_PREFIX = { direct: 'dc', group: 'gc', trading_group: 'tg', broadcast: 'bc' } as const;
const newUrl = (type: keyof typeof URL_PREFIX) => `kosh_${URL_PREFIX[type]}_${randomBytes(12).toString('hex')}`;
const directKey = (a: string, b: string) => [a, b].sort().join(':');
const invalid = (message: string, field: string) => new AppError('VALIDATION_FAILED', message, { [field]: message });

/** Adds (or brings back) people as members; a current member is left as they are. */
async function addMembers(
  tx: DbOrTx,
  channel: ChannelRow,
  people: readonly ChatPerson[],
  invitedBy: number,
  now: Date,
  operators: ReadonlySet<number> = new Set(),
) {
  const existing = await memberRows(
    tx,
    channel.id,
    people.map((p) => p.id),
  );
  const added: ChatPerson[] = [];
  for (const person of people) {
    const row = existing.get(person.id);
    if (row && row.leftAt === null && !row.banned) continue;
    const values = {
      userAccountId: person.accountId,
      state: 'invited' as const,
      role: operators.has(person.id) ? ('operator' as const) : ('none' as const),
      invitedBy,
      invitedAt: now,
      joinedAt: null,
      muted: false,
      banned: false,
      leftAt: null,
    };
    if (row)
      await tx
        .update(chatMembers)
        .set(values)
        .where(and(eq(chatMembers.channelId, channel.id), eq(chatMembers.userId, person.id)));
    else await tx.insert(chatMembers).values({ channelId: channel.id, userId: person.id, ...values });
    added.push(person);
  }
  return added;
}

/**
 * The pair's direct chat: the existing one (the caller back in it if they had left, the other
 * invited again if they had gone), or a new one. `createdFrom` marks one made by a broadcast.
 */
export async function directChannel(
  tx: DbOrTx,
  clock: Clock,
  caller: Principal,
  me: ChatPerson,
  other: ChatPerson,
  createdFrom?: string,
): Promise<{ channel: ChannelRow; created: boolean }> {
  if (other.id === me.id) throw invalid(CHAT_MESSAGES.directNeedsOne, 'invitedUserIds');
  const now = clock.now();
  const key = directKey(me.uniqueId, other.uniqueId);
  const [inserted] = await tx
    .insert(chatChannels)
    .values({
      url: newUrl('direct'),
      customType: 'direct',
      name: '',
      isDistinct: true,
      distinctKey: key,
      createdBy: me.id,
      data: createdFrom ? { created_from: createdFrom } : {},
      createdAt: now,
    })
    .onConflictDoNothing({ target: chatChannels.distinctKey })
    .returning();
  if (inserted) {
    if (!(await mayStartDirect(tx, me, other))) throw forbidden(CHAT_MESSAGES.directNotAllowed);
    await tx
      .insert(chatMembers)
      .values({ channelId: inserted.id, userId: me.id, userAccountId: me.accountId, state: 'joined', role: 'operator', joinedAt: now });
    await addMembers(tx, inserted, [other], me.id, now);
    await logChatEvent(tx, clock, caller, 'chat.channel_created', { channel: inserted, recipients: [me.accountId, other.accountId] });
    return { channel: inserted, created: true };
  }
  const [channel] = await tx.select().from(chatChannels).where(eq(chatChannels.distinctKey, key)).for('update');
  if (!channel) throw new Error('distinct direct chat vanished');
  const rows = await memberRows(tx, channel.id, [me.id, other.id]);
  const mine = rows.get(me.id);
  if (mine?.banned) throw forbidden(CHAT_MESSAGES.banned);
  if (mine?.leftAt) {
    await tx
      .update(chatMembers)
      .set({ state: 'joined', joinedAt: now, leftAt: null, userAccountId: me.accountId })
      .where(and(eq(chatMembers.channelId, channel.id), eq(chatMembers.userId, me.id)));
  }
  const back = rows.get(other.id)?.banned ? [] : await addMembers(tx, channel, [other], me.id, now);
  if (mine?.leftAt || back.length) {
    await logChatEvent(tx, clock, caller, 'chat.member_joined', {
      channel,
      recipients: await memberAccounts(tx, channel.id),
      userId: me.uniqueId,
    });
  }
  return { channel, created: false };
}

export function createChannelCommands(db: Db, clock: Clock) {
  const view = async (tx: DbOrTx, channel: ChannelRow, caller: Principal): Promise<ChatChannel> => {
    const [one] = await channelViews(tx, [channel], caller.userId, clock.now());
    return one!;
  };
  /** Runs `change` on a channel the caller belongs to, in one transaction, and answers the channel as they see it after. */
  const onChannel = (
    caller: Principal,
    url: string,
    need: 'joined' | 'any' | 'invited',
    change: (tx: DbOrTx, m: Membership) => Promise<void>,
  ) =>
    db.transaction(async (tx) => {
      const m = await membership(tx, url, caller, need, true);
      await change(tx, m);
      return m;
    });

  /** The member row of the user with this chat id in the channel, when they are a current member. */
  const target = async (tx: DbOrTx, channelId: number, uniqueId: string, includeBanned = false) => {
    if (!isChatUserId(uniqueId)) throw invalid('This person is not a member of this chat.', 'user_id');
    const [row] = await tx
      .select({ member: chatMembers, uniqueId: users.uniqueId })
      .from(chatMembers)
      .innerJoin(users, eq(users.id, chatMembers.userId))
      .where(and(eq(chatMembers.channelId, channelId), eq(users.uniqueId, uniqueId)));
    if (!row || (!includeBanned && (row.member.banned || row.member.leftAt)))
      throw invalid('This person is not a member of this chat.', 'user_id');
    return row.member;
  };
  const setMember = (tx: DbOrTx, channelId: number, userId: number, values: Partial<typeof chatMembers.$inferInsert>) =>
    tx
      .update(chatMembers)
      .set(values)
      .where(and(eq(chatMembers.channelId, channelId), eq(chatMembers.userId, userId)));

  /** Ban, unban, mute, unmute: an operator's change to one member, told to the members and to that user. */
  const moderate = (kind: 'banned' | 'unbanned' | 'muted' | 'unmuted') => (caller: Principal, url: string, userId: string) =>
    onChannel(caller, url, 'joined', async (tx, m) => {
      requireOperator(m);
      const row = await target(tx, m.channel.id, userId, kind === 'unbanned');
      if (row.userId === caller.userId) throw invalid('You cannot do this to yourself.', 'user_id');
      if (kind === 'unbanned' && !row.banned) throw invalid('This person is not banned from this chat.', 'user_id');
      const change = {
        banned: { banned: true, leftAt: clock.now(), role: 'none' as const, muted: false },
        unbanned: { banned: false },
        muted: { muted: true },
        unmuted: { muted: false },
      }[kind];
      const before = await memberAccounts(tx, m.channel.id);
      await setMember(tx, m.channel.id, row.userId, change);
      await logChatEvent(tx, clock, caller, `chat.member_${kind}`, {
        channel: m.channel,
        recipients: [...before, row.userAccountId],
        userId,
      });
    });

  const get = async (caller: Principal, url: string): Promise<ChatChannel> => {
    const { channel } = await membership(db, url, caller, 'any');
    return view(db, channel, caller);
  };

  return {
    get,

    async list(caller: Principal): Promise<ChatChannel[]> {
      return channelViews(db, await channelsOf(db, caller.userId), caller.userId, clock.now());
    },

    /** Creates a channel; a direct chat that exists answers `created: false` with it. */
    async create(caller: Principal, input: CreateChannel): Promise<{ created: boolean; channel: ChatChannel }> {
      return db.transaction(async (tx) => {
        const me = await personOfAccount(tx, caller.userAccountId);
        const invitees = (await resolvePeople(tx, input.invitedUserIds)).filter((p) => p.id !== me.id || input.customType === 'direct');
        if (input.customType === 'direct') {
          if (invitees.length !== 1) throw invalid(CHAT_MESSAGES.directNeedsOne, 'invitedUserIds');
          const { channel, created } = await directChannel(tx, clock, caller, me, invitees[0]!);
          return { created, channel: await view(tx, channel, caller) };
        }
        if (invitees.length === 0) throw invalid(CHAT_MESSAGES.noUserFound, 'invitedUserIds');
        const operators = await resolvePeople(tx, input.operatorUserIds);
        if (operators.some((o) => o.id !== me.id && !invitees.some((p) => p.id === o.id))) {
          throw invalid('Admins must be among the people invited.', 'operatorUserIds');
        }
        await refuseUnwelcome(tx, me, invitees);
        const now = clock.now();
        const [channel] = await tx
          .insert(chatChannels)
          .values({
            url: newUrl(input.customType),
            customType: input.customType,
            name: input.name,
            isDistinct: false,
            createdBy: me.id,
            // A broadcast list's people are its recipients, not members: each gets the message in their direct chat.
            data: input.customType === 'broadcast' ? { recipients: invitees.map((p) => p.uniqueId) } : {},
            createdAt: now,
          })
          .returning();
        await tx
          .insert(chatMembers)
          .values({ channelId: channel!.id, userId: me.id, userAccountId: me.accountId, state: 'joined', role: 'operator', joinedAt: now });
        if (input.customType !== 'broadcast') await addMembers(tx, channel!, invitees, me.id, now, new Set(operators.map((o) => o.id)));
        await logChatEvent(tx, clock, caller, 'chat.channel_created', {
          channel: channel!,
          recipients: await memberAccounts(tx, channel!.id),
        });
        return { created: true, channel: await view(tx, channel!, caller) };
      });
    },

    async rename(caller: Principal, url: string, name: string): Promise<ChatChannel> {
      const { channel } = await onChannel(caller, url, 'joined', async (tx, m) => {
        requireOperator(m);
        await tx.update(chatChannels).set({ name }).where(eq(chatChannels.id, m.channel.id));
        await logChatEvent(tx, clock, caller, 'chat.channel_updated', {
          channel: m.channel,
          recipients: await memberAccounts(tx, m.channel.id),
        });
      });
      return view(db, { ...channel, name }, caller);
    },

    async invite(caller: Principal, url: string, userIds: readonly string[]): Promise<ChatChannel> {
      await onChannel(caller, url, 'joined', async (tx, m) => {
        const type = m.channel.customType;
        if (type === 'direct') throw invalid(CHAT_MESSAGES.directNeedsOne, 'user_ids');
        if (type === 'broadcast') requireOperator(m);
        const me = await personOfAccount(tx, caller.userAccountId);
        const people = (await resolvePeople(tx, userIds)).filter((p) => p.id !== me.id);
        await refuseUnwelcome(tx, me, people);
        if (type === 'broadcast') {
          const recipients = [
            ...new Set([...((m.channel.data.recipients as string[] | undefined) ?? []), ...people.map((p) => p.uniqueId)]),
          ];
          await tx
            .update(chatChannels)
            .set({ data: { ...m.channel.data, recipients } })
            .where(eq(chatChannels.id, m.channel.id));
          await logChatEvent(tx, clock, caller, 'chat.channel_updated', { channel: m.channel, recipients: [me.accountId] });
          return;
        }
        const banned = [
          ...(
            await memberRows(
              tx,
              m.channel.id,
              people.map((p) => p.id),
            )
          ).values(),
        ].filter((r) => r.banned);
        if (banned.length && m.me.role !== 'operator') throw forbidden(CHAT_MESSAGES.notOperator);
        const added = await addMembers(tx, m.channel, people, me.id, clock.now());
        const members = await memberAccounts(tx, m.channel.id);
        if (members.length > CHAT_LIMITS.groupMaxMembers)
          throw invalid(`A chat has at most ${CHAT_LIMITS.groupMaxMembers} members`, 'user_ids');
        for (const p of added)
          await logChatEvent(tx, clock, caller, 'chat.member_invited', { channel: m.channel, recipients: members, userId: p.uniqueId });
      });
      return get(caller, url);
    },

    async accept(caller: Principal, url: string): Promise<ChatChannel> {
      await onChannel(caller, url, 'invited', async (tx, m) => {
        await setMember(tx, m.channel.id, caller.userId, { state: 'joined', joinedAt: clock.now(), userAccountId: caller.userAccountId });
        const me = await personOfAccount(tx, caller.userAccountId);
        await logChatEvent(tx, clock, caller, 'chat.member_joined', {
          channel: m.channel,
          recipients: await memberAccounts(tx, m.channel.id),
          userId: me.uniqueId,
        });
      });
      return get(caller, url);
    },

    /**
     * Declining (spec 02 §4 Declined invitation): the decliner leaves; in a group or trading group
     * the inviter alone gets the notice '<Name> declined your request'.
     */
    async decline(caller: Principal, url: string): Promise<void> {
      await onChannel(caller, url, 'invited', async (tx, m) => {
        const me = await personOfAccount(tx, caller.userAccountId);
        const before = await memberAccounts(tx, m.channel.id);
        await setMember(tx, m.channel.id, caller.userId, { leftAt: clock.now(), role: 'none' });
        await logChatEvent(tx, clock, caller, 'chat.member_declined', { channel: m.channel, recipients: before, userId: me.uniqueId });
        if (m.channel.customType === 'direct' || m.me.invitedBy === null) return;
        const [inviter] = await tx
          .select()
          .from(chatMembers)
          .where(and(eq(chatMembers.channelId, m.channel.id), eq(chatMembers.userId, m.me.invitedBy), currentMember));
        if (!inviter) return;
        await postMessage(
          tx,
          clock,
          caller,
          m.channel,
          {
            sender: null,
            reqId: `declined:${me.uniqueId}:${clock.now().getTime()}`,
            messageType: 'admin',
            message: declinedInviteNotice(me.nickname),
            data: DECLINED_INVITE_DATA,
            customType: '',
            visibleTo: inviter.userId,
          },
          [inviter.userAccountId],
        );
      });
    },

    async leave(caller: Principal, url: string): Promise<void> {
      await onChannel(caller, url, 'any', async (tx, m) => {
        const before = await memberAccounts(tx, m.channel.id);
        await setMember(tx, m.channel.id, caller.userId, { leftAt: clock.now(), role: 'none', muted: false });
        const me = await personOfAccount(tx, caller.userAccountId);
        await logChatEvent(tx, clock, caller, 'chat.member_left', { channel: m.channel, recipients: before, userId: me.uniqueId });
      });
    },

    ban: moderate('banned'),
    unban: moderate('unbanned'),
    mute: moderate('muted'),
    unmute: moderate('unmuted'),

    /** The people banned from a chat, for its admins to unban (the chat service's banned-user list). */
    async banned(caller: Principal, url: string): Promise<ChatUser[]> {
      return db.transaction(async (tx) => {
        const m = await membership(tx, url, caller, 'joined');
        requireOperator(m);
        const { channel } = m;
        const rows = await tx
          .select({ accountId: chatMembers.userAccountId })
          .from(chatMembers)
          .where(and(eq(chatMembers.channelId, channel.id), eq(chatMembers.banned, true)));
        const people = await peopleByAccount(
          tx,
          rows.map((r) => r.accountId),
        );
        return [...people.values()]
          .map((p) => ({ userId: p.uniqueId, nickname: p.nickname, brand_name: p.brandName, client_id: p.clientId }))
          .sort((a, b) => a.nickname.localeCompare(b.nickname));
      });
    },

    /** Makes these current members admins as well (the chat service's addOperators; existing admins stay). */
    async addOperators(caller: Principal, url: string, userIds: readonly string[]): Promise<ChatChannel> {
      await onChannel(caller, url, 'joined', async (tx, m) => {
        requireOperator(m);
        if (!userIds.every(isChatUserId)) throw invalid('Admins must be members of this chat.', 'user_ids');
        const rows = await tx
          .select({ userId: chatMembers.userId })
          .from(chatMembers)
          .innerJoin(users, eq(users.id, chatMembers.userId))
          .where(and(eq(chatMembers.channelId, m.channel.id), currentMember, inArray(users.uniqueId, [...userIds])));
        if (rows.length !== new Set(userIds).size) throw invalid('Admins must be members of this chat.', 'user_ids');
        await tx
          .update(chatMembers)
          .set({ role: 'operator' })
          .where(
            and(
              eq(chatMembers.channelId, m.channel.id),
              inArray(
                chatMembers.userId,
                rows.map((r) => r.userId),
              ),
            ),
          );
        await logChatEvent(tx, clock, caller, 'chat.operators_changed', {
          channel: m.channel,
          recipients: await memberAccounts(tx, m.channel.id),
        });
      });
      return get(caller, url);
    },
  };
}

export type ChannelCommands = ReturnType<typeof createChannelCommands>;
