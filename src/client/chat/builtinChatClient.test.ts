import { Blob as NodeBlob } from 'node:buffer';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHAT_MESSAGES } from '../../shared/contracts/chat';
import { configureAuth } from '../api/http';
import { createBuiltinChatClient, type LiveChatFeed, type LiveChatMessage } from './builtinChatClient';
import { ChatSessionError, NoCurrentChannelError, NoUserFoundError, SdkNotInitialisedError, type ChatEvent } from './chatClient';
import { chatChannel, chatMessage } from './testing/chatFixtures';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  configureAuth(null);
});
afterAll(() => server.close());

const api = (path: string) => `${window.location.origin}/api/chat/${path}`;

/** A fake live feed: the test pushes chat messages and flips the connection. */
function fakeLive(initiallyLive = true) {
  const handlers = new Set<(m: LiveChatMessage) => void>();
  const watchers = new Set<(live: boolean) => void>();
  let live = initiallyLive;
  const feed: LiveChatFeed = {
    subscribe: (h) => {
      handlers.add(h);
      return () => handlers.delete(h);
    },
    watchConnection: (w) => {
      watchers.add(w);
      w(live);
      return () => watchers.delete(w);
    },
  };
  return {
    feed,
    push: (m: Omit<LiveChatMessage, 'type'>) => {
      for (const h of handlers) h({ type: 'chat', ...m });
    },
    setLive: (value: boolean) => {
      live = value;
      for (const w of watchers) w(value);
    },
    listeners: () => handlers.size + watchers.size,
  };
}

/** Records every request's method, path, headers and body. */
function recordRequests() {
  const seen: { method: string; path: string; chatSession: string | null; auth: string | null; body: unknown }[] = [];
  server.events.on('request:start', async ({ request }) => {
    const type = request.headers.get('content-type') ?? '';
    const body = type.includes('json')
      ? await request.clone().json()
      : type.includes('multipart')
        ? await request.clone().formData()
        : undefined;
    seen.push({
      method: request.method,
      path: new URL(request.url).pathname,
      chatSession: request.headers.get('x-chat-session'),
      auth: request.headers.get('authorization'),
      body,
    });
  });
  return seen;
}

async function connected(live = fakeLive()) {
  server.use(http.get(api('channels/'), () => HttpResponse.json({ channels: [chatChannel('ch-1')] })));
  const client = createBuiltinChatClient(live.feed);
  const events: ChatEvent[] = [];
  client.subscribe((e) => events.push(e));
  await client.connect('u-alice', 'chat-token-1');
  return { client, events, live };
}

