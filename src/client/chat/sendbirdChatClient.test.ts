import { describe, expect, it } from 'vitest';
import { CHAT_LIMITS, CHAT_MESSAGES } from '../../shared/contracts/chat';
import { ChatSessionError, NoCurrentChannelError, NoUserFoundError, SdkNotInitialisedError, type ChatEvent } from './chatClient';
import { createSendbirdChatClient, loadSendbirdSdk, sendbirdHosts } from './sendbirdChatClient';
import { fakeSendbird, sdkMessage } from './testing/fakeSendbird';

async function connected(config = { appId: 'APP-1' }) {
  const fake = fakeSendbird();
  const client = createSendbirdChatClient(config, async () => fake.sdk, 'kosh.test');
  const events: ChatEvent[] = [];
  client.subscribe((e) => events.push(e));
  await client.connect('u-alice', 'sb-token');
  return { fake, client, events };
}

describe('Sendbird adapter: setup and connection (against a fake of the SDK)', () => {
  it('initialises the SDK with the app id and the group channel module, and connects with the session token', async () => {
    const { fake, client } = await connected();
    expect(fake.initParams).toMatchObject({ appId: 'APP-1', localCacheEnabled: false });
    expect((fake.initParams as { modules: unknown[] }).modules).toHaveLength(1);
    expect(fake.initParams).not.toHaveProperty('customApiHost');
    expect(fake.calls).toEqual([['connect', 'u-alice', 'sb-token']]);
    expect(client.isInitialised).toBe(true);
  });

  it("with the proxy flag talks to the external host's /api/sendbird and ws/sendbird (spec 02 §7)", async () => {
    const { fake } = await connected({ appId: 'APP-1', proxyHost: 'relay.example.net' } as never);
    expect(fake.initParams).toMatchObject({
      customApiHost: 'https://relay.example.net/api/sendbird',
      customWebSocketHost: 'wss://relay.example.net/ws/sendbird',
    });
    // Never at our own server: the SDK's licence allows only Sendbird's service.
    expect(() => sendbirdHosts({ appId: 'A', proxyHost: 'kosh.test' }, 'kosh.test')).toThrow(/external host/);
  });

  it('refuses use before connect with the SDK-not-initialised error', async () => {
    const client = createSendbirdChatClient({ appId: 'A' }, async () => fakeSendbird().sdk, 'kosh.test');
    await expect(client.listChannels()).rejects.toThrow(new SdkNotInitialisedError());
    await expect(client.markRead('sb-1')).rejects.toThrow(CHAT_MESSAGES.sdkNotInitialised);
  });

  it.each([
    [400111, 'tokenInvalid'],
    [400302, 'tokenExpired'],
    [400300, 'userDeactivated'],
    [400301, 'userDeleted'],
    [400309, 'sessionExpired'],
    [400310, 'sessionRevoked'],
  ])('a connect refused with SDK code %i is the session problem %s', async (code, kind) => {
    const fake = fakeSendbird();
    fake.failConnectWith(Object.assign(new Error('refused'), { code }));
    const client = createSendbirdChatClient({ appId: 'A' }, async () => fake.sdk, 'kosh.test');
    const error = await client.connect('u-alice', 't').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChatSessionError);
    expect((error as ChatSessionError).kind).toBe(kind);
    expect(client.isInitialised).toBe(false);
  });

  it('other connect failures pass through as they are', async () => {
    const fake = fakeSendbird();
    const offline = new TypeError('Failed to fetch');
    fake.failConnectWith(offline);
    const client = createSendbirdChatClient({ appId: 'A' }, async () => fake.sdk, 'kosh.test');
    await expect(client.connect('u-alice', 't')).rejects.toBe(offline);
  });

  it("reports the SDK's connection and session callbacks as chat events", async () => {
    const { fake, events } = await connected();
    for (const name of ['onConnected', 'onDisconnected', 'onReconnectStarted', 'onReconnectSucceeded', 'onReconnectFailed'])
      fake.handlers.connection[name]!('u-alice');
    const rejected: string[] = [];
    fake.handlers.session.onSessionTokenRequired!(
      () => rejected.push('resolved'),
      () => rejected.push('rejected'),
    );
    fake.handlers.session.onSessionClosed!();
    fake.handlers.session.onSessionError!(Object.assign(new Error('x'), { code: 400300 }));
    expect(rejected).toEqual(['rejected']);
    expect(events).toEqual([
      { type: 'connection.connected' },
      { type: 'connection.disconnected' },
      { type: 'connection.reconnectStarted' },
      { type: 'connection.reconnectSucceeded' },
      { type: 'connection.reconnectFailed' },
      { type: 'session.error', kind: 'tokenExpired' },
      { type: 'session.error', kind: 'sessionRevoked' },
      { type: 'session.error', kind: 'userDeactivated' },
    ]);
  });

  it("disconnects, and clears the SDK's cached data", async () => {
    const { fake, client } = await connected();
    fake.history.push(sdkMessage(1));
    await client.loadPrevious('sb-1', null);
    await client.clearCachedData();
    await client.disconnect();
    expect(fake.calls.slice(-2)).toEqual([['clearCachedData'], ['disconnect']]);
    await expect(client.listChannels()).rejects.toThrow(SdkNotInitialisedError);
  });
});

