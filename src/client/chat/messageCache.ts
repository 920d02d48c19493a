/**
 * The newest page of each channel's messages, kept in memory so a channel opens at once from
 * cache before the server answers (spec 02 §4 Messages). Cleared with the chat session's data.
 */
import type { ChatMessage } from '../../shared/contracts/chat';

export interface MessageCache {
  get(channelUrl: string): ChatMessage[];
  put(channelUrl: string, messages: ChatMessage[]): void;
  clear(): void;
}

export function createMessageCache(): MessageCache {
  const pages = new Map<string, ChatMessage[]>();
  return {
    get: (channelUrl) => pages.get(channelUrl) ?? [],
    put: (channelUrl, messages) => {
      pages.set(channelUrl, messages);
    },
    clear: () => pages.clear(),
  };
}
