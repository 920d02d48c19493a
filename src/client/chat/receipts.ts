/**
 * Read and delivered marking (spec 02 §4, §9): a channel is marked read only when it has unread
 * messages; delivered marking is skipped on the compliance route and throttled to one call a
 * second per channel (the first at once, the rest of the second folded into one at its end), on
 * the injected timers.
 */
import { CHAT_LIMITS, type ChatChannel } from '../../shared/contracts/chat';
import type { Timers } from '../../shared/timers';
import type { ChatClient } from './chatClient';

/** The compliance officer's chat route: reading there must not tell the sender it was delivered. */
export const COMPLIANCE_ROUTE_PREFIX = '/compliance';

export function createReceipts(deps: {
  client: Pick<ChatClient, 'markRead' | 'markDelivered'>;
  timers: Timers;
  isComplianceRoute: () => boolean;
}) {
  const windows = new Map<string, { pending: boolean; cancel: () => void }>();
  const closeWindow = (url: string) => {
    const open = windows.get(url);
    windows.delete(url);
    if (open?.pending) deliver(url);
  };
  function deliver(url: string) {
    windows.set(url, { pending: false, cancel: deps.timers.after(CHAT_LIMITS.deliveryThrottleMs, () => closeWindow(url)) });
    void deps.client.markDelivered(url).catch(() => undefined);
  }
  return {
    /** Marks the channel read if it has unread messages; resolves whether it did. */
    async markRead(channel: Pick<ChatChannel, 'url' | 'unreadMessageCount'>): Promise<boolean> {
      if (channel.unreadMessageCount <= 0) return false;
      await deps.client.markRead(channel.url);
      return true;
    },
    /** Marks the channel delivered, at most once a second (the last ask within it is kept). */
    markDelivered(url: string): void {
      if (deps.isComplianceRoute()) return;
      const open = windows.get(url);
      if (open) open.pending = true;
      else deliver(url);
    },
    stop() {
      for (const open of windows.values()) open.cancel();
      windows.clear();
    },
  };
}
