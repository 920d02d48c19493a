/**
 * The channel list: sorted and filtered by the stores, unread badges, invitations with Accept /
 * Decline. Each item tells the store how much of it is in view, so the visible direct chats are
 * the ones polled (spec 02 §4 Polling).
 */
import { Button, Tag } from '@blueprintjs/core';
import { useCallback, useEffect, useMemo } from 'react';
import { CHAT_LIMITS, type ChatChannel } from '../../../shared/contracts/chat';
import { useBrand } from '../../app/appConfig';
import { channelDisplayName } from '../../chat/people';
import { useChat, useChatState, useViewer, useVisibleChannels } from './chatContext';
import { useChatAction } from './chatErrors';

const TYPE_LABELS: Record<string, string> = {
  direct: 'Direct',
  group: 'Group',
  trading_group: 'Trading group',
  broadcast: 'Broadcast',
  '': 'Group',
};

/** A ref for each item that reports its visible share to `report` (nothing where the browser has no IntersectionObserver). */
function useVisibilityReports(report: (url: string, ratio: number) => void) {
  const observer = useMemo(
    () =>
      typeof IntersectionObserver === 'undefined'
        ? null
        : new IntersectionObserver(
            (entries) => {
              for (const entry of entries) report((entry.target as HTMLElement).dataset.channelUrl ?? '', entry.intersectionRatio);
            },
            { threshold: [0, CHAT_LIMITS.visibilityThreshold, 0.5, 1] },
          ),
    [report],
  );
  useEffect(() => () => observer?.disconnect(), [observer]);
  return useCallback(
    (element: HTMLElement | null) => {
      if (!element || !observer) return undefined;
      observer.observe(element);
      const url = element.dataset.channelUrl ?? '';
      return () => {
        observer.unobserve(element);
        report(url, 0);
      };
    },
    [observer, report],
  );
}

export function ChannelList() {
  const channels = useVisibleChannels();
  const { current } = useChatState();
  const { store, client } = useChat();
  const viewer = useViewer();
  const brand = useBrand();
  const run = useChatAction();
  const observe = useVisibilityReports(store.reportVisibility);
  const accept = (channel: ChatChannel) => run(async () => store.open(await client.acceptInvitation(channel.url)));
  const decline = (channel: ChatChannel) =>
    run(async () => {
      await client.declineInvitation(channel.url);
      store.drop(channel.url);
    });
  return (
    <ul className="kosh-chat-list" aria-label="Chats">
      {channels.map((channel) => {
        const name = channelDisplayName(channel, viewer, brand) ?? '';
        const invited = channel.myMemberState === 'invited';
        return (
          <li
            key={channel.url}
            ref={observe}
            data-channel-url={channel.url}
            className={`kosh-chat-list__item${channel.url === current ? ' kosh-chat-list__item--current' : ''}`}
          >
            <button
              type="button"
              className="kosh-chat-list__open"
              aria-current={channel.url === current ? 'true' : undefined}
              onClick={() => store.select(channel.url)}
            >
              <span className="kosh-chat-list__name">{name}</span>
              <span className="kosh-chat-list__meta">
                {TYPE_LABELS[channel.customType]}
                {channel.lastMessage &&
                  ` · ${channel.lastMessage.messageType === 'file' ? (channel.lastMessage.file?.name ?? '') : channel.lastMessage.message}`}
              </span>
            </button>
            {channel.unreadMessageCount > 0 && (
              <Tag round intent="primary" aria-label={`${channel.unreadMessageCount} unread`}>
                {channel.unreadMessageCount}
              </Tag>
            )}
            {invited && (
              <span className="kosh-chat-list__invite">
                <Button size="small" intent="primary" text="Accept" onClick={() => accept(channel)} />
                <Button size="small" variant="outlined" text="Decline" onClick={() => decline(channel)} />
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
