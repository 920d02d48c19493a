/**
 * A chat view under test: an in-memory ChatClient (channels, pages, sends that answer like the
 * server, with request ids), the real chatConnection actor and store over it, rendered inside a
 * fresh system. `publish` plays chat events as the live feed would.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { onTestFinished, vi } from 'vitest';
import type { Session } from '../../../shared/contracts/auth';
import type { ChatChannel, ChatMessage, ChatUser } from '../../../shared/contracts/chat';
import { simulatedTime } from '../../../shared/timers';
import { sessionKey } from '../../app/sessionQueries';
import { renderRoute } from '../../app/testing';
import { chatEventHub, type ChatClient, type MessagePage } from '../../chat/chatClient';
import { createChatConnection } from '../../chat/chatConnectionActor';
import { chatMessage } from '../../chat/testing/chatFixtures';
import { ChatProvider } from './chatContext';
import { previewsOf } from './chatPreferences';
import { createChatStore } from './chatStore';

export const ME = 'u-alice';

export function fakeChatClient(channels: ChatChannel[], pages: Record<string, MessagePage> = {}, banned: Record<string, ChatUser[]> = {}) {
  const hub = chatEventHub();
  let nextId = 1000;
  const replace = (url: string, change: Partial<ChatChannel>) => {
    const next = { ...byUrl(url), ...change };
    channels = channels.map((c) => (c.url === url ? next : c));
    return next;
  };
  const byUrl = (url: string) => {
    const channel = channels.find((c) => c.url === url);
    if (!channel) throw new Error('No such chat.');
    return channel;
  };
  const mine = (channelUrl: string, over: Partial<ChatMessage>): ChatMessage =>
    chatMessage(++nextId, { channelUrl, sender: { userId: ME, nickname: 'Alice', client_id: 1 }, createdAt: Date.now(), ...over });
  const client = {
    isInitialised: true,
    connect: vi.fn(async () => undefined),
    disconnect: vi.fn(async () => undefined),
    clearCachedData: vi.fn(async () => undefined),
    listChannels: vi.fn(async () => [...channels]),
    getChannel: vi.fn(async (url: string) => byUrl(url)),
    createChannel: vi.fn(),
    rename: vi.fn(async (url: string, name: string) => replace(url, { name })),
    invite: vi.fn(async (url: string) => byUrl(url)),
    sendUserMessage: vi.fn(async (url: string | null, p: { reqId: string; message: string; data?: string }) =>
      mine(url ?? '', { reqId: p.reqId, message: p.message, data: p.data ?? '' }),
    ),
    sendFileMessage: vi.fn(),
    markRead: vi.fn(async () => undefined),
    markDelivered: vi.fn(async () => undefined),
    leave: vi.fn(async () => undefined),
    acceptInvitation: vi.fn(async (url: string) => replace(url, { myMemberState: 'joined' })),
    declineInvitation: vi.fn(async (url: string) => {
      channels = channels.filter((c) => c.url !== url);
    }),
    ban: vi.fn(),
    mute: vi.fn(),
    unmute: vi.fn(),
    addOperators: vi.fn(),
    unban: vi.fn(async (url: string, userId: string) => {
      banned[url] = (banned[url] ?? []).filter((u) => u.userId !== userId);
    }),
    bannedUsers: vi.fn(async (url: string) => banned[url] ?? []),
    loadPrevious: vi.fn(async (url: string) => pages[url] ?? { messages: [], hasMore: false }),
    deleteMessage: vi.fn(),
    subscribe: hub.subscribe,
  } satisfies ChatClient;
  return { client, publish: hub.publish };
}

const profile = (termsAccepted: boolean, preferences: Record<string, unknown>, isStaff: boolean) =>
  ({
    user_info: {
      unique_id: ME,
      has_accepted_chat_terms: termsAccepted,
      user_security_preferences: preferences,
      roles: ['clientdealer', 'user'],
    },
    is_staff: isStaff,
  }) as unknown as Session;

/**
 * Renders `view` with the fake client; the user has accepted the chat terms unless `termsAccepted`
 * is false, with these security preferences, and is staff when `isStaff`. `time` moves the store's timers (polling).
 */
export function renderChat(
  view: ReactNode,
  fake: ReturnType<typeof fakeChatClient>,
  { termsAccepted = true, preferences = {} as Record<string, unknown>, isStaff = false } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(sessionKey, profile(termsAccepted, preferences, isStaff));
  const issueToken = vi.fn(async () => 'chat-token');
  const chat = createChatConnection({ client: fake.client, queryClient, issueToken, browser: new EventTarget() });
  onTestFinished(() => chat.dispose());
  const time = simulatedTime('2026-11-27T10:00:00Z');
  const store = createChatStore(fake.client, chat.chatConnection, { timers: time, previews: previewsOf(queryClient) });
  const rendered = renderRoute(
    <QueryClientProvider client={queryClient}>
      <ChatProvider value={{ client: fake.client, connection: chat.chatConnection, store }}>{view}</ChatProvider>
    </QueryClientProvider>,
    '/chat',
  );
  return { ...rendered, chat, store, issueToken, queryClient, time };
}
