/**
 * The built-in chat's sessions and channels (issue #10, spec 02 §4, §7): session tokens for oneself
 * only, the 401 codes of a bad session, distinct direct chats, groups with invitations, decline
 * rules, bans, mutes, operators, and membership as tenancy (a non-member reads nothing: 404).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatChannels, chatMembers, clients, events, userAccounts, users } from '../../src/server/db/schema';
import { CHAT_LIMITS, CHAT_MESSAGES, DECLINED_INVITE_DATA, type ChatChannel } from '../../src/shared/contracts/chat';
import { chatter, createChannel, send, type Chatter } from './helpers/chat';
import { bearer, signIn } from './helpers/signIn';
import { createTestApp, type TestApp } from './helpers/testApp';

let t: TestApp;
let asha: Chatter; // arihant dealer
let bina: Chatter; // arihant back office
let vik: Chatter; // vasuki (another client) dealer
let tara: Chatter; // trishul (broker) dealer
beforeAll(async () => {
  t = await createTestApp();
  asha = await chatter(t.app, 'clientdealer@arihant.demo');
  bina = await chatter(t.app, 'backoffice@arihant.demo');
  vik = await chatter(t.app, 'clientdealer@vasuki.demo');
  tara = await chatter(t.app, 'clientdealer@trishul.demo');
});
afterAll(async () => {
  await t.close();
});

const db = () => t.ctx.database.db;
const rowsOf = async (url: string) => {
  const [channel] = await db().select().from(chatChannels).where(eq(chatChannels.url, url));
  return channel ? db().select().from(chatMembers).where(eq(chatMembers.channelId, channel.id)) : [];
};
const group = (owner: Chatter, invited: Chatter[], extra: Record<string, unknown> = {}) =>
  createChannel(owner, { customType: 'group', name: 'Rates desk', invitedUserIds: invited.map((c) => c.userId), ...extra });

describe('chat session tokens (spec 02 §7)', () => {
  it("issues a token for oneself, valid for a day on the clock; another user's id is 403", async () => {
    const res = await asha.plain('POST', '/api/issue-sb-session-token', { userId: asha.userId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ token: expect.any(String), expires_at: t.clock.now().getTime() + CHAT_LIMITS.sessionTokenTtlMs });
    const other = await asha.plain('POST', '/api/issue-sb-session-token', { userId: vik.userId });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(CHAT_MESSAGES.selfSession);
    expect((await asha.plain('DELETE', '/api/remove-sb-session', { userId: vik.userId })).statusCode).toBe(403);
  });

  it('needs the chat terms accepted first', async () => {
    const viewer = await chatter(t.app, 'priceoverride@arihant.demo', { acceptTerms: false });
    const res = await viewer.plain('POST', '/api/issue-sb-session-token', { userId: viewer.userId });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(CHAT_MESSAGES.chatTermsRequired);
  });

  it('view-only users (a viewer, a compliance officer) cannot accept the terms, hold a session or call chat — reads included', async () => {
    for (const email of ['clientviewer@arihant.demo', 'complianceofficer@arihant.demo']) {
      const viewOnly = await chatter(t.app, email, { acceptTerms: false });
      const calls = [
        await viewOnly.plain('PATCH', '/api/client/chat-terms/'),
        await viewOnly.plain('POST', '/api/issue-sb-session-token', { userId: viewOnly.userId }),
        await viewOnly.plain('GET', '/api/chat/channels/'),
        await viewOnly.plain('GET', '/api/chat/users/?search=Ravi'),
      ];
      for (const res of calls)
        expect([res.statusCode, res.json()]).toEqual([
          403,
          expect.objectContaining({ code: 'VIEW_ONLY', message: CHAT_MESSAGES.viewOnly }),
        ]);
      const [user] = await db().select({ accepted: users.hasAcceptedChatTerms }).from(users).where(eq(users.uniqueId, viewOnly.userId));
      expect(user?.accepted).toBe(false);
    }
  });

  it("a missing or unknown session is CHAT_TOKEN_INVALID, and another user's session does not work for me", async () => {
    expect((await asha.plain('GET', '/api/chat/channels/')).json()).toMatchObject({ code: 'CHAT_TOKEN_INVALID' });
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/api/chat/channels/',
      headers: { ...bearer(asha.access), 'x-chat-session': 'nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('CHAT_TOKEN_INVALID');
    const borrowed = await t.app.inject({
      method: 'GET',
      url: '/api/chat/channels/',
      headers: { ...bearer(asha.access), 'x-chat-session': vik.session },
    });
    expect(borrowed.json().code).toBe('CHAT_TOKEN_INVALID');
    // Without the access token the policy refuses first.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/chat/channels/', headers: { 'x-chat-session': asha.session } })).statusCode,
    ).toBe(401);
  });

  it('an expired session is CHAT_TOKEN_EXPIRED and a removed one CHAT_SESSION_REVOKED; a new token works', async () => {
    const carl = await chatter(t.app, 'clientopsadmin@arihant.demo');
    expect((await carl.call('GET', '/api/chat/channels/')).statusCode).toBe(200);
    t.clock.advance(CHAT_LIMITS.sessionTokenTtlMs);
    // The access token expired too: sign in again with the same (expired) chat session.
    const { access } = await signIn(t.app, carl.email);
    const headers = { ...bearer(access), 'x-chat-session': carl.session };
    const expired = await t.app.inject({ method: 'GET', url: '/api/chat/channels/', headers });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('CHAT_TOKEN_EXPIRED');
    const fresh = (
      await t.app.inject({ method: 'POST', url: '/api/issue-sb-session-token', headers: bearer(access), payload: { userId: carl.userId } })
    ).json().token;
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/chat/channels/', headers: { ...bearer(access), 'x-chat-session': fresh } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/remove-sb-session', headers: bearer(access), payload: { userId: carl.userId } }))
        .statusCode,
    ).toBe(204);
    const revoked = await t.app.inject({
      method: 'GET',
      url: '/api/chat/channels/',
      headers: { ...bearer(access), 'x-chat-session': fresh },
    });
    expect(revoked.json()).toMatchObject({ code: 'CHAT_SESSION_REVOKED' });
    // The others' access tokens expired with the jump: sign them in again.
    for (const c of [asha, bina, vik, tara]) {
      const renewed = await chatter(t.app, c.email);
      Object.assign(c, renewed);
    }
  });
});

describe('direct chats (distinct per pair)', () => {
  it('the same pair meets in one channel: 201 first, then 200 with the same url, from either side', async () => {
    const first = await asha.call('POST', '/api/chat/channels/', { customType: 'direct', invitedUserIds: [vik.userId] });
    expect(first.statusCode).toBe(201);
    const channel = first.json();
    expect(channel).toMatchObject({ customType: 'direct', isDistinct: true, memberCount: 2, myMemberState: 'joined', myRole: 'operator' });
    expect(channel.creator).toMatchObject({ userId: asha.userId });
    expect(JSON.parse(channel.data)).toMatchObject({ user_onboarded: true });
    const again = await asha.call('POST', '/api/chat/channels/', { customType: 'direct', invitedUserIds: [vik.userId] });
    expect(again.statusCode).toBe(200);
    expect(again.json().url).toBe(channel.url);
    const fromVik = await vik.call('POST', '/api/chat/channels/', { customType: 'direct', invitedUserIds: [asha.userId] });
    expect(fromVik.json().url).toBe(channel.url);
    const members = channel.members as { userId: string; metaData: { client_id: number; brand_name: string } }[];
    expect(members.map((m) => m.userId).sort()).toEqual([asha.userId, vik.userId].sort());
    expect(new Set(members.map((m) => m.metaData.client_id)).size).toBe(2);
  });

  it('a direct chat with someone who has not accepted the chat terms says user_onboarded: false', async () => {
    const newcomer = await chatter(t.app, 'user@arihant.demo', { acceptTerms: false });
    const channel = await createChannel(vik, { customType: 'direct', invitedUserIds: [newcomer.userId] });
    expect(JSON.parse(channel.data)).toMatchObject({ user_onboarded: false });
  });

  it('needs exactly one other person: none, two or oneself is a 400 and nothing is stored', async () => {
    const before = await db().select().from(chatChannels);
    for (const invitedUserIds of [[], [vik.userId, tara.userId], [asha.userId]]) {
      const res = await asha.call('POST', '/api/chat/channels/', { customType: 'direct', invitedUserIds });
      expect(res.statusCode, JSON.stringify(invitedUserIds)).toBe(400);
    }
    const unknown = await asha.call('POST', '/api/chat/channels/', {
      customType: 'group',
      invitedUserIds: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(CHAT_MESSAGES.noUserFound);
    expect(await db().select().from(chatChannels)).toHaveLength(before.length);
  });

  it('respects who may start a direct chat with a user: my firm only refuses another firm, allows a colleague', async () => {
    await db()
      .update(users)
      .set({ securityPreferences: { direct_chat_from: 'firm' } })
      .where(eq(users.uniqueId, bina.userId));
    try {
      const refused = await vik.call('POST', '/api/chat/channels/', { customType: 'direct', invitedUserIds: [bina.userId] });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(CHAT_MESSAGES.directNotAllowed);
      expect((await asha.call('POST', '/api/chat/channels/', { customType: 'direct', invitedUserIds: [bina.userId] })).statusCode).toBe(
        201,
      );
      // The search leaves out people who would refuse.
      const search = (await vik.call('GET', `/api/chat/users/?search=${encodeURIComponent('arihant')}`)).json();
      expect(search.results.map((u: { userId: string }) => u.userId)).not.toContain(bina.userId);
    } finally {
      await db().update(users).set({ securityPreferences: {} }).where(eq(users.uniqueId, bina.userId));
    }
  });

  it('declining a direct chat: the decliner leaves it; the other member is told', async () => {
    const channel = await createChannel(tara, { customType: 'direct', invitedUserIds: [bina.userId] });
    const invited = (await bina.call('GET', `/api/chat/channels/${channel.url}/`)).json();
    expect(invited).toMatchObject({ myMemberState: 'invited', inviter: { userId: tara.userId }, invitedAt: expect.any(Number) });
    expect((await bina.call('POST', `/api/chat/channels/${channel.url}/decline/`)).statusCode).toBe(204);
    expect((await bina.call('GET', `/api/chat/channels/${channel.url}/`)).statusCode).toBe(404);
    const left = (await tara.call('GET', `/api/chat/channels/${channel.url}/`)).json();
    expect(left.members.map((m: { userId: string }) => m.userId)).toEqual([tara.userId]);
    // No notice in a direct chat.
    expect((await tara.call('GET', `/api/chat/channels/${channel.url}/messages/`)).json().messages).toEqual([]);
  });
});

describe('groups, invitations and declines', () => {
  it('the creator is an operator, invitees see the channel as invited until they accept', async () => {
    const channel = await group(asha, [vik, tara], { customType: 'trading_group', operatorUserIds: [vik.userId] });
    expect(channel).toMatchObject({
      customType: 'trading_group',
      myRole: 'operator',
      myMemberState: 'joined',
      isDistinct: false,
      memberCount: 3,
    });
    const roles = Object.fromEntries(channel.members.map((m) => [m.userId, [m.role, m.state]]));
    expect(roles).toEqual({
      [asha.userId]: ['operator', 'joined'],
      [vik.userId]: ['operator', 'invited'],
      [tara.userId]: ['none', 'invited'],
    });
    const list = (await vik.call('GET', '/api/chat/channels/')).json().channels;
    expect(list.find((c: { url: string }) => c.url === channel.url)).toMatchObject({
      myMemberState: 'invited',
      inviter: { userId: asha.userId },
    });
    // Invited: may see the channel, not its messages, and may not send.
    expect((await vik.call('GET', `/api/chat/channels/${channel.url}/messages/`)).statusCode).toBe(403);
    expect((await vik.call('POST', `/api/chat/channels/${channel.url}/messages/`, { reqId: 'x', message: 'hi' })).statusCode).toBe(403);
    const accepted = await vik.call('POST', `/api/chat/channels/${channel.url}/accept/`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ myMemberState: 'joined', myRole: 'operator', invitedAt: null });
    // Accepting twice: no invitation any more.
    expect((await vik.call('POST', `/api/chat/channels/${channel.url}/accept/`)).json().message).toBe(CHAT_MESSAGES.notInvited);
  });

  it("declining a group invitation tells the inviter alone: '<Name> declined your request'", async () => {
    const channel = await group(asha, [bina, tara]);
    await bina.call('POST', `/api/chat/channels/${channel.url}/accept/`);
    expect((await tara.call('POST', `/api/chat/channels/${channel.url}/decline/`)).statusCode).toBe(204);
    const [taraUser] = await db().select().from(users).where(eq(users.uniqueId, tara.userId));
    const ashaSees = (await asha.call('GET', `/api/chat/channels/${channel.url}/messages/`)).json().messages;
    expect(ashaSees).toEqual([
      expect.objectContaining({
        messageType: 'admin',
        sender: null,
        data: DECLINED_INVITE_DATA,
        message: `${taraUser!.firstName} ${taraUser!.lastName} declined your request`,
      }),
    ]);
    expect((await bina.call('GET', `/api/chat/channels/${channel.url}/messages/`)).json().messages).toEqual([]);
    expect((await tara.call('GET', `/api/chat/channels/${channel.url}/`)).statusCode).toBe(404);
    // The notice counts as unread for the inviter only.
    const mine = (await asha.call('GET', `/api/chat/channels/${channel.url}/`)).json();
    expect(mine.unreadMessageCount).toBe(1);
    expect(mine.members.map((m: { userId: string }) => m.userId).sort()).toEqual([asha.userId, bina.userId].sort());
  });

  it('any member invites to a group; an invited or unknown url is 404 for others; rename is for operators', async () => {
    const channel = await group(asha, [bina]);
    await bina.call('POST', `/api/chat/channels/${channel.url}/accept/`);
    const invited = await bina.call('POST', `/api/chat/channels/${channel.url}/invite/`, { user_ids: [vik.userId] });
    expect(invited.statusCode).toBe(200);
    expect(invited.json().members.find((m: { userId: string }) => m.userId === vik.userId)).toMatchObject({ state: 'invited' });
    const [vikRow] = (await rowsOf(channel.url)).filter((r) => r.state === 'invited');
    const [binaAccount] = await db()
      .select()
      .from(userAccounts)
      .innerJoin(users, eq(users.id, userAccounts.userId))
      .where(eq(users.uniqueId, bina.userId));
    expect(vikRow!.invitedBy).toBe(binaAccount!.users.id);
    expect((await tara.call('GET', `/api/chat/channels/${channel.url}/`)).statusCode).toBe(404);
    expect((await tara.call('POST', `/api/chat/channels/${channel.url}/invite/`, { user_ids: [tara.userId] })).statusCode).toBe(404);
    expect((await asha.call('GET', '/api/chat/channels/kosh_gc_nope/')).statusCode).toBe(404);
    const renamedByMember = await bina.call('PATCH', `/api/chat/channels/${channel.url}/`, { name: 'Mine now' });
    expect(renamedByMember.statusCode).toBe(403);
    expect(renamedByMember.json().message).toBe(CHAT_MESSAGES.notOperator);
    const renamed = await asha.call('PATCH', `/api/chat/channels/${channel.url}/`, { name: 'G-sec desk' });
    expect(renamed.json().name).toBe('G-sec desk');
    expect((await asha.call('PATCH', `/api/chat/channels/${channel.url}/`, { name: '  ' })).statusCode).toBe(400);
  });

  it('leaving: the member no longer sees the chat; the others see them gone', async () => {
    const channel = await group(asha, [bina]);
    await bina.call('POST', `/api/chat/channels/${channel.url}/accept/`);
    expect((await bina.call('POST', `/api/chat/channels/${channel.url}/leave/`)).statusCode).toBe(204);
    expect((await bina.call('GET', '/api/chat/channels/')).json().channels.map((c: { url: string }) => c.url)).not.toContain(channel.url);
    expect((await asha.call('GET', `/api/chat/channels/${channel.url}/`)).json().memberCount).toBe(1);
  });
});

describe('bans, mutes and operators', () => {
  const joinedGroup = async () => {
    const channel = await group(asha, [bina, vik]);
    for (const c of [bina, vik]) await c.call('POST', `/api/chat/channels/${channel.url}/accept/`);
    return channel;
  };

  it('a banned user gets 403 on every call and receives nothing more; unban lets them be invited again', async () => {
    const channel = await joinedGroup();
    expect((await bina.call('POST', `/api/chat/channels/${channel.url}/ban/`, { user_id: vik.userId })).statusCode).toBe(403);
    expect((await asha.call('POST', `/api/chat/channels/${channel.url}/ban/`, { user_id: vik.userId })).statusCode).toBe(204);
    for (const [method, path, body] of [
      ['GET', '', undefined],
      ['GET', 'messages/', undefined],
      ['POST', 'messages/', { reqId: 'b1', message: 'let me in' }],
      ['PUT', 'read/', undefined],
    ] as const) {
      const res = await vik.call(method, `/api/chat/channels/${channel.url}/${path}`, body);
      expect(res.statusCode, `${method} ${path}`).toBe(403);
      expect(res.json().message).toBe(CHAT_MESSAGES.banned);
    }
    expect((await vik.call('GET', '/api/chat/channels/')).json().channels.map((c: { url: string }) => c.url)).not.toContain(channel.url);
    const after = await send(asha, channel.url, 'after the ban');
    expect(after.message).toBe('after the ban');
    // A banned user cannot be brought back by an ordinary member.
    expect((await bina.call('POST', `/api/chat/channels/${channel.url}/invite/`, { user_ids: [vik.userId] })).statusCode).toBe(403);
    // The admins see whom they banned (to unban them); an ordinary member may not look.
    expect((await bina.call('GET', `/api/chat/channels/${channel.url}/banned/`)).statusCode).toBe(403);
    const banned = await asha.call('GET', `/api/chat/channels/${channel.url}/banned/`);
    expect(banned.statusCode).toBe(200);
    expect(banned.json().users).toEqual([
      { userId: vik.userId, nickname: expect.any(String), brand_name: expect.any(String), client_id: expect.any(Number) },
    ]);
    expect((await asha.call('POST', `/api/chat/channels/${channel.url}/unban/`, { user_id: vik.userId })).statusCode).toBe(204);
    expect((await asha.call('GET', `/api/chat/channels/${channel.url}/banned/`)).json().users).toEqual([]);
    expect((await vik.call('GET', `/api/chat/channels/${channel.url}/`)).statusCode).toBe(404);
    await bina.call('POST', `/api/chat/channels/${channel.url}/invite/`, { user_ids: [vik.userId] });
    expect((await vik.call('GET', `/api/chat/channels/${channel.url}/`)).json().myMemberState).toBe('invited');
  });

  it('a muted member reads but cannot send (403 muted) until unmuted; operators only', async () => {
    const channel = await joinedGroup();
    expect((await vik.call('POST', `/api/chat/channels/${channel.url}/mute/`, { user_id: bina.userId })).statusCode).toBe(403);
    expect((await asha.call('POST', `/api/chat/channels/${channel.url}/mute/`, { user_id: bina.userId })).statusCode).toBe(204);
    const muted = await bina.call('POST', `/api/chat/channels/${channel.url}/messages/`, { reqId: 'm1', message: 'hello?' });
    expect(muted.statusCode).toBe(403);
    expect(muted.json().message).toBe(CHAT_MESSAGES.muted);
    expect((await bina.call('GET', `/api/chat/channels/${channel.url}/`)).json().isMutedByMe).toBe(true);
    expect((await bina.call('GET', `/api/chat/channels/${channel.url}/messages/`)).statusCode).toBe(200);
    expect((await asha.call('POST', `/api/chat/channels/${channel.url}/unmute/`, { user_id: bina.userId })).statusCode).toBe(204);
    expect((await bina.call('POST', `/api/chat/channels/${channel.url}/messages/`, { reqId: 'm1', message: 'hello?' })).statusCode).toBe(
      201,
    );
    // A user not in the chat cannot be muted.
    expect((await asha.call('POST', `/api/chat/channels/${channel.url}/mute/`, { user_id: tara.userId })).statusCode).toBe(400);
  });

  it('operators make members admins too; the new admin may then mute; a non-member cannot be made one', async () => {
    const channel = await joinedGroup();
    expect((await bina.call('POST', `/api/chat/channels/${channel.url}/mute/`, { user_id: vik.userId })).statusCode).toBe(403);
    expect((await bina.call('POST', `/api/chat/channels/${channel.url}/operators/`, { user_ids: [bina.userId] })).statusCode).toBe(403);
    const res = await asha.call('POST', `/api/chat/channels/${channel.url}/operators/`, { user_ids: [bina.userId] });
    expect(res.statusCode).toBe(200);
    expect(res.json().myRole).toBe('operator');
    expect(
      res
        .json()
        .members.filter((m: { role: string }) => m.role === 'operator')
        .map((m: { userId: string }) => m.userId)
        .sort(),
    ).toEqual([asha.userId, bina.userId].sort());
    expect((await bina.call('POST', `/api/chat/channels/${channel.url}/mute/`, { user_id: vik.userId })).statusCode).toBe(204);
    expect((await bina.call('POST', `/api/chat/channels/${channel.url}/operators/`, { user_ids: [tara.userId] })).statusCode).toBe(400);
  });

  it('malformed ids and times are 400s, never 500s', async () => {
    const channel = await joinedGroup();
    for (const [method, path, body] of [
      ['POST', 'ban/', { user_id: 'not-a-uuid' }],
      ['POST', 'operators/', { user_ids: ['nope'] }],
      ['POST', 'invite/', { user_ids: ['nope'] }],
      ['GET', 'messages/?before=1e20', undefined],
      ['DELETE', 'messages/99999999999/', undefined],
    ] as const) {
      expect((await asha.call(method, `/api/chat/channels/${channel.url}/${path}`, body)).statusCode, `${method} ${path}`).toBe(400);
    }
    expect((await asha.plain('POST', '/api/download-chats', { startTime: 0, endTime: 1e20, channelIds: [channel.url] })).statusCode).toBe(
      400,
    );
  });

  it('every change is in the event log with the members to tell', async () => {
    const channel = await joinedGroup();
    await asha.call('POST', `/api/chat/channels/${channel.url}/mute/`, { user_id: vik.userId });
    const [row] = await db().select().from(chatChannels).where(eq(chatChannels.url, channel.url));
    const logged = await db()
      .select()
      .from(events)
      .where(eq(events.aggregateId, String(row!.id)))
      .orderBy(events.id);
    const chatEvents = logged.filter((e) => e.aggregateType === 'chat_channel');
    expect(chatEvents.map((e) => e.type)).toEqual([
      'chat.channel_created',
      'chat.member_joined',
      'chat.member_joined',
      'chat.member_muted',
    ]);
    expect((chatEvents.at(-1)!.payload as { recipient_account_ids: number[] }).recipient_account_ids).toHaveLength(3);
  });
});

describe('staff flag (spec 02 §6)', () => {
  it("the venue operator's people are staff: in their session profile and as chat members; everyone else is not", async () => {
    const [arihant] = await db()
      .select({ clientId: userAccounts.clientId })
      .from(userAccounts)
      .innerJoin(users, eq(users.id, userAccounts.userId))
      .where(eq(users.uniqueId, asha.userId));
    await db().update(clients).set({ isOperator: true }).where(eq(clients.id, arihant!.clientId));
    try {
      const profileOf = async (c: Chatter) => (await c.plain('GET', '/api/session/')).json();
      expect((await profileOf(asha)).is_staff).toBe(true);
      expect((await profileOf(vik)).is_staff).toBe(false);
      const channel = await createChannel(vik, { customType: 'direct', invitedUserIds: [asha.userId] });
      const seen = (await vik.call('GET', `/api/chat/channels/${channel.url}/`)).json() as ChatChannel;
      const staffOf = (userId: string) => seen.members.find((m) => m.userId === userId)?.metaData.is_staff;
      expect([staffOf(asha.userId), staffOf(vik.userId)]).toEqual([true, false]);
    } finally {
      await db().update(clients).set({ isOperator: false }).where(eq(clients.id, arihant!.clientId));
    }
  });
});

describe('chatter search', () => {
  it('needs only the Bearer token — it is our directory, not the chat service — so it works with either chat adapter', async () => {
    const res = await asha.plain('GET', '/api/chat/users/?search=vasuki');
    expect(res.statusCode).toBe(200);
    expect(res.json().results.map((u: { userId: string }) => u.userId)).toContain(vik.userId);
    // A revoked chat session does not matter to it.
    const carl = await chatter(t.app, 'clientopsadmin@arihant.demo');
    await carl.plain('DELETE', '/api/remove-sb-session', { userId: carl.userId });
    expect((await carl.call('GET', '/api/chat/users/?search=vasuki')).statusCode).toBe(200);
    expect((await carl.call('GET', '/api/chat/channels/')).json().code).toBe('CHAT_SESSION_REVOKED');
    expect((await t.app.inject({ method: 'GET', url: '/api/chat/users/?search=vasuki' })).statusCode).toBe(401);
  });

  it('needs 3 characters; finds people of other clients by name or firm, 20 a page, never oneself', async () => {
    const short = await asha.call('GET', '/api/chat/users/?search=ab');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(CHAT_MESSAGES.searchTooShort);
    const res = (await asha.call('GET', '/api/chat/users/?search=vasuki')).json();
    expect(res.results.length).toBeGreaterThan(0);
    expect(res.results.length).toBeLessThanOrEqual(CHAT_LIMITS.userSearchPageSize);
    expect(res.results.map((u: { userId: string }) => u.userId)).toContain(vik.userId);
    expect(res.results.every((u: { brand_name: string }) => /vasuki/i.test(u.brand_name))).toBe(true);
    const mine = (await asha.call('GET', '/api/chat/users/?search=arihant')).json();
    expect(mine.results.map((u: { userId: string }) => u.userId)).not.toContain(asha.userId);
    if (mine.count > CHAT_LIMITS.userSearchPageSize) {
      const page2 = (await asha.call('GET', '/api/chat/users/?search=arihant&page=2')).json();
      expect(page2.results[0].userId).not.toBe(mine.results[0].userId);
    }
  });
});
