/**
 * The open channel: its header (name, members with operators marked and, for operators, a member
 * menu to ban — asked first —, mute or make operator; the chat's actions menu), its messages inside
 * the buzz frame (a buzz shakes it for 2 s), and the composer. Live messages of the channel append;
 * my sends append once (request id); my own messages can be deleted. Newer pages load when the
 * connection comes back (messages sent meanwhile) and when scrolled to the bottom while more wait.
 */
import { Alert, Button, Menu, MenuItem, Popover, Tag } from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useState, type JSX } from 'react';
import { BUZZ_DATA, type ChatChannel, type ChatMember, type ChatMessage } from '../../../shared/contracts/chat';
import { useBrand } from '../../app/appConfig';
import { appendMessage, createMessageLoader, deleteMessage, updateMessage, type MessageListState } from '../../chat/messageList';
import { channelDisplayName, memberDisplayName } from '../../chat/people';
import { BuzzFrame } from '../../ui/BuzzFrame';
import { ChannelActions } from './ChannelActions';
import { useChat, useViewer } from './chatContext';
import { useChatAction } from './chatErrors';
import { Composer } from './Composer';
import { MessageList } from './MessageList';

/** Mounted per channel (keyed by its url): a new channel starts from its own cache. */
export function ChannelView({ channel }: { channel: ChatChannel }) {
  const { client, store } = useChat();
  const loader = useMemo(() => createMessageLoader(client, channel.url), [client, channel.url]);
  const [state, setState] = useState<MessageListState>(loader.state);
  const joined = channel.myMemberState === 'joined';

  useEffect(() => {
    if (!joined) return undefined;
    let live = true;
    const show = (next: MessageListState | null) => {
      if (live && next) setState(next);
    };
    const stop = client.subscribe((event) => {
      // Back online: what was sent while the connection was down comes as the newer pages.
      if (event.type === 'connection.reconnectSucceeded') {
        (loader.state.messages.length > 0 ? loader.loadNewer() : loader.open()).then(show, () => undefined);
        return;
      }
      if (!('channelUrl' in event) || event.channelUrl !== channel.url) return;
      if (event.type === 'message.received') show(loader.apply((s) => appendMessage(s, event.message)));
      else if (event.type === 'message.updated') show(loader.apply((s) => updateMessage(s, event.message)));
      else if (event.type === 'message.deleted') show(loader.apply((s) => deleteMessage(s, event.messageId)));
    });
    loader.open().then(show, () => undefined);
    store.markRead(channel.url);
    const hidden = store.showing(channel.url);
    return () => {
      live = false;
      stop();
      hidden();
    };
  }, [client, store, loader, channel.url, joined]);

  const loadOlder = useCallback(() => {
    loader.loadOlder().then(
      (next) => {
        if (next) setState(next);
      },
      () => undefined,
    );
  }, [loader]);
  const loadNewer = useCallback(() => {
    loader.loadNewer().then(
      (next) => {
        if (next) setState(next);
      },
      () => undefined,
    );
  }, [loader]);
  const sent = useCallback((message: ChatMessage) => setState(loader.apply((s) => appendMessage(s, message))), [loader]);
  const run = useChatAction();
  const remove = useCallback(
    (message: ChatMessage) =>
      run(async () => {
        await client.deleteMessage(channel.url, message.messageId);
        setState(loader.apply((s) => deleteMessage(s, message.messageId)));
      }),
    [client, channel.url, loader, run],
  );
  const lastBuzz = [...state.messages].reverse().find((m) => m.data === BUZZ_DATA)?.messageId ?? null;

  return (
    <section className="kosh-chat-channel" aria-label="Chat">
      <ChannelHeader channel={channel} />
      {joined ? (
        <>
          <BuzzFrame lastBuzzId={lastBuzz}>
            <MessageList channel={channel} state={state} onNearTop={loadOlder} onNearBottom={loadNewer} onDelete={remove} />
          </BuzzFrame>
          <Composer channelUrl={channel.url} onSent={sent} disabled={channel.isMutedByMe} />
        </>
      ) : (
        <p className="kosh-chat-empty">Accept the invitation to read and send messages.</p>
      )}
    </section>
  );
}

function ChannelHeader({ channel }: { channel: ChatChannel }) {
  const { client, store } = useChat();
  const viewer = useViewer();
  const brand = useBrand();
  const run = useChatAction();
  const operator = channel.myRole === 'operator';
  const name = channelDisplayName(channel, viewer, brand) ?? '';
  const act = (operation: () => Promise<unknown>) =>
    run(async () => {
      await operation();
      store.open(await client.getChannel(channel.url));
    });
  return (
    <header className="kosh-chat-channel__head">
      <div>
        <h3 className="kosh-chat-channel__name">{name}</h3>
        <ul className="kosh-chat-members" aria-label="Members">
          {channel.members.map((member) => (
            <li key={member.userId}>
              <MemberChip
                member={member}
                name={memberDisplayName(channel, member, viewer, brand)}
                menu={
                  operator && member.userId !== viewer.userId && channel.customType !== 'direct' ? (
                    <MemberMenu member={member} onAct={act} channelUrl={channel.url} />
                  ) : null
                }
              />
            </li>
          ))}
        </ul>
      </div>
      <ChannelActions channel={channel} name={name} />
    </header>
  );
}

function MemberChip({ member, name, menu }: { member: ChatMember; name: string; menu: JSX.Element | null }) {
  const label = (
    <span className="kosh-chat-member">
      <span className={`kosh-chat-member__dot kosh-chat-member__dot--${member.connectionStatus}`} aria-hidden />
      {name}
      {member.role === 'operator' && (
        <Tag minimal round className="kosh-chat-member__op">
          operator
        </Tag>
      )}
      {member.isMuted && (
        <Tag minimal round>
          muted
        </Tag>
      )}
      {member.state === 'invited' && (
        <Tag minimal round>
          invited
        </Tag>
      )}
    </span>
  );
  if (!menu) return label;
  return (
    <Popover content={menu} placement="bottom-start">
      <Button variant="minimal" size="small" aria-label={`Member ${name}`}>
        {label}
      </Button>
    </Popover>
  );
}

function MemberMenu({
  member,
  channelUrl,
  onAct,
}: {
  member: ChatMember;
  channelUrl: string;
  onAct: (operation: () => Promise<unknown>) => void;
}) {
  const { client } = useChat();
  const [banning, setBanning] = useState(false);
  return (
    <Menu>
      <MenuItem text="Ban" icon="disable" intent="danger" shouldDismissPopover={false} onClick={() => setBanning(true)} />
      <Alert
        isOpen={banning}
        intent="danger"
        icon="disable"
        confirmButtonText="Ban"
        cancelButtonText="Cancel"
        canEscapeKeyCancel
        onCancel={() => setBanning(false)}
        onConfirm={() => {
          setBanning(false);
          onAct(() => client.ban(channelUrl, member.userId));
        }}
      >
        <p>Ban {member.nickname}? They leave the chat and cannot come back until an admin unbans them.</p>
      </Alert>
      {member.isMuted ? (
        <MenuItem text="Unmute" icon="volume-up" onClick={() => onAct(() => client.unmute(channelUrl, member.userId))} />
      ) : (
        <MenuItem text="Mute" icon="volume-off" onClick={() => onAct(() => client.mute(channelUrl, member.userId))} />
      )}
      {member.role !== 'operator' && (
        <MenuItem text="Make operator" icon="crown" onClick={() => onAct(() => client.addOperators(channelUrl, [member.userId]))} />
      )}
    </Menu>
  );
}
