/**
 * The chat views' shared state, one per ChatClient: the channel list (loaded when the connection
 * goes online, kept by the chat events of spec 02 §4 through `applyChatEvent`) and the current
 * channel. The header's unread badge and the chat view read the same store, so each event is
 * applied once however many views show it. Effects the events ask for (refetch a channel, leave
 * one, a sound, a notification of a message in another chat) are performed here, and while online
 * the visible direct chats are polled (spec 02 §4 Polling) on the store's timers.
 */
import type { ActorRefFrom } from 'xstate';
import type { chatConnectionMachine } from '../../../../machines/chatConnection.machine';
import type { ChatChannel, ChatMessage } from '../../../shared/contracts/chat';
import { systemTimers, type Timers } from '../../../shared/timers';
import type { ChatClient, ChatEvent } from '../../chat/chatClient';
import { insertChannel, removeAndSelect, updateChannel } from '../../chat/channelList';
import { createChannelPolling } from '../../chat/channelPolling';
import { applyChatEvent, type ChatListState } from '../../chat/chatEvents';
import { COMPLIANCE_ROUTE_PREFIX, createReceipts } from '../../chat/receipts';
import { playSound } from '../../ui/sounds';
import { showToast } from '../../ui/toaster';

export interface ChatStoreState extends ChatListState {
  /** Whether the channel list has been loaded since the connection went online. */
  loaded: boolean;
}

export type ChatConnectionRef = ActorRefFrom<typeof chatConnectionMachine>;

export interface ChatStore {
  getState(): ChatStoreState;
  subscribe(listener: () => void): () => void;
  /** The signed-in user's chat id (the connection's user). */
  me(): string;
  select(url: string | null): void;
  /** Puts a channel the user created or joined into the list (on top) and makes it current. */
  open(channel: ChatChannel): void;
  /** Drops a channel the user left or declined, selecting the first remaining one if it was current. */
  drop(url: string): void;
  /** Marks the channel read when it has unread messages (and shows it read at once). */
  markRead(url: string): void;
  markDelivered(url: string): void;
  /** A view shows this channel's messages until the returned function is called (no notifications for it meanwhile). */
  showing(url: string): () => void;
  /** The share of a channel's list item in view (the list's IntersectionObserver), for polling. */
  reportVisibility(url: string, ratio: number): void;
}

export interface ChatStoreOptions {
  timers?: Timers;
  /** Whether incoming-message notifications show the text (the user's message_previews preference). */
  previews?: () => boolean;
}

/** What a notification shows of a message when previews are on. */
const previewOf = (message: ChatMessage) => (message.messageType === 'file' ? (message.file?.name ?? '') : message.message);

/** A message from someone else in a chat not on screen: a notification, with its text only if the user wants previews. */
function notifyIncoming(message: ChatMessage, previews: boolean): void {
  void showToast({
    group: 'notification',
    severity: 'info',
    summary: `New message from ${message.sender?.nickname ?? 'chat'}`,
    ...(previews && { detail: previewOf(message) }),
  });
}

