/**
 * Channel polling (spec 02 §4 Polling, §9): every 10 minutes the direct channels at least 10 %
 * visible in the list are refreshed, 5 at a time with a minute between batches, on the injected
 * timers. The list reports each item's visible ratio (an IntersectionObserver in the view).
 */
import { CHAT_LIMITS } from '../../shared/contracts/chat';
import type { Timers } from '../../shared/timers';

export interface ChannelPollingDeps {
  timers: Timers;
  /** Whether a listed channel is a direct chat (only those are polled). */
  isDirect: (url: string) => boolean;
  /** ChatClient.getChannel, whose answer the caller puts into the list. */
  refresh: (url: string) => Promise<unknown>;
}

export function createChannelPolling(deps: ChannelPollingDeps) {
  const ratios = new Map<string, number>();
  let pending: (() => void)[] = [];
  const visibleDirect = () =>
    [...ratios].filter(([url, ratio]) => ratio >= CHAT_LIMITS.visibilityThreshold && deps.isDirect(url)).map(([url]) => url);

  function poll() {
    for (const cancel of pending) cancel();
    const urls = visibleDirect();
    pending = [];
    for (let start = 0, batch = 0; start < urls.length; start += CHAT_LIMITS.channelPollBatch, batch += 1) {
      const urlsOfBatch = urls.slice(start, start + CHAT_LIMITS.channelPollBatch);
      const run = () => {
        for (const url of urlsOfBatch) void deps.refresh(url).catch(() => undefined);
      };
      if (batch === 0) run();
      else pending.push(deps.timers.after(batch * CHAT_LIMITS.channelPollPauseMs, run));
    }
  }

  const stopEvery = deps.timers.every(CHAT_LIMITS.channelPollMs, poll);
  return {
    /** The share of a channel's list item now in view (0 when it left, or was removed). */
    reportVisibility(url: string, ratio: number) {
      if (ratio <= 0) ratios.delete(url);
      else ratios.set(url, ratio);
    },
    stop() {
      stopEvery();
      for (const cancel of pending) cancel();
      pending = [];
    },
  };
}
