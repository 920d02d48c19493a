import { describe, expect, it } from 'vitest';
import type { ChatClient, MessagePage } from './chatClient';
import { appendMessage, createMessageLoader, deleteMessage, fromCache, fromServer, isNearBottom, updateMessage } from './messageList';
import { chatMessage } from './testing/chatFixtures';

const ids = (state: { messages: { messageId: number }[] }) => state.messages.map((m) => m.messageId);

/** A ChatClient whose page loads wait until the test settles them. */
function fakePages(cached = [chatMessage(1)]) {
  const calls: string[] = [];
  const settle: ((page: MessagePage) => void)[] = [];
  const wait = () => new Promise<MessagePage>((resolve) => settle.push(resolve));
  const client = {
    cachedMessages: () => cached,
    loadPrevious: (_url: string, before: number | null) => {
      calls.push(`previous ${before}`);
      return wait();
    },
    loadNext: (_url: string, after: number) => {
      calls.push(`next ${after}`);
      return wait();
    },
  } as unknown as ChatClient;
  return { client, calls, answer: (page: MessagePage) => settle.shift()?.(page) };
}

describe('messages (spec 02 §4)', () => {
  it('load from cache, then are replaced by the server result', async () => {
    const { client, answer } = fakePages([chatMessage(1), chatMessage(2)]);
    const loader = createMessageLoader(client, 'ch-1');
    expect([ids(loader.state), loader.state.source]).toEqual([[1, 2], 'cache']);
    const opening = loader.open();
    answer({ messages: [chatMessage(2), chatMessage(3)], hasMore: true });
    await opening;
    expect([ids(loader.state), loader.state.source, loader.state.hasOlder]).toEqual([[2, 3], 'server', true]);
  });

  it('older and newer pages load on demand, one request of each at a time', async () => {
    const { client, calls, answer } = fakePages([]);
    const loader = createMessageLoader(client, 'ch-1');
    loader.apply((s) => fromServer(s, { messages: [chatMessage(5), chatMessage(6)], hasMore: true }));
    const older = loader.loadOlder();
    expect(await loader.loadOlder()).toBeNull();
    const newer = loader.loadNewer();
    expect(await loader.loadNewer()).toBeNull();
    expect(calls).toEqual([`previous ${chatMessage(5).createdAt}`, `next ${chatMessage(6).createdAt}`]);
    answer({ messages: [chatMessage(3), chatMessage(4)], hasMore: false });
    await older;
    answer({ messages: [chatMessage(7)], hasMore: false });
    await newer;
    expect([ids(loader.state), loader.state.hasOlder]).toEqual([[3, 4, 5, 6, 7], false]);
    // Once one has settled, the next may go.
    void loader.loadOlder();
    expect(calls).toHaveLength(3);
  });

  it('a failed load frees the slot for the next try', async () => {
    const client = { cachedMessages: () => [], loadPrevious: () => Promise.reject(new Error('offline')) } as unknown as ChatClient;
    const loader = createMessageLoader(client, 'ch-1');
    await expect(loader.loadOlder()).rejects.toThrow('offline');
    await expect(loader.loadOlder()).rejects.toThrow('offline');
  });

  it("new messages append; my own echo replaces my send by request id; other channels' are ignored", () => {
    let state = fromServer(fromCache('ch-1', []), { messages: [chatMessage(1)], hasMore: false });
    state = appendMessage(state, chatMessage(2));
    state = appendMessage(state, chatMessage(2, { message: 'echo' }));
    state = appendMessage(state, chatMessage(3, { channelUrl: 'other' }));
    expect(ids(state)).toEqual([1, 2]);
    expect(state.messages[1]!.message).toBe('echo');
  });

  it('updates replace by request id and deletes remove by id', () => {
    let state = fromServer(fromCache('ch-1', []), { messages: [chatMessage(1), chatMessage(2)], hasMore: false });
    state = updateMessage(state, chatMessage(2, { message: 'edited' }));
    expect(state.messages.map((m) => m.message)).toEqual(['hello 1', 'edited']);
    state = deleteMessage(state, 1);
    expect(ids(state)).toEqual([2]);
  });

  it('scrolls down for a new message only within 20 px of the bottom', () => {
    expect(isNearBottom({ scrollTop: 480, scrollHeight: 1000, clientHeight: 500 })).toBe(true);
    expect(isNearBottom({ scrollTop: 479, scrollHeight: 1000, clientHeight: 500 })).toBe(false);
  });
});
