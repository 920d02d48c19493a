/**
 * A chat view under test: an in-memory ChatClient (channels, pages, sends that answer like the
 * server, with request ids), the real chatConnection actor and store over it, rendered inside a
 * fresh system. `publish` plays chat events as the live feed would.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { onTestFinished, vi } from 'vitest';
import type { Session } from '../../../shared/contracts/auth';
import type { ChatChannel, ChatMessage } from '../../../shared/contracts/chat';
import { sessionKey } from '../../app/sessionQueries';
import { renderRoute } from '../../app/testing';
import { chatEventHub, type ChatClient, type MessagePage } from '../../chat/chatClient';
import { createChatConnection } from '../../chat/chatConnectionActor';
import { chatMessage } from '../../chat/testing/chatFixtures';
import { ChatProvider } from './chatContext';
import { createChatStore } from './chatStore';

export const ME = 'u-alice';

export function fakeChatClient(channels: ChatChannel[], pages: Record<string, MessagePage> = {}) {
  const hub = chatEventHub();
  let nextId = 1000;
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
    sendUserMessage: vi.fn(async (url: string | null, p: { reqId: string; message: string; data?: string }) => mine(url ?? '', { reqId: p.reqId, message: p.message, data: p.data ?? '' })),
    sendFileMessage: vi.fn(),
    markRead: vi.fn(async () => undefined),
    markDelivered: vi.fn(async () => undefined),
    leave: vi.fn(async () => undefined),
    acceptInvitation: vi.fn(async (url: string) => {
      const joined = { ...byUrl(url), myMemberState: 'joined' as const };
      channels = channels.map((c) => (c.url === url ? joined : c));
      return joined;
    }),
    declineInvitation: vi.fn(async (url: string) => { channels = channels.filter((c) => c.url !== url); }),
    ban: vi.fn(), unban: vi.fn(), mute: vi.fn(), unmute: vi.fn(), addOperators: vi.fn(),
    loadPrevious: vi.fn(async (url: string) => pages[url] ?? { messages: [], hasMore: false }),
    loadNext: vi.fn(async () => ({ messages: [], hasMore: false })),
    deleteMessage: vi.fn(),
    cachedMessages: () => [],
    subscribe: hub.subscribe,
  } satisfies ChatClient;
  return { client, publish: hub.publish };
}

const profile = (termsAccepted: boolean, isStaff = false) =>
  ({ user_info: { unique_id: ME, has_accepted_chat_terms: termsAccepted, roles: ['clientdealer', 'user'] }, is_staff: isStaff }) as unknown as Session;

/** Renders `view` with the fake client; the user has accepted the chat terms unless `termsAccepted` is false, and is staff when `isStaff`. */
export function renderChat(view: ReactNode, fake: ReturnType<typeof fakeChatClient>, { termsAccepted = true, isStaff = false } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(sessionKey, profile(termsAccepted, isStaff));
  const issueToken = vi.fn(async () => 'chat-token');
  const chat = createChatConnection({ client: fake.client, queryClient, issueToken, browser: new EventTarget() });
  onTestFinished(() => chat.dispose());
  const store = createChatStore(fake.client, chat.chatConnection);
  const rendered = renderRoute(
    <QueryClientProvider client={queryClient}>
      <ChatProvider value={{ client: fake.client, connection: chat.chatConnection, store }}>{view}</ChatProvider>
    </QueryClientProvider>,
    '/chat',
  );
  return { ...rendered, chat, store, issueToken, queryClient };
}
