/**
 * The composer: Enter sends, Shift+Enter is a new line; a file is checked against the server's
 * limits (size, type) before anything is sent, and refused with the server's own text; Buzz sends
 * a buzz. Focused when a channel opens.
 */
import { Button, TextArea } from '@blueprintjs/core';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { BUZZ_DATA, CHAT_FILE_TYPES, CHAT_LIMITS, CHAT_MESSAGES, type ChatMessage } from '../../../shared/contracts/chat';
import { useChat } from './chatContext';
import { useChatAction } from './chatErrors';

const newReqId = () => crypto.randomUUID();

/** Why a file cannot be sent, or null. */
export function fileProblem(file: File): string | null {
  if (file.size > CHAT_LIMITS.fileMaxBytes) return CHAT_MESSAGES.fileTooLarge;
  if (!(CHAT_FILE_TYPES as readonly string[]).includes(file.type)) return CHAT_MESSAGES.fileType;
  return null;
}

export function Composer({
  channelUrl,
  onSent,
  disabled,
}: {
  channelUrl: string;
  onSent: (message: ChatMessage) => void;
  disabled: boolean;
}) {
  const { client } = useChat();
  const run = useChatAction();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  // The composer mounts with its channel: focus it when the channel opens.
  useEffect(() => {
    input.current?.focus();
  }, [channelUrl]);

  const send = async (operation: () => Promise<ChatMessage>) => {
    setSending(true);
    const ok = await run(async () => onSent(await operation()));
    setSending(false);
    return ok;
  };
  const sendText = async () => {
    const message = text.trim();
    if (!message || sending) return;
    // One request id per message: a retry or the live echo replaces it rather than adding another.
    const reqId = newReqId();
    if (await send(() => client.sendUserMessage(channelUrl, { reqId, message }))) setText('');
    input.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void sendText();
    }
  };
  const onFile = (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    const problem = fileProblem(file);
    setError(problem);
    if (problem) return;
    void send(() => client.sendFileMessage(channelUrl, { reqId: newReqId(), file, fileName: file.name, mimeType: file.type }));
  };
  const buzz = () => void send(() => client.sendUserMessage(channelUrl, { reqId: newReqId(), message: 'Buzz!', data: BUZZ_DATA }));

  return (
    <div className="kosh-chat-composer">
      {error && (
        <p className="kosh-chat-composer__error" role="alert">
          {error}
        </p>
      )}
      {disabled && (
        <p className="kosh-chat-composer__error" role="status">
          {CHAT_MESSAGES.muted}
        </p>
      )}
      <div className="kosh-chat-composer__row">
        <TextArea
          inputRef={input}
          aria-label="Message"
          placeholder="Type a message"
          value={text}
          fill
          autoResize
          maxLength={CHAT_LIMITS.messageMaxChars}
          disabled={disabled}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <input
          ref={fileInput}
          type="file"
          hidden
          aria-label="File to send"
          accept={CHAT_FILE_TYPES.join(',')}
          onChange={(e) => onFile(e.target.files?.[0])}
        />
        <Button
          icon="paperclip"
          aria-label="Attach file"
          variant="minimal"
          disabled={disabled}
          onClick={() => fileInput.current?.click()}
        />
        <Button icon="notifications" text="Buzz" variant="outlined" disabled={disabled || sending} onClick={buzz} />
        <Button
          icon="send-message"
          intent="primary"
          text="Send"
          disabled={disabled || sending || !text.trim()}
          onClick={() => void sendText()}
        />
      </div>
    </div>
  );
}
