/**
 * One channel's messages (spec 02 §4 Messages): older pages when scrolled to the top; new messages
 * appended, scrolling down when the view was within 20 px of the bottom; updates and deletes; file messages (images and video inline, others as downloads) and
 * admin messages apart. My own messages can be deleted, after a confirmation.
 */
import { Alert, Button } from '@blueprintjs/core';
import { useLayoutEffect, useRef, useState } from 'react';
import { CHAT_LIMITS, type ChatChannel, type ChatMessage } from '../../../shared/contracts/chat';
import { useBrand } from '../../app/appConfig';
import { isNearBottom } from '../../chat/messageList';
import { memberDisplayName } from '../../chat/people';
import { useViewer } from './chatContext';
import { FileMessage } from './FileMessage';

const timeFormat = new Intl.DateTimeFormat('en-IN', { hour: '2-digit', minute: '2-digit', timeZone: 'Asia/Kolkata' });

interface MessageListProps {
  channel: ChatChannel;
  /** Oldest first. */
  messages: ChatMessage[];
  hasOlder: boolean;
  onNearTop: () => void;
  onDelete: (message: ChatMessage) => void;
}

export function MessageList({ channel, messages, hasOlder, onNearTop, onDelete }: MessageListProps) {
  const viewer = useViewer();
  const [deleting, setDeleting] = useState<ChatMessage | null>(null);
  const brand = useBrand();
  const view = useRef<HTMLDivElement>(null);
  // What the view looked like before this render: was it at the bottom, and how tall was it.
  const before = useRef<{ nearBottom: boolean; height: number; first: number | undefined; last: number | undefined }>({
    nearBottom: true,
    height: 0,
    first: undefined,
    last: undefined,
  });

  useLayoutEffect(() => {
    const el = view.current;
    if (!el) return;
    const first = messages[0]?.messageId;
    const last = messages.at(-1);
    const was = before.current;
    if (first !== was.first && last?.messageId === was.last && was.height > 0) {
      // Older messages came in above: keep what the user was reading in place.
      el.scrollTop += el.scrollHeight - was.height;
    } else if (last?.messageId !== was.last && (was.nearBottom || last?.sender?.userId === viewer.userId)) {
      el.scrollTop = el.scrollHeight;
    }
    before.current = { nearBottom: isNearBottom(el), height: el.scrollHeight, first, last: last?.messageId };
  }, [messages, viewer.userId]);

  const onScroll = () => {
    const el = view.current;
    if (!el) return;
    before.current = { ...before.current, nearBottom: isNearBottom(el), height: el.scrollHeight };
    if (el.scrollTop <= CHAT_LIMITS.scrollToBottomPx && hasOlder) onNearTop();
  };

  return (
    <div className="kosh-chat-messages" ref={view} onScroll={onScroll} role="log" aria-label="Messages" aria-live="polite">
      {messages.map((message) => (
        <Message
          key={message.reqId}
          message={message}
          mine={message.sender?.userId === viewer.userId}
          sender={message.sender ? memberDisplayName(channel, message.sender, viewer, brand) : ''}
          onDelete={() => setDeleting(message)}
        />
      ))}
      <Alert
        isOpen={deleting !== null}
        intent="danger"
        icon="trash"
        confirmButtonText="Delete"
        cancelButtonText="Cancel"
        canEscapeKeyCancel
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) onDelete(deleting);
          setDeleting(null);
        }}
      >
        <p>Delete this message? It disappears for everyone in the chat; it is kept for compliance.</p>
      </Alert>
    </div>
  );
}

function Message({ message, mine, sender, onDelete }: { message: ChatMessage; mine: boolean; sender: string; onDelete: () => void }) {
  if (message.messageType === 'admin') return <div className="kosh-chat-msg kosh-chat-msg--admin">{message.message}</div>;
  const buzz = message.data === 'buzz';
  return (
    <div
      className={`kosh-chat-msg${mine ? ' kosh-chat-msg--mine' : ''}${buzz ? ' kosh-chat-msg--buzz' : ''}`}
      data-message-id={message.messageId}
    >
      <div className="kosh-chat-msg__head">
        <span className="kosh-chat-msg__sender">{mine ? 'You' : sender}</span>
        <time dateTime={new Date(message.createdAt).toISOString()}>{timeFormat.format(message.createdAt)}</time>
        {mine && (
          <Button
            className="kosh-chat-msg__delete"
            variant="minimal"
            size="small"
            icon="trash"
            aria-label="Delete message"
            onClick={onDelete}
          />
        )}
      </div>
      {message.messageType === 'file' && message.file ? (
        <FileMessage file={message.file} />
      ) : (
        <div className="kosh-chat-msg__text">{message.message}</div>
      )}
    </div>
  );
}
