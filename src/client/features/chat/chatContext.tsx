/** The chat client, connection and store the chat views use: the system's, or a test's. */
import { useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useBrand } from '../../app/appConfig';
import { useSessionProfile } from '../../app/sessionView';
import { useSystem } from '../../app/system';
import type { ChatClient } from '../../chat/chatClient';
import { sortChannels, totalUnread, visibleChannels } from '../../chat/channelList';
import type { Viewer } from '../../chat/people';
import { previewsOf } from './chatPreferences';
import { chatStoreOf, type ChatConnectionRef, type ChatStore } from './chatStore';

export interface ChatDeps {
  client: ChatClient;
  connection: ChatConnectionRef;
  store: ChatStore;
}

const ChatContext = createContext<ChatDeps | null>(null);

/** Gives the views below a chat of their own (tests); without it they use the system's. */
export function ChatProvider({ value, children }: { value: ChatDeps; children: ReactNode }) {
  return <ChatContext.Provider value={value}>{children}</ChatContext.Provider>;
}

export function useChat(): ChatDeps {
  const given = useContext(ChatContext);
  const { chat } = useSystem();
  const queryClient = useQueryClient();
  return useMemo(
    () => given ?? { ...chat, store: chatStoreOf(chat.client, chat.connection, { previews: previewsOf(queryClient) }) },
    [given, chat, queryClient],
  );
}

export function useChatState() {
  const { store } = useChat();
  return useSyncExternalStore(store.subscribe, store.getState);
}

/** The connection as the views show it: online, offline, connecting, terms required or off (signed out). */
export function useConnectionStatus(): 'online' | 'offline' | 'connecting' | 'termsRequired' | 'off' {
  const { connection } = useChat();
  return useSelector(connection, (s) => {
    for (const tag of ['online', 'offline', 'connecting', 'termsRequired'] as const) if (s.hasTag(tag)) return tag;
    return 'off';
  });
}

/** Who is looking: the chat user, staff when their client is the venue operator (session profile is_staff). */
export function useViewer(): Viewer {
  const { store } = useChat();
  return { userId: store.me(), isStaff: useSessionProfile()?.is_staff ?? false };
}

/** The channels the list shows: filtered (spec 02 §5) and sorted (spec 02 §4). */
export function useVisibleChannels() {
  const { channels } = useChatState();
  const { userId, isStaff } = useViewer();
  const brand = useBrand();
  return useMemo(() => sortChannels(visibleChannels(channels, { userId, isStaff }, brand), userId), [channels, userId, isStaff, brand]);
}

export function useUnreadTotal(): number {
  return totalUnread(useVisibleChannels());
}
