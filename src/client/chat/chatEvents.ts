/**
 * What a chat event does to the channel list and the current channel (spec 02 §4): channel
 * changes and deletes, declined invitations (a direct chat I declined is removed, the first
 * remaining one selected and left), bans (of me: the first other channel is selected; of someone
 * else in the current channel: they leave its members), mutes (the current channel is refreshed),
 * incoming messages (a sound for others' messages, another for a buzz). Pure: the caller performs
 * the effects it returns.
 */
import { BUZZ_DATA, type ChatChannel } from '../../shared/contracts/chat';
import type { ChatEvent } from './chatClient';
import { insertChannel, removeAndSelect, updateChannel } from './channelList';

export interface ChatListState {
  channels: ChatChannel[];
  current: string | null;
}
export interface ChatEffects {
  /** Channels to refetch (ChatClient.getChannel) and put back with a `channel.changed`. */
  refresh: string[];
  /** A channel to leave. */
  leave: string | null;
  sound: 'message' | 'buzz' | null;
}

const none = (): ChatEffects => ({ refresh: [], leave: null, sound: null });

/**
 * `reading` says whether the user has a channel on screen now: a message there is read as it
 * arrives; anywhere else (another page, the current chat of a closed panel) it counts as unread.
 */
export function applyChatEvent(
  state: ChatListState,
  event: ChatEvent,
  me: string,
  reading: (url: string) => boolean = (url) => url === state.current,
): { state: ChatListState; effects: ChatEffects } {
  const effects = none();
  const listed = (url: string) => state.channels.find((c) => c.url === url);
  switch (event.type) {
    case 'channel.changed':
      if (event.channel) return { state: { ...state, channels: insertChannel(state.channels, event.channel, me) }, effects };
      return { state, effects: { ...effects, refresh: [event.channelUrl] } };
    case 'channel.deleted':
      return { state: removeAndSelect(state.channels, event.channelUrl, state.current), effects };
    case 'message.received': {
      const fromOther = event.message.sender !== null && event.message.sender.userId !== me;
      const sound = fromOther ? (event.message.data === BUZZ_DATA ? 'buzz' : 'message') : null;
      const channel = listed(event.channelUrl);
      // The list shows the message at once; the refetch brings the server's order data and counts.
      const unread = fromOther && !reading(event.channelUrl) ? 1 : 0;
      const channels = channel
        ? updateChannel(state.channels, { ...channel, lastMessage: event.message, unreadMessageCount: channel.unreadMessageCount + unread })
        : state.channels;
      return { state: { ...state, channels }, effects: { ...effects, sound, refresh: [event.channelUrl] } };
    }
    case 'membership.changed':
      return membership(state, event, me);
    default:
      return { state, effects };
  }
}

function membership(state: ChatListState, event: Extract<ChatEvent, { type: 'membership.changed' }>, me: string) {
  const effects = none();
  const channel = state.channels.find((c) => c.url === event.channelUrl);
  const aboutMe = event.userId === me;
  switch (event.action) {
    case 'declined':
      if (aboutMe && channel?.customType === 'direct') {
        return {
          state: removeAndSelect(state.channels, event.channelUrl, state.current),
          effects: { ...effects, leave: event.channelUrl },
        };
      }
      break;
    case 'user_banned':
      if (aboutMe) return { state: removeAndSelect(state.channels, event.channelUrl, state.current), effects };
      if (channel && event.channelUrl === state.current) {
        const members = channel.members.filter((m) => m.userId !== event.userId);
        return {
          state: { ...state, channels: updateChannel(state.channels, { ...channel, members, memberCount: members.length }) },
          effects,
        };
      }
      return { state, effects };
    case 'user_muted':
    case 'user_unmuted':
      return { state, effects: { ...effects, refresh: event.channelUrl === state.current ? [event.channelUrl] : [] } };
    default:
      break;
  }
  return { state, effects: { ...effects, refresh: [event.channelUrl] } };
}
