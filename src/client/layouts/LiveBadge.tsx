/**
 * The live feed's state on every dart page: Live, Connecting…, Reconnecting in N s (counting down
 * each second of the machine's wait), or Offline.
 */
import { Intent, Tag } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useSystem } from '../app/system';

export const LIVE_BADGE_TEXT = {
  live: 'Live',
  connecting: 'Connecting…',
  reconnecting: (seconds: number) => `Reconnecting in ${seconds} s`,
  offline: 'Offline',
} as const;

export function LiveBadge() {
  const { liveFeed } = useSystem();
  const state = useSelector(
    liveFeed,
    (s) => (['live', 'offline', 'reconnecting', 'connecting'] as const).find((tag) => s.hasTag(tag)) ?? null,
  );
  const remainingMs = useSelector(liveFeed, (s) => s.context.remainingMs);
  if (!state) return null;
  const [intent, text]: [Intent, string] = (
    {
      live: [Intent.SUCCESS, LIVE_BADGE_TEXT.live],
      connecting: [Intent.NONE, LIVE_BADGE_TEXT.connecting],
      reconnecting: [Intent.WARNING, LIVE_BADGE_TEXT.reconnecting(Math.ceil((remainingMs ?? 0) / 1000))],
      offline: [Intent.DANGER, LIVE_BADGE_TEXT.offline],
    } satisfies Record<typeof state, [Intent, string]>
  )[state];
  return (
    <Tag className="kosh-live-badge" data-testid="live-badge" data-live={state} intent={intent} minimal round role="status">
      {text}
    </Tag>
  );
}