describe('built-in chat client: session and errors', () => {
  it('refuses every call before connect with the SDK-not-initialised error', async () => {
    const client = createBuiltinChatClient(fakeLive().feed);
    expect(client.isInitialised).toBe(false);
    await expect(client.listChannels()).rejects.toThrow(new SdkNotInitialisedError());
    await expect(client.markRead('ch-1')).rejects.toThrow(CHAT_MESSAGES.sdkNotInitialised);
  });

  it('connects by proving the token with the channel list, sending the Bearer token and the chat session', async () => {
    configureAuth({ accessToken: () => 'access-1', onUnauthorized: async () => false });
    const seen = recordRequests();
    const { client } = await connected();
    expect(client.isInitialised).toBe(true);
    expect(seen).toEqual([
      { method: 'GET', path: '/api/chat/channels/', chatSession: 'chat-token-1', auth: 'Bearer access-1', body: undefined },
    ]);
    server.events.removeAllListeners();
  });

  it('a connect with a refused token fails with the session problem and stays uninitialised', async () => {
    server.use(http.get(api('channels/'), () => HttpResponse.json({ code: 'CHAT_TOKEN_INVALID', message: 'bad' }, { status: 401 })));
    const client = createBuiltinChatClient(fakeLive().feed);
    const events: ChatEvent[] = [];
    client.subscribe((e) => events.push(e));
    const error = await client.connect('u-alice', 'stale').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChatSessionError);
    expect((error as ChatSessionError).kind).toBe('tokenInvalid');
    expect(client.isInitialised).toBe(false);
    expect(events).toEqual([]);
  });

  it.each([
    ['CHAT_TOKEN_EXPIRED', 'tokenExpired'],
    ['CHAT_SESSION_REVOKED', 'sessionRevoked'],
    ['CHAT_USER_DEACTIVATED', 'userDeactivated'],
  ])("a later 401 %s is the chat session's (%s): an event, no access-token refresh", async (code, kind) => {
    const onUnauthorized = vi.fn(async () => false);
    configureAuth({ accessToken: () => 'access-1', onUnauthorized });
    const { client, events } = await connected();
    server.use(http.put(api('channels/ch-1/read/'), () => HttpResponse.json({ code, message: 'no' }, { status: 401 })));
    await expect(client.markRead('ch-1')).rejects.toMatchObject({ name: 'ChatSessionError', kind });
    expect(events).toEqual([{ type: 'session.error', kind }]);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it("a 401 without a chat code is the access token's: the session refreshes it and the call is retried", async () => {
    let token = 'access-1';
    configureAuth({
      accessToken: () => token,
      onUnauthorized: async () => {
        token = 'access-2';
        return true;
      },
    });
    const { client } = await connected();
    server.use(
      http.put(api('channels/ch-1/read/'), ({ request }) =>
        request.headers.get('authorization') === 'Bearer access-2'
          ? new HttpResponse(null, { status: 204 })
          : HttpResponse.json({ detail: 'expired' }, { status: 401 }),
      ),
    );
    await expect(client.markRead('ch-1')).resolves.toBeUndefined();
  });

  it('sending with no current channel fails with the no-current-channel error and sends nothing', async () => {
    const { client } = await connected();
    await expect(client.sendUserMessage(null, { reqId: 'r1', message: 'hi' })).rejects.toThrow(new NoCurrentChannelError());
    await expect(
      client.sendFileMessage(null, { reqId: 'r2', file: new Blob(['x']), fileName: 'a.txt', mimeType: 'text/plain' }),
    ).rejects.toThrow(CHAT_MESSAGES.noCurrentChannel);
  });

  it('creating a channel with nobody fails with the no-user-found error', async () => {
    const { client } = await connected();
    await expect(client.createChannel({ customType: 'group', invitedUserIds: [] })).rejects.toThrow(new NoUserFoundError());
    await expect(client.createChannel({ customType: 'direct', invitedUserIds: [' '] })).rejects.toThrow(CHAT_MESSAGES.noUserFound);
  });
});

describe('built-in chat client: operations', () => {
  it('creates channels distinct only when direct (spec 02 §7)', async () => {
    const { client } = await connected();
    const bodies: unknown[] = [];
    server.use(
      http.post(api('channels/'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(chatChannel('new'), { status: 201 });
      }),
    );
    await client.createChannel({ customType: 'direct', invitedUserIds: ['u-bob'] });
    const created = await client.createChannel({
      customType: 'trading_group',
      name: 'Desk',
      invitedUserIds: ['u-bob', 'u-carol'],
      operatorUserIds: ['u-bob'],
    });
    expect(created.url).toBe('new');
    expect(bodies).toEqual([
      { customType: 'direct', name: '', invitedUserIds: ['u-bob'], operatorUserIds: [], isDistinct: true },
      { customType: 'trading_group', name: 'Desk', invitedUserIds: ['u-bob', 'u-carol'], operatorUserIds: ['u-bob'], isDistinct: false },
    ]);
  });

  it('sends a user message and a file message (multipart with its name and type)', async () => {
    // jsdom's FormData and Blob are not the ones Node's fetch sends as multipart; a browser's are.
    vi.stubGlobal('FormData', (await new Response(new URLSearchParams()).formData()).constructor);
    vi.stubGlobal('Blob', NodeBlob);
    const { client } = await connected();
    let form: FormData | null = null;
    let json: unknown = null;
    server.use(
      http.post(api('channels/ch%201/messages/'), async ({ request }) => {
        json = await request.json();
        return HttpResponse.json(chatMessage(5), { status: 201 });
      }),
      http.post(api('channels/ch%201/files/'), async ({ request }) => {
        form = await request.formData();
        return HttpResponse.json(chatMessage(6, { messageType: 'file' }), { status: 201 });
      }),
    );
    expect((await client.sendUserMessage('ch 1', { reqId: 'r1', message: 'Buy 5 cr at 7.10' })).messageId).toBe(5);
    expect(json).toEqual({ reqId: 'r1', message: 'Buy 5 cr at 7.10', data: '', customType: '' });
    await client.sendFileMessage('ch 1', { reqId: 'r2', file: new NodeBlob(['a,b']) as Blob, fileName: 'axes.csv', mimeType: 'text/csv' });
    const file = (form as FormData | null)?.get('file') as File;
    expect([file.name, file.type, (form as FormData | null)?.get('req_id')]).toEqual(['axes.csv', 'text/csv', 'r2']);
    vi.unstubAllGlobals();
  });

  it('member operations post who they are about', async () => {
    const { client } = await connected();
    const calls: [string, unknown][] = [];
    server.use(
      http.post(api('channels/ch-1/:op/'), async ({ request, params }) => {
        const text = await request.text();
        calls.push([String(params.op), text ? JSON.parse(text) : null]);
        return params.op === 'operators' || params.op === 'accept'
          ? HttpResponse.json(chatChannel('ch-1'))
          : new HttpResponse(null, { status: 204 });
      }),
    );
    await client.ban('ch-1', 'u-bob');
    await client.unban('ch-1', 'u-bob');
    await client.mute('ch-1', 'u-carol');
    await client.unmute('ch-1', 'u-carol');
    await client.addOperators('ch-1', ['u-bob']);
    await client.acceptInvitation('ch-1');
    await client.declineInvitation('ch-1');
    await client.leave('ch-1');
    expect(calls).toEqual([
      ['ban', { user_id: 'u-bob' }],
      ['unban', { user_id: 'u-bob' }],
      ['mute', { user_id: 'u-carol' }],
      ['unmute', { user_id: 'u-carol' }],
      ['operators', { user_ids: ['u-bob'] }],
      ['accept', null],
      ['decline', null],
      ['leave', null],
    ]);
  });

  it('renames (PATCH the channel), invites (user_ids) and lists the banned people', async () => {
    const { client } = await connected();
    const seen = recordRequests();
    const carl = { userId: 'u-carl', nickname: 'Carl', brand_name: 'Gamma', client_id: 3 };
    server.use(
      http.patch(api('channels/ch-1/'), () => HttpResponse.json(chatChannel('ch-1', { name: 'Rates' }))),
      http.post(api('channels/ch-1/invite/'), () => HttpResponse.json(chatChannel('ch-1'))),
      http.get(api('channels/ch-1/banned/'), () => HttpResponse.json({ users: [carl] })),
    );
    expect((await client.rename('ch-1', 'Rates')).name).toBe('Rates');
    expect((await client.invite('ch-1', ['u-bob'])).url).toBe('ch-1');
    expect(await client.bannedUsers('ch-1')).toEqual([carl]);
    expect(seen.map(({ method, path, body, chatSession }) => [method, path, body, chatSession])).toEqual([
      ['PATCH', '/api/chat/channels/ch-1/', { name: 'Rates' }, 'chat-token-1'],
      ['POST', '/api/chat/channels/ch-1/invite/', { user_ids: ['u-bob'] }, 'chat-token-1'],
      ['GET', '/api/chat/channels/ch-1/banned/', undefined, 'chat-token-1'],
    ]);
  });

  it('loads the newest page, then older pages by time', async () => {
    const { client } = await connected();
    const queries: string[] = [];
    server.use(
      http.get(api('channels/ch-1/messages/'), ({ request }) => {
        queries.push(new URL(request.url).search);
        return HttpResponse.json({ messages: [chatMessage(1), chatMessage(2)], has_more: true });
      }),
    );
    expect(await client.loadPrevious('ch-1', null)).toEqual({ messages: [chatMessage(1), chatMessage(2)], hasMore: true });
    await client.loadPrevious('ch-1', 1_000);
    expect(queries).toEqual(['', '?before=1000']);
  });

  it('deletes a message by id', async () => {
    const { client } = await connected();
    const deleted: string[] = [];
    server.use(
      http.delete(api('channels/ch-1/messages/:id/'), ({ params }) => {
        deleted.push(String(params.id));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await client.deleteMessage('ch-1', 42);
    expect(deleted).toEqual(['42']);
  });
});

describe('built-in chat client: events from the live feed', () => {
  it("turns the feed's chat messages into chat events", async () => {
    const { events, live } = await connected();
    const message = chatMessage(9);
    live.push({ action: 'message_received', channel_url: 'ch-1', message });
    live.push({ action: 'message_updated', channel_url: 'ch-1', message });
    live.push({ action: 'message_deleted', channel_url: 'ch-1', message_id: 9 });
    live.push({ action: 'channel_changed', channel_url: 'ch-1' });
    live.push({ action: 'channel_deleted', channel_url: 'ch-2' });
    live.push({ action: 'user_banned', channel_url: 'ch-1', user_id: 'u-bob' });
    live.push({ action: 'declined', channel_url: 'ch-1', user_id: 'u-bob' });
    live.push({ action: 'read', channel_url: 'ch-1' });
    live.push({ action: 'message_received', channel_url: 'ch-3' });
    expect(events).toEqual([
      { type: 'message.received', channelUrl: 'ch-1', message },
      { type: 'message.updated', channelUrl: 'ch-1', message },
      { type: 'message.deleted', channelUrl: 'ch-1', messageId: 9 },
      { type: 'channel.changed', channelUrl: 'ch-1' },
      { type: 'channel.deleted', channelUrl: 'ch-2' },
      { type: 'membership.changed', channelUrl: 'ch-1', action: 'user_banned', userId: 'u-bob' },
      { type: 'membership.changed', channelUrl: 'ch-1', action: 'declined', userId: 'u-bob' },
      { type: 'receipt.changed', channelUrl: 'ch-1', kind: 'read' },
      // A message without its payload: the channel is refetched.
      { type: 'channel.changed', channelUrl: 'ch-3' },
    ]);
  });

  it('derives the connection from the live feed: lost → reconnect started, back → reconnect succeeded', async () => {
    const { events, live } = await connected();
    live.setLive(false);
    live.setLive(true);
    expect(events).toEqual([{ type: 'connection.reconnectStarted' }, { type: 'connection.reconnectSucceeded' }]);
  });

  it('connecting while the feed is down reports disconnected at once', async () => {
    const { events, live } = await connected(fakeLive(false));
    live.setLive(true);
    expect(events).toEqual([{ type: 'connection.disconnected' }, { type: 'connection.reconnectSucceeded' }]);
  });

  it('disconnect stops listening to the feed and uninitialises the client', async () => {
    const { client, events, live } = await connected();
    await client.disconnect();
    live.push({ action: 'channel_changed', channel_url: 'ch-1' });
    expect([events, live.listeners(), client.isInitialised]).toEqual([[], 0, false]);
  });
});