export function createChatStore(client: ChatClient, connection: ChatConnectionRef, options: ChatStoreOptions = {}): ChatStore {
  const timers = options.timers ?? systemTimers;
  const previews = options.previews ?? (() => true);
  let state: ChatStoreState = { channels: [], current: null, loaded: false };
  // Channels on screen now: the current one stays current on other pages, where it is not seen.
  const shown = new Map<string, number>();
  const listeners = new Set<() => void>();
  const receipts = createReceipts({
    client,
    timers,
    isComplianceRoute: () => window.location.pathname.startsWith(COMPLIANCE_ROUTE_PREFIX),
  });
  let stop: (() => void) | null = null;
  const me = () => connection.getSnapshot().context.userId ?? '';

  const set = (next: Partial<ChatStoreState>) => {
    state = { ...state, ...next };
    for (const listener of [...listeners]) listener();
  };
  const refresh = (url: string) => {
    client.getChannel(url).then(
      (channel) => {
        // The channel on screen is being read: its count stays at zero.
        const listed = shown.has(channel.url) && channel.myMemberState === 'joined' ? { ...channel, unreadMessageCount: 0 } : channel;
        set({ channels: insertChannel(state.channels, listed, me()) });
      },
      // A channel I may no longer read (left, banned, declined) leaves the list.
      () => set(removeAndSelect(state.channels, url, state.current)),
    );
  };
  const onEvent = (event: ChatEvent) => {
    if (!state.loaded) return;
    const { state: next, effects } = applyChatEvent(state, event, me(), (url) => shown.has(url));
    set(next);
    for (const url of effects.refresh) refresh(url);
    if (effects.leave) void client.leave(effects.leave).catch(() => undefined);
    if (effects.sound) playSound(effects.sound === 'buzz' ? 'buzz' : 'notification');
    if (event.type === 'message.received' && event.message.sender !== null && event.message.sender.userId !== me()) {
      receipts.markDelivered(event.channelUrl);
      if (!shown.has(event.channelUrl) && event.message.messageType !== 'admin') notifyIncoming(event.message, previews());
      // A message from someone else in the channel on screen is read there; on another page it stays unread.
      if (shown.has(event.channelUrl)) void client.markRead(event.channelUrl).catch(() => undefined);
    }
  };
  const load = () => {
    client.listChannels().then(
      (channels) => {
        const current = state.current && channels.some((c) => c.url === state.current) ? state.current : null;
        set({ channels, current, loaded: true });
      },
      () => set({ loaded: true }),
    );
  };

  let polling: ReturnType<typeof createChannelPolling> | null = null;
  const startPolling = () =>
    createChannelPolling({
      timers,
      isDirect: (url) => state.channels.some((c) => c.url === url && c.customType === 'direct'),
      refresh: async (url) => refresh(url),
    });
  const start = () => {
    const stopEvents = client.subscribe(onEvent);
    let online = false;
    const follow = (snapshot: ReturnType<ChatConnectionRef['getSnapshot']>) => {
      const now = snapshot.hasTag('online');
      if (now && !online) {
        load();
        polling ??= startPolling();
      }
      // What the list reported stays known across a reconnect; polling ends only when chat does.
      // Signed out or session ended: nothing of the last user's chat stays on screen.
      if (snapshot.hasTag('ended') || snapshot.hasTag('stopped')) {
        polling?.stop();
        polling = null;
        if (state.loaded) set({ channels: [], current: null, loaded: false });
      }
      online = now;
    };
    follow(connection.getSnapshot());
    const subscription = connection.subscribe(follow);
    return () => {
      stopEvents();
      subscription.unsubscribe();
      receipts.stop();
      polling?.stop();
      polling = null;
    };
  };

  const store: ChatStore = {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      stop ??= start();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          stop?.();
          stop = null;
        }
      };
    },
    me,
    select(url) {
      set({ current: url });
    },
    open(channel) {
      set({ channels: insertChannel(state.channels, channel, me()), current: channel.url });
    },
    drop(url) {
      set(removeAndSelect(state.channels, url, state.current));
    },
    markRead(url) {
      const channel = state.channels.find((c) => c.url === url);
      if (!channel || channel.myMemberState !== 'joined') return;
      receipts.markRead(channel).then(
        (marked) => {
          const now = state.channels.find((c) => c.url === url);
          if (marked && now) set({ channels: updateChannel(state.channels, { ...now, unreadMessageCount: 0 }) });
        },
        () => undefined,
      );
    },
    markDelivered: (url) => receipts.markDelivered(url),
    showing(url) {
      shown.set(url, (shown.get(url) ?? 0) + 1);
      return () => {
        const left = (shown.get(url) ?? 1) - 1;
        if (left > 0) shown.set(url, left);
        else shown.delete(url);
      };
    },
    reportVisibility(url, ratio) {
      polling?.reportVisibility(url, ratio);
    },
  };
  return store;
}

const stores = new WeakMap<ChatClient, ChatStore>();

/** The one store of a chat client. */
export function chatStoreOf(client: ChatClient, connection: ChatConnectionRef, options: ChatStoreOptions = {}): ChatStore {
  let store = stores.get(client);
  if (!store) {
    store = createChatStore(client, connection, options);
    stores.set(client, store);
  }
  return store;
}
