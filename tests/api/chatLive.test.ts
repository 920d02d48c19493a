/**
 * Chat over the live feed (issue #10): every chat change reaches the channel's members as a `chat`
 * message on ws/trade/d/ — never a non-member, another client's user, or a compliance officer;
 * a banned user is told once and then receives nothing more.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DECLINED_INVITE_DATA } from '../../src/shared/contracts/chat';
import { chatter, createChannel, send, type Chatter } from './helpers/chat';
import { LiveSocket, liveUrl } from './helpers/liveSocket';
import { signIn } from './helpers/signIn';
import { createTestApp, type TestApp } from './helpers/testApp';

let t: TestApp;
let url: string;
let asha: Chatter; // arihant dealer
let bina: Chatter; // arihant back office
let vik: Chatter; // vasuki dealer
let tara: Chatter; // trishul dealer
const opened: LiveSocket[] = [];
beforeAll(async () => {
  t = await createTestApp();
  url = await liveUrl(t.app);
  asha = await chatter(t.app, 'clientdealer@arihant.demo');
  bina = await chatter(t.app, 'backoffice@arihant.demo');
  vik = await chatter(t.app, 'clientdealer@vasuki.demo');
  tara = await chatter(t.app, 'clientdealer@trishul.demo');
});
afterEach(() => {
  for (const s of opened.splice(0)) s.close();
});
afterAll(async () => {
  await t.close();
});

const socketOf = async (access: string) => {
  const socket = await LiveSocket.signedIn(url, access);
  opened.push(socket);
  return socket;
};
const complianceSocket = async (email: string) => socketOf((await signIn(t.app, email)).access);

describe('chat on the live feed', () => {
  it("a message goes to the channel's joined members only: not another client's user, not compliance", async () => {
    const [a, v, outsider, ownCompliance, otherCompliance] = [
      await socketOf(asha.access),
      await socketOf(vik.access),
      await socketOf(tara.access),
      await complianceSocket('complianceofficer@arihant.demo'),
      await complianceSocket('complianceofficer@vasuki.demo'),
    ];
    const channel = await createChannel(asha, { customType: 'trading_group', name: 'Axes', invitedUserIds: [vik.userId] });
    for (const s of [a, v]) expect(await s.next()).toMatchObject({ type: 'chat', action: 'channel_changed', channel_url: channel.url });
    await vik.call('POST', `/api/chat/channels/${channel.url}/accept/`);
    for (const s of [a, v]) expect(await s.next()).toMatchObject({ action: 'user_joined', user_id: vik.userId });
    const message = await send(asha, channel.url, 'Bid 7.42 for 25 cr NABARD 2030');
    const expected = { type: 'chat', action: 'message_received', channel_url: channel.url, message, event_id: expect.any(Number) };
    expect(await v.next()).toEqual(expected);
    expect(await a.next()).toEqual(expected);
    for (const s of [outsider, ownCompliance, otherCompliance]) expect(await s.drain()).toEqual([]);
  });

  it('membership changes reach the members and the user they are about; a banned user then gets nothing more', async () => {
    const [a, b, v] = [await socketOf(asha.access), await socketOf(bina.access), await socketOf(vik.access)];
    const channel = await createChannel(asha, { customType: 'group', name: 'Rates', invitedUserIds: [bina.userId, vik.userId] });
    for (const s of [a, b, v]) expect(await s.next()).toMatchObject({ action: 'channel_changed', channel_url: channel.url });
    await bina.call('POST', `/api/chat/channels/${channel.url}/accept/`);
    for (const s of [a, b, v])
      expect(await s.next()).toMatchObject({ type: 'chat', action: 'user_joined', channel_url: channel.url, user_id: bina.userId });
    await vik.call('POST', `/api/chat/channels/${channel.url}/accept/`);
    for (const s of [a, b, v]) expect(await s.next()).toMatchObject({ action: 'user_joined', user_id: vik.userId });

    await asha.call('POST', `/api/chat/channels/${channel.url}/ban/`, { user_id: vik.userId });
    for (const s of [a, b, v]) expect(await s.next()).toMatchObject({ action: 'user_banned', user_id: vik.userId });
    await send(asha, channel.url, 'after the ban');
    for (const s of [a, b]) expect(await s.next()).toMatchObject({ action: 'message_received', message: { message: 'after the ban' } });
    expect(await v.drain()).toEqual([]);

    await asha.call('POST', `/api/chat/channels/${channel.url}/mute/`, { user_id: bina.userId });
    for (const s of [a, b]) expect(await s.next()).toMatchObject({ action: 'user_muted', user_id: bina.userId });
    await bina.call('PUT', `/api/chat/channels/${channel.url}/read/`);
    for (const s of [a, b]) expect(await s.next()).toMatchObject({ action: 'read', user_id: bina.userId });
    expect(await v.drain()).toEqual([]);
  });

  it('a declined group invitation: members are told; the notice reaches the inviter alone', async () => {
    const [a, b, tr] = [await socketOf(asha.access), await socketOf(bina.access), await socketOf(tara.access)];
    const channel = await createChannel(asha, { customType: 'group', name: 'Desk', invitedUserIds: [bina.userId, tara.userId] });
    await bina.call('POST', `/api/chat/channels/${channel.url}/accept/`);
    for (const s of [a, b, tr]) {
      expect(await s.next()).toMatchObject({ action: 'channel_changed' });
      expect(await s.next()).toMatchObject({ action: 'user_joined', user_id: bina.userId });
    }
    await tara.call('POST', `/api/chat/channels/${channel.url}/decline/`);
    for (const s of [a, b, tr]) expect(await s.next()).toMatchObject({ action: 'declined', user_id: tara.userId });
    expect(await a.next()).toMatchObject({ action: 'message_received', message: { messageType: 'admin', data: DECLINED_INVITE_DATA } });
    expect(await b.drain()).toEqual([]);
    expect(await tr.drain()).toEqual([]);
  });

  it('a new chat and a deleted message reach the invitee and the members', async () => {
    const [v] = [await socketOf(vik.access)];
    const channel = await createChannel(tara, { customType: 'direct', invitedUserIds: [vik.userId] });
    expect(await v.next()).toMatchObject({ type: 'chat', action: 'channel_changed', channel_url: channel.url });
    await vik.call('POST', `/api/chat/channels/${channel.url}/accept/`);
    expect(await v.next()).toMatchObject({ action: 'user_joined' });
    const m = await send(tara, channel.url, 'oops');
    expect(await v.next()).toMatchObject({ action: 'message_received' });
    await tara.call('DELETE', `/api/chat/channels/${channel.url}/messages/${m.messageId}/`);
    expect(await v.next()).toMatchObject({ action: 'message_deleted', message_id: m.messageId });
  });
});
