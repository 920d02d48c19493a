/** The unread chat messages beside the header's Chat link. */
import { Tag } from '@blueprintjs/core';
import { useUnreadTotal } from './chatContext';

export function ChatUnreadBadge() {
  const unread = useUnreadTotal();
  if (unread === 0) return null;
  return (
    <Tag
      round
      minimal
      intent="primary"
      className="kosh-chat-unread"
      data-testid="chat-unread"
      aria-label={`${unread} unread chat messages`}
    >
      {unread}
    </Tag>
  );
}
