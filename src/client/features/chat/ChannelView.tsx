/**
 * The open channel: its header (name, members with operators marked and, for operators, a member
 * menu to ban — asked first —, mute or make operator; the chat's actions menu), its messages inside
 * the buzz frame (a buzz shakes it for 2 s), and the composer. Live messages of the channel append;
 * my sends append once (request id); my own messages can be deleted. Newer pages load when the
 * connection comes back (messages sent meanwhile) and when scrolled to the bottom while more wait.
 */
import { Alert, Button, Callout, Menu, MenuItem, Popover, Tag } from '@blueprintjs/core';
import { useInfiniteQuery, useQueryClient, type UseInfiniteQueryResult } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, type JSX } from 'react';
import { BUZZ_DATA, CHAT_MESSAGES, type ChatChannel, type ChatMember, type ChatMessage } from '../../../shared/contracts/chat';
import { useBrand } from '../../app/appConfig';
import {
  channelMessagesOptions,
  chatMessageKeys,
  messagesOf,
  withMessage,
  withoutMessage,
  withUpdate,
  type MessagePages,
} from '../../chat/messageList';
import { channelDisplayName, memberDisplayName } from '../../chat/people';
import { BuzzFrame } from '../../ui/BuzzFrame';
import { ChannelActions } from './ChannelActions';
import { useChat, useViewer } from './chatContext';
import { useChatAction } from './chatErrors';
import { Composer } from './Composer';
import { MessageList } from './MessageList';

/** Mounted per channel (keyed by its url): its pages come from the query cache, then the server. */
export function ChannelView({ channel }: { channel: ChatChannel }) {
  const { client, store } = useChat();
  const queryClient = useQueryClient();
  const joined = channel.myMemberState === 'joined';
  const pages = useInfiniteQuery(channelMessagesOptions(client, channel.url, joined));
  const messages = useMemo(() => messagesOf(pages.data), [pages.data]);
  const { refetch, fetchNextPage, hasNextPage, isFetchingNextPage } = pages;
  const change = useCallback(
    (edit: (data: MessagePages | undefined) => MessagePages | undefined) =>
      queryClient.setQueryData<MessagePages>(chatMessageKeys.channel(channel.url), edit),
    [queryClient, channel.url],
  );

  useEffect(() => {
    if (!joined) return undefined;
    const stop = client.subscribe((event) => {
      // Back online: the newest pages again, with what was sent while the connection was down.
      if (event.type === 'connection.reconnectSucceeded') {
        void refetch({ cancelRefetch: false });
        return;
      }
      if (!('channelUrl' in event) || event.channelUrl !== channel.url) return;
      if (event.type === 'message.received') change((data) => withMessage(data, event.message));
      else if (event.type === 'message.updated') change((data) => withUpdate(data, event.message));
      else if (event.type === 'message.deleted') change((data) => withoutMessage(data, event.messageId));
    });
    store.markRead(channel.url);
    const hidden = store.showing(channel.url);
    return () => {
      stop();
      hidden();
    };
  }, [client, store, channel.url, joined, refetch, change]);

  const loadOlder = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [fetchNextPage, hasNextPage, isFetchingNextPage]);
  const sent = useCallback((message: ChatMessage) => change((data) => withMessage(data, message)), [change]);
  const run = useChatAction();
  const remove = useCallback(
    (message: ChatMessage) =>
      run(async () => {
        await client.deleteMessage(channel.url, message.messageId);
        change((data) => withoutMessage(data, message.messageId));
      }),
    [client, channel.url, change, run],
  );
  const lastBuzz = [...messages].reverse().find((m) => m.data === BUZZ_DATA)?.messageId ?? null;

  return (
    <section className="kosh-chat-channel" aria-label="Chat">
      <ChannelHeader channel={channel} />
      {joined ? (
        <>
          <MessagesLoadError pages={pages} />
          <BuzzFrame lastBuzzId={lastBuzz}>
            <MessageList channel={channel} messages={messages} hasOlder={hasNextPage} onNearTop={loadOlder} onDelete={remove} />
          </BuzzFrame>
          <Composer channelUrl={channel.url} onSent={sent} disabled={channel.isMutedByMe} />
        </>
      ) : (
        <p className="kosh-chat-empty">Accept the invitation to read and send messages.</p>
      )}
    </section>
  );
}

/** A page that failed to load says so, with a retry: the first page, an older one, or the catch-up after a reconnect. */
function MessagesLoadError({ pages }: { pages: UseInfiniteQueryResult<MessagePages> }) {
  if (!pages.isError) return null;
  const older = pages.isFetchNextPageError;
  const retry = () => void (older ? pages.fetchNextPage() : pages.refetch());
  return (
    <Callout intent="warning" compact className="kosh-chat-load-error" role="alert">
      {older ? CHAT_MESSAGES.olderMessagesFailed : CHAT_MESSAGES.messagesFailed}{' '}
      <Button size="small" variant="minimal" intent="primary" onClick={retry} loading={pages.isFetching}>
        Retry
      </Button>
    </Callout>
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
