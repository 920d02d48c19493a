/**
 * Chat security preferences (spec 01 §1, §3; issue #10): PATCH api/chat/preferences/ changes the
 * caller's own — who may start a direct chat with them, online status, message previews — with
 * Bearer only (no chat session), answers them, keeps the event; bad values are a 400 and change
 * nothing. The chat service then follows them.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, users } from '../../src/server/db/schema';
import { CHAT_MESSAGES, type ChatChannel } from '../../src/shared/contracts/chat';
import { chatter, createChannel, type Chatter } from './helpers/chat';
import { bearer } from './helpers/signIn';
import { createTestApp, type TestApp } from './helpers/testApp';

let t: TestApp;
let asha: Chatter; // arihant dealer
let bina: Chatter; // arihant back office
let vik: Chatter; // vasuki (another client) dealer
beforeAll(async () => {
  t = await createTestApp();
  asha = await chatter(t.app, 'clientdealer@arihant.demo');
  bina = await chatter(t.app, 'backoffice@arihant.demo');
  vik = await chatter(t.app, 'clientdealer@vasuki.demo');
});
afterAll(async () => {
  await t.close();
});

const db = () => t.ctx.database.db;
const stored = async (who: Chatter) =>
  (await db().select({ p: users.securityPreferences }).from(users).where(eq(users.uniqueId, who.userId)))[0]!.p;
const patch = (who: Chatter, body: unknown) => who.plain('PATCH', '/api/chat/preferences/', body);

describe('PATCH api/chat/preferences/', () => {
  it("changes only the caller's own preferences, answers all three with defaults, keeps other keys, and logs the change", async () => {
    await db()
      .update(users)
      .set({ securityPreferences: { two_factor: 'sms' } })
      .where(eq(users.uniqueId, bina.userId));
    const res = await patch(bina, { show_online_status: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ direct_chat_from: 'anyone', show_online_status: false, message_previews: true });
    expect(await stored(bina)).toEqual({ two_factor: 'sms', show_online_status: false });
    const again = await patch(bina, { direct_chat_from: 'counterparties', message_previews: false });
    expect(again.json()).toEqual({ direct_chat_from: 'counterparties', show_online_status: false, message_previews: false });
    expect(await stored(asha)).not.toHaveProperty('show_online_status');
    const [event] = await db().select().from(events).where(eq(events.type, 'user.chat_preferences_changed')).orderBy(events.id).limit(1);
    expect(event?.payload).toEqual({ direct_chat_from: 'anyone', show_online_status: false, message_previews: true });
    // The session profile shows them.
    const session = await t.app.inject({ method: 'GET', url: '/api/session/', headers: bearer(bina.access) });
    expect(session.json().user_info.user_security_preferences).toMatchObject({
      direct_chat_from: 'counterparties',
      message_previews: false,
    });
    await db().update(users).set({ securityPreferences: {} }).where(eq(users.uniqueId, bina.userId));
  });

  it('bad values, unknown keys or an empty change are a 400 and nothing is stored', async () => {
    const before = await stored(asha);
    for (const body of [
      { direct_chat_from: 'my_firm' },
      { direct_chat_from: '' },
      { show_online_status: 'no' },
      { message_previews: 1 },
      { show_online_status: true, is_staff: true },
      {},
      null,
    ]) {
      const res = await patch(asha, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await stored(asha)).toEqual(before);
    expect(
      await db()
        .select()
        .from(events)
        .where(eq(events.actorUserId, (await db().select().from(users).where(eq(users.uniqueId, asha.userId)))[0]!.id))
        .then((rows) => rows.filter((e) => e.type === 'user.chat_preferences_changed')),
    ).toEqual([]);
  });

  it('needs a signed-in user (401 without)', async () => {
    expect((await t.app.inject({ method: 'PATCH', url: '/api/chat/preferences/', payload: { message_previews: false } })).statusCode).toBe(
      401,
    );
  });

  it('the chat follows them: "my firm" refuses a direct chat from another firm; a hidden online status shows offline', async () => {
    expect((await patch(asha, { direct_chat_from: 'firm', show_online_status: false })).statusCode).toBe(200);
    try {
      const refused = await vik.call('POST', '/api/chat/channels/', { customType: 'direct', invitedUserIds: [asha.userId] });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(CHAT_MESSAGES.directNotAllowed);
      const colleague = await createChannel(bina, { customType: 'direct', invitedUserIds: [asha.userId] });
      // Asha has a live chat session, yet shows offline to her colleague.
      expect(colleague.members.find((m) => m.userId === asha.userId)?.connectionStatus).toBe('offline');
      expect(colleague.members.find((m) => m.userId === bina.userId)?.connectionStatus).toBe('online');
      expect((await patch(asha, { direct_chat_from: 'anyone' })).statusCode).toBe(200);
      expect((await vik.call('POST', '/api/chat/channels/', { customType: 'direct', invitedUserIds: [asha.userId] })).statusCode).toBe(201);
    } finally {
      await db().update(users).set({ securityPreferences: {} }).where(eq(users.uniqueId, asha.userId));
    }
  });

  it('"my firm" covers every invitation: another firm can neither put them in a new group nor invite them to one; their firm can', async () => {
    const ashaChannels = async () => ((await asha.call('GET', '/api/chat/channels/')).json() as { channels: ChatChannel[] }).channels;
    const before = (await ashaChannels()).length;
    const tula = await chatter(t.app, 'backoffice@vasuki.demo');
    expect((await patch(asha, { direct_chat_from: 'firm' })).statusCode).toBe(200);
    try {
      for (const customType of ['group', 'trading_group']) {
        const created = await vik.call('POST', '/api/chat/channels/', {
          customType,
          name: 'Rates',
          invitedUserIds: [tula.userId, asha.userId],
        });
        expect([customType, created.statusCode, created.json().message]).toEqual([customType, 403, CHAT_MESSAGES.directNotAllowed]);
      }
      const group = await createChannel(vik, { customType: 'group', name: 'Rates', invitedUserIds: [tula.userId, bina.userId] });
      const invited = await vik.call('POST', `/api/chat/channels/${group.url}/invite/`, { user_ids: [asha.userId] });
      expect([invited.statusCode, invited.json().message]).toEqual([403, CHAT_MESSAGES.directNotAllowed]);
      expect(await ashaChannels()).toHaveLength(before);
      // A colleague from her own firm may bring her in.
      expect((await bina.call('POST', `/api/chat/channels/${group.url}/accept/`)).statusCode).toBe(200);
      expect((await bina.call('POST', `/api/chat/channels/${group.url}/invite/`, { user_ids: [asha.userId] })).statusCode).toBe(200);
      expect((await ashaChannels()).map((c) => c.url)).toContain(group.url);
    } finally {
      await db().update(users).set({ securityPreferences: {} }).where(eq(users.uniqueId, asha.userId));
    }
  });
});
