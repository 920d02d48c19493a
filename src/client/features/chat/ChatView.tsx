/**
 * The chat: the full page and the dart layout's Chat panel. Channel list beside the open channel,
 * New chat (direct, group, trading group, broadcast list), chat settings (security preferences),
 * the connection badge (online / offline) from the chatConnection machine, the empty state, and
 * the first-use chat terms dialog while the terms are not accepted (no chat before it).
 */
import { Button, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { ChannelList } from './ChannelList';
import { ChannelView } from './ChannelView';
import { useChatState, useConnectionStatus, useVisibleChannels } from './chatContext';
import { ChatSettingsDialog } from './ChatSettingsDialog';
import { ChatTermsDialog } from './ChatTermsDialog';
import { NewChatDialog } from './NewChatDialog';
import './chat.css';

export const CHAT_EMPTY_TEXT = 'Connect with other members via direct chat, groups, broadcast lists and more';

const BADGES = {
  online: { text: 'Online', intent: 'success' },
  offline: { text: 'Offline', intent: 'warning' },
  connecting: { text: 'Connecting…', intent: 'none' },
  termsRequired: { text: 'Offline', intent: 'none' },
  off: { text: 'Offline', intent: 'none' },
} as const;

export function ChatView({ compact = false }: { compact?: boolean }) {
  const status = useConnectionStatus();
  const { current, loaded } = useChatState();
  const channels = useVisibleChannels();
  const [creating, setCreating] = useState(false);
  const [settings, setSettings] = useState(false);
  const open = channels.find((c) => c.url === current) ?? null;
  const badge = BADGES[status];

  return (
    <div className={`kosh-chat${compact ? ' kosh-chat--compact' : ''}`}>
      <div className="kosh-chat__side">
        <div className="kosh-chat__toolbar">
          <Tag minimal round intent={badge.intent} data-testid="chat-connection" icon={status === 'online' ? 'full-circle' : 'circle'}>
            {badge.text}
          </Tag>
          <span className="kosh-chat__tools">
            <Button
              size="small"
              variant="minimal"
              icon="cog"
              aria-label="Chat settings"
              disabled={status === 'termsRequired' || status === 'off'}
              onClick={() => setSettings(true)}
            />
            <Button size="small" icon="plus" text="New chat" disabled={status !== 'online'} onClick={() => setCreating(true)} />
          </span>
        </div>
        {status === 'connecting' && !loaded && <Spinner size={20} aria-label="Connecting to chat" />}
        <ChannelList />
      </div>
      <div className="kosh-chat__main">
        {open ? (
          <ChannelView key={open.url} channel={open} />
        ) : (
          <NonIdealState
            icon="chat"
            description={CHAT_EMPTY_TEXT}
            action={
              status === 'online' ? <Button intent="primary" icon="plus" text="New chat" onClick={() => setCreating(true)} /> : undefined
            }
          />
        )}
      </div>
      {status === 'termsRequired' && <ChatTermsDialog />}
      <NewChatDialog isOpen={creating} onClose={() => setCreating(false)} />
      {settings && <ChatSettingsDialog onClose={() => setSettings(false)} />}
    </div>
  );
}
