/**
 * One channel's messages (spec 02 §4 Messages): shown from cache, then replaced by the server's
 * page; older and newer pages on demand, one request at a time; new messages appended, updates
 * replaced by request id, deletes removed by id. Pure state plus a loader that owns the in-flight flags.
 */
import { CHAT_LIMITS, type ChatMessage } from '../../shared/contracts/chat';
import type { ChatClient } from './chatClient';

export interface MessageListState {
  channelUrl: string;
  messages: ChatMessage[];
  /** Whether the messages are the cache's (until the server answers) or the server's. */
  source: 'cache' | 'server';
  hasOlder: boolean;
  hasNewer: boolean;
}

/** Oldest first; a message already listed (same id or request id) is replaced, not repeated. */
function merge(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const byReqId = new Map<string, ChatMessage>();
  for (const m of [...current, ...incoming]) byReqId.set(m.reqId, m);
  const byId = new Map<number, ChatMessage>();
  for (const m of byReqId.values()) byId.set(m.messageId, m);
  return [...byId.values()].sort((a, b) => a.createdAt - b.createdAt || a.messageId - b.messageId);
}

export const fromCache = (channelUrl: string, cached: readonly ChatMessage[]): MessageListState => ({
  channelUrl,
  messages: [...cached],
  source: 'cache',
  hasOlder: true,
  hasNewer: false,
});

/** The server's newest page replaces whatever the cache showed. */
export const fromServer = (state: MessageListState, page: { messages: ChatMessage[]; hasMore: boolean }): MessageListState => ({
  ...state,
  messages: merge([], page.messages),
  source: 'server',
  hasOlder: page.hasMore,
  hasNewer: false,
});

export const addOlder = (state: MessageListState, page: { messages: ChatMessage[]; hasMore: boolean }): MessageListState => ({
  ...state,
  messages: merge(state.messages, page.messages),
  hasOlder: page.hasMore,
});

export const addNewer = (state: MessageListState, page: { messages: ChatMessage[]; hasMore: boolean }): MessageListState => ({
  ...state,
  messages: merge(state.messages, page.messages),
  hasNewer: page.hasMore,
});

/** A new message of this channel goes at the end (my own echo replaces my pending send by request id). */
export const appendMessage = (state: MessageListState, message: ChatMessage): MessageListState =>
  message.channelUrl === state.channelUrl ? { ...state, messages: merge(state.messages, [message]) } : state;

/** An updated message replaces the one with its request id. */
export const updateMessage = (state: MessageListState, message: ChatMessage): MessageListState => ({
  ...state,
  messages: state.messages.map((m) => (m.reqId === message.reqId ? message : m)),
});

export const deleteMessage = (state: MessageListState, messageId: number): MessageListState => ({
  ...state,
  messages: state.messages.filter((m) => m.messageId !== messageId),
});

/** Whether the view is within 20 px of its bottom, so a new message scrolls it down (spec 02 §9). */
export const isNearBottom = (view: { scrollTop: number; scrollHeight: number; clientHeight: number }) =>
  view.scrollHeight - view.scrollTop - view.clientHeight <= CHAT_LIMITS.scrollToBottomPx;

/**
 * Loads a channel's pages through the ChatClient with at most one older and one newer request in
 * flight: a second ask while one runs gets null and sends nothing.
 */
export function createMessageLoader(client: ChatClient, channelUrl: string) {
  let state = fromCache(channelUrl, client.cachedMessages(channelUrl));
  const inFlight = { older: false, newer: false };
  // The change applies to the state as it is when the page arrives: the other direction may have landed meanwhile.
  const once = async (
    which: 'older' | 'newer',
    load: () => Promise<(current: MessageListState) => MessageListState>,
  ): Promise<MessageListState | null> => {
    if (inFlight[which]) return null;
    inFlight[which] = true;
    try {
      const change = await load();
      state = change(state);
      return state;
    } finally {
      inFlight[which] = false;
    }
  };
  return {
    get state() {
      return state;
    },
    /** The newest page from the server, replacing the cache's. */
    open: () =>
      once('older', async () => {
        const page = await client.loadPrevious(channelUrl, null);
        return (s) => fromServer(s, page);
      }),
    loadOlder: () =>
      once('older', async () => {
        const page = await client.loadPrevious(channelUrl, state.messages[0]?.createdAt ?? null);
        return (s) => addOlder(s, page);
      }),
    loadNewer: () =>
      once('newer', async () => {
        const page = await client.loadNext(channelUrl, state.messages.at(-1)?.createdAt ?? 0);
        return (s) => addNewer(s, page);
      }),
    apply(change: (current: MessageListState) => MessageListState) {
      state = change(state);
      return state;
    },
  };
}
