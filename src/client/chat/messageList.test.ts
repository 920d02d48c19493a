import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ChatClient, MessagePage } from './chatClient';
import {
  channelMessagesOptions,
  isNearBottom,
  messagesOf,
  withMessage,
  withoutMessage,
  withUpdate,
  type MessagePages,
} from './messageList';
import { chatMessage } from './testing/chatFixtures';

const ids = (data: MessagePages | undefined) => messagesOf(data).map((m) => m.messageId);
const pages = (...list: MessagePage[]): MessagePages => ({ pages: list, pageParams: list.map(() => null) });

/** A ChatClient whose pages are cut from `history` (oldest first) by time, as the server does. */
function pagedClient(history: ReturnType<typeof chatMessage>[], size = 2) {
  const calls: (number | null)[] = [];
  const client = {
    loadPrevious: async (_url: string, before: number | null) => {
      calls.push(before);
      const earlier = history.filter((m) => before === null || m.createdAt < before);
      return { messages: earlier.slice(-size), hasMore: earlier.length > size };
    },
  } as unknown as ChatClient;
  return { client, calls };
}

describe('message pages (spec 02 §4)', () => {
  it('load the newest page, then each older page from the oldest message shown', async () => {
    const history = [1, 2, 3, 4, 5].map((id) => chatMessage(id));
    const { client, calls } = pagedClient(history);
    const queries = new QueryClient();
    const options = channelMessagesOptions(client, 'ch-1');
    await queries.fetchInfiniteQuery(options);
    expect(ids(queries.getQueryData(options.queryKey))).toEqual([4, 5]);
    await queries.fetchInfiniteQuery({ ...options, pages: 3 });
    expect(ids(queries.getQueryData(options.queryKey))).toEqual([1, 2, 3, 4, 5]);
    expect(calls.slice(-3)).toEqual([null, history[3]!.createdAt, history[1]!.createdAt]);
  });

  it('fetched again after a reconnect, bring what was sent meanwhile with no gap', async () => {
    const history = [1, 2, 3, 4].map((id) => chatMessage(id));
    const { client } = pagedClient(history);
    const queries = new QueryClient();
    const options = channelMessagesOptions(client, 'ch-1');
    await queries.fetchInfiniteQuery({ ...options, pages: 2 });
    history.push(chatMessage(5), chatMessage(6), chatMessage(7));
    await queries.refetchQueries({ queryKey: options.queryKey });
    // Two pages again: the newest four, contiguous; the rest wait above.
    expect(ids(queries.getQueryData(options.queryKey))).toEqual([4, 5, 6, 7]);
  });

  it('new messages go into the newest page; my own echo replaces my send by request id', () => {
    let data = withMessage(
      pages({ messages: [chatMessage(3)], hasMore: true }, { messages: [chatMessage(1)], hasMore: false }),
      chatMessage(4),
    );
    data = withMessage(data, chatMessage(4, { message: 'echo' }));
    expect(ids(data)).toEqual([1, 3, 4]);
    expect(messagesOf(data).at(-1)!.message).toBe('echo');
    expect(data!.pages[0]!.messages.map((m) => m.messageId)).toEqual([3, 4]);
  });

  it('updates replace by request id and deletes remove by id, in whichever page', () => {
    let data: MessagePages | undefined = pages(
      { messages: [chatMessage(2)], hasMore: true },
      { messages: [chatMessage(1)], hasMore: false },
    );
    data = withUpdate(data, chatMessage(1, { message: 'edited' }));
    expect(messagesOf(data).map((m) => m.message)).toEqual(['edited', 'hello 2']);
    data = withoutMessage(data, 2);
    expect(ids(data)).toEqual([1]);
    expect(withMessage(undefined, chatMessage(1))).toBeUndefined();
  });

  it('scrolls down for a new message only within 20 px of the bottom', () => {
    expect(isNearBottom({ scrollTop: 480, scrollHeight: 1000, clientHeight: 500 })).toBe(true);
    expect(isNearBottom({ scrollTop: 479, scrollHeight: 1000, clientHeight: 500 })).toBe(false);
  });
});