describe('Sendbird adapter: mapping and operations', () => {
  it('lists every page of my channels, mapped to the contract (metadata strings typed)', async () => {
    const { client } = await connected();
    const channels = await client.listChannels();
    expect(channels.map((c) => c.url)).toEqual(['sb-1', 'sb-2', 'sb-3']);
    const [first] = channels;
    expect(first).toMatchObject({
      customType: 'trading_group',
      myRole: 'operator',
      isMutedByMe: false,
      invitedAt: null,
      data: '{"x":1}',
      metaData: { is_whatsapp_linked_channel: true },
    });
    expect(first!.members[1]).toEqual({
      userId: 'u-bob',
      nickname: 'Bob',
      role: 'none',
      connectionStatus: 'offline',
      state: 'invited',
      isMuted: true,
      metaData: { is_staff: true, is_active: false, client_id: 2, brand_name: 'Beta' },
    });
  });

  it('creates channels with the invitees, operators and name, distinct only when direct', async () => {
    const { fake, client } = await connected();
    await client.createChannel({ customType: 'direct', invitedUserIds: ['u-bob'] });
    const group = await client.createChannel({
      customType: 'group',
      name: 'Axes',
      invitedUserIds: ['u-bob'],
      operatorUserIds: ['u-alice'],
    });
    expect(group.name).toBe('Axes');
    expect(fake.calls.filter(([name]) => name === 'createChannel').map(([, p]) => p)).toEqual([
      { invitedUserIds: ['u-bob'], operatorUserIds: [], name: '', customType: 'direct', isDistinct: true },
      { invitedUserIds: ['u-bob'], operatorUserIds: ['u-alice'], name: 'Axes', customType: 'group', isDistinct: false },
    ]);
    await expect(client.createChannel({ customType: 'group', invitedUserIds: [] })).rejects.toThrow(NoUserFoundError);
  });

  it("sends user and file messages and returns them in the contract's shape", async () => {
    const { fake, client } = await connected();
    const text = await client.sendUserMessage('sb-1', { reqId: 'r1', message: '5 cr @ 7.10', data: 'buzz' });
    expect(text).toMatchObject({
      channelUrl: 'sb-1',
      messageType: 'user',
      message: '5 cr @ 7.10',
      data: 'buzz',
      sender: { userId: 'u-bob', client_id: 2 },
      file: null,
    });
    const file = await client.sendFileMessage('sb-1', {
      reqId: 'r2',
      file: new Blob(['abc']),
      fileName: 'axes.pdf',
      mimeType: 'application/pdf',
    });
    expect(file.file).toEqual({ name: 'axes.pdf', type: 'application/pdf', size: 3, url: 'https://files/x' });
    expect(fake.calls.find(([name]) => name === 'sendFileMessage')).toEqual([
      'sendFileMessage',
      'sb-1',
      { fileName: 'axes.pdf', mimeType: 'application/pdf', fileSize: 3 },
    ]);
    await expect(client.sendUserMessage(null, { reqId: 'r3', message: 'x' })).rejects.toThrow(NoCurrentChannelError);
  });

  it('runs the channel operations on the SDK channel', async () => {
    const { fake, client } = await connected();
    await client.markRead('sb-1');
    await client.markDelivered('sb-1');
    await client.ban('sb-1', 'u-bob');
    await client.unban('sb-1', 'u-bob');
    await client.mute('sb-1', 'u-bob');
    await client.unmute('sb-1', 'u-bob');
    await client.addOperators('sb-1', ['u-bob']);
    await client.acceptInvitation('sb-1');
    await client.declineInvitation('sb-1');
    await client.leave('sb-1');
    await client.getChannel('sb-1');
    expect(fake.calls.slice(1)).toEqual([
      ['markAsRead', 'sb-1'],
      ['markAsDelivered', 'sb-1'],
      ['ban', 'sb-1', 'u-bob'],
      ['unban', 'sb-1', 'u-bob'],
      ['mute', 'sb-1', 'u-bob'],
      ['unmute', 'sb-1', 'u-bob'],
      ['addOperators', 'sb-1', ['u-bob']],
      ['refresh', 'sb-1'],
      ['acceptInvitation', 'sb-1'],
      ['declineInvitation', 'sb-1'],
      ['leave', 'sb-1'],
      ['refresh', 'sb-1'],
    ]);
  });

  it('renames, invites and lists the banned users (every page) on the SDK channel', async () => {
    const { fake, client } = await connected();
    expect((await client.rename('sb-1', 'Rates')).name).toBe('Rates');
    await client.invite('sb-1', ['u-carl']);
    expect(await client.bannedUsers('sb-1')).toEqual([{ userId: 'u-carl', nickname: 'Carl', brand_name: 'Gamma', client_id: 3 }]);
    expect(fake.calls.slice(1)).toEqual([
      ['updateChannel', 'sb-1', { name: 'Rates' }],
      ['inviteWithUserIds', 'sb-1', ['u-carl']],
      ['createBannedUserListQuery', 'sb-1', { limit: 100 }],
    ]);
  });

  it('a message to a broadcast list also goes to the direct chat with each other member, created with created_from', async () => {
    const { fake, client } = await connected();
    fake.shapes['sb-bc'] = { customType: 'broadcast' };
    await client.sendUserMessage('sb-bc', { reqId: 'r1', message: 'Axe: 7.18 GS 2034' });
    expect(
      fake.calls.filter(([name]) => name === 'createChannel' || name === 'sendUserMessage').map(([name, ...rest]) => [name, rest[0]]),
    ).toEqual([
      ['sendUserMessage', 'sb-bc'],
      [
        'createChannel',
        {
          invitedUserIds: ['u-bob'],
          operatorUserIds: [],
          name: '',
          customType: 'direct',
          isDistinct: true,
          data: JSON.stringify({ created_from: 'sb-bc' }),
        },
      ],
      ['sendUserMessage', 'sb-dc-u-bob'],
    ]);
  });

  it('loads the newest page from the largest safe time, older pages by time, and deletes a loaded message', async () => {
    const { fake, client } = await connected();
    for (let i = 1; i <= CHAT_LIMITS.messagePageSize + 5; i += 1) fake.history.push(sdkMessage(i));
    const newest = await client.loadPrevious('sb-1', null);
    expect([newest.messages.length, newest.messages[0]!.messageId, newest.hasMore]).toEqual([CHAT_LIMITS.messagePageSize, 6, true]);
    const older = await client.loadPrevious('sb-1', newest.messages[0]!.createdAt);
    expect([older.messages.map((m) => m.messageId), older.hasMore]).toEqual([[1, 2, 3, 4, 5], false]);
    const lookups = fake.calls.filter(([name]) => name === 'getMessagesByTimestamp').map(([, , ts, params]) => [ts, params]);
    expect(lookups[0]).toEqual([
      Number.MAX_SAFE_INTEGER,
      { prevResultSize: CHAT_LIMITS.messagePageSize, nextResultSize: 0, isInclusive: false },
    ]);
    await client.deleteMessage('sb-1', 3);
    expect(fake.calls.at(-1)).toEqual(['deleteMessage', 'sb-1', 3]);
    await expect(client.deleteMessage('sb-1', 999)).rejects.toThrow(/not loaded/);
  });

  it("reports the SDK's channel handler callbacks as chat events", async () => {
    const { fake, events } = await connected();
    const channel = fake.sdkChannel('sb-1');
    const bob = { userId: 'u-bob', nickname: 'Bob' };
    const g = fake.handlers.group;
    g.onMessageReceived!(channel, sdkMessage(7));
    g.onMessageUpdated!(channel, sdkMessage(7, { message: 'edited' }));
    g.onMessageDeleted!(channel, 7);
    g.onChannelDeleted!('sb-9', 'group');
    g.onUserReceivedInvitation!(channel, null, [bob]);
    g.onUserDeclinedInvitation!(channel, { userId: 'u-alice', nickname: 'Alice' }, bob);
    g.onUserBanned!(channel, bob);
    g.onUserMuted!(channel, bob);
    g.onUserMarkedRead!(channel, ['u-bob']);
    g.onChannelChanged!(channel);
    expect(events.slice(0, -1)).toEqual([
      { type: 'message.received', channelUrl: 'sb-1', message: expect.objectContaining({ messageId: 7, message: 'm7' }) },
      { type: 'message.updated', channelUrl: 'sb-1', message: expect.objectContaining({ messageId: 7, message: 'edited' }) },
      { type: 'message.deleted', channelUrl: 'sb-1', messageId: 7 },
      { type: 'channel.deleted', channelUrl: 'sb-9' },
      { type: 'membership.changed', channelUrl: 'sb-1', action: 'invited', userId: 'u-bob' },
      { type: 'membership.changed', channelUrl: 'sb-1', action: 'declined', userId: 'u-bob' },
      { type: 'membership.changed', channelUrl: 'sb-1', action: 'user_banned', userId: 'u-bob' },
      { type: 'membership.changed', channelUrl: 'sb-1', action: 'user_muted', userId: 'u-bob' },
      { type: 'receipt.changed', channelUrl: 'sb-1', kind: 'read' },
    ]);
    expect(events.at(-1)).toMatchObject({ type: 'channel.changed', channelUrl: 'sb-1', channel: { url: 'sb-1', name: 'SB sb-1' } });
  });
});

describe('Sendbird adapter: the real SDK module', () => {
  it('loads lazily and offers the classes the adapter builds (no init, no network)', async () => {
    const sdk = await loadSendbirdSdk();
    expect([
      typeof sdk.init,
      typeof sdk.GroupChannelModule,
      typeof sdk.GroupChannelHandler,
      typeof sdk.ConnectionHandler,
      typeof sdk.SessionHandler,
    ]).toEqual(['function', 'function', 'function', 'function', 'function']);
    const handler = new sdk.ConnectionHandler({ onConnected: () => undefined }) as { onConnected?: unknown };
    expect(typeof handler.onConnected).toBe('function');
  });
});
