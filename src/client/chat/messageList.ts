/**
 * One channel's messages (spec 02 §4 Messages) as TanStack Query pages behind the ChatClient port:
 * the first page is the newest, each next page the one before it. The query cache is the chat's
 * cache: a channel opened again shows its pages at once while they are fetched anew, and a refetch
 * after a reconnect brings what was sent meanwhile with no gap (each page's cursor comes from the
 * page fetched just before it). Live changes are written into the pages: new messages into the
 * newest, updates and deletes wherever the message is.
 */
import { infiniteQueryOptions, type InfiniteData } from '@tanstack/react-query';
import { CHAT_LIMITS, type ChatMessage } from '../../shared/contracts/chat';
import type { ChatClient, MessagePage } from './chatClient';

export type MessagePages = InfiniteData<MessagePage>;

export const chatMessageKeys = {
  all: ['chat', 'messages'] as const,
  channel: (channelUrl: string) => ['chat', 'messages', channelUrl] as const,
};

/** A channel's pages; `enabled` false while the user has not joined it. */
export const channelMessagesOptions = (client: ChatClient, channelUrl: string, enabled = true) =>
  infiniteQueryOptions({
    queryKey: chatMessageKeys.channel(channelUrl),
    enabled,
    queryFn: ({ pageParam }) => client.loadPrevious(channelUrl, pageParam),
    initialPageParam: null as number | null,
    // The next page is the one before the oldest message of this one.
    getNextPageParam: (page) => (page.hasMore ? page.messages[0]?.createdAt : undefined),
    // Kept while the chat session lasts (the connection clears it when the session ends).
    gcTime: Infinity,
  });

/** Oldest first; a message listed twice (same id or request id) appears once, the later copy winning. */
function merge(messages: readonly ChatMessage[]): ChatMessage[] {
  const byReqId = new Map<string, ChatMessage>();
  for (const m of messages) byReqId.set(m.reqId, m);
  const byId = new Map<number, ChatMessage>();
  for (const m of byReqId.values()) byId.set(m.messageId, m);
  return [...byId.values()].sort((a, b) => a.createdAt - b.createdAt || a.messageId - b.messageId);
}

/** Every loaded message, oldest first. */
export const messagesOf = (data: MessagePages | undefined): ChatMessage[] =>
  data ? merge([...data.pages].reverse().flatMap((page) => page.messages)) : [];

const eachPage = (data: MessagePages | undefined, change: (messages: ChatMessage[]) => ChatMessage[]): MessagePages | undefined =>
  data && { ...data, pages: data.pages.map((page) => ({ ...page, messages: change(page.messages) })) };

/** A new message goes into the newest page (my own echo replaces my send by request id). */
export const withMessage = (data: MessagePages | undefined, message: ChatMessage): MessagePages | undefined => {
  if (!data) return data;
  const [newest = { messages: [], hasMore: false }, ...rest] = data.pages;
  return { ...data, pages: [{ ...newest, messages: merge([...newest.messages, message]) }, ...rest] };
};

/** An updated message replaces the one with its request id. */
export const withUpdate = (data: MessagePages | undefined, message: ChatMessage) =>
  eachPage(data, (messages) => messages.map((m) => (m.reqId === message.reqId ? message : m)));

export const withoutMessage = (data: MessagePages | undefined, messageId: number) =>
  eachPage(data, (messages) => messages.filter((m) => m.messageId !== messageId));

/** Whether the view is within 20 px of its bottom, so a new message scrolls it down (spec 02 §9). */
export const isNearBottom = (view: { scrollTop: number; scrollHeight: number; clientHeight: number }) =>
  view.scrollHeight - view.scrollTop - view.clientHeight <= CHAT_LIMITS.scrollToBottomPx;
