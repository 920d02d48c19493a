/**
 * The channel list (spec 02 §4 Channel list, §5 Channel list filtering): pure functions over the
 * contract's channels. Sorted by last message time, newest first: channels I created from a
 * broadcast last, invited ones by invitedAt, ones with no message by createdAt, others by the last
 * direct-message time (`last_direct_message_at`, seconds). New channels go on top (mine from a
 * broadcast to the end), updates replace in place, deletes remove.
 */
import type { ChatChannel } from '../../shared/contracts/chat';
import { channelData } from './channelData';
import { channelDisplayName, type Viewer } from './people';

/** A channel I created from a broadcast (its data names the broadcast). */
export const isMyBroadcastCreated = (channel: ChatChannel, me: string) =>
  channelData(channel).created_from !== undefined && channel.creator?.userId === me;

/** The time a channel sorts by (ms); -Infinity sorts last. */
export function sortTime(channel: ChatChannel, me: string): number {
  if (isMyBroadcastCreated(channel, me)) return -Infinity;
  if (channel.myMemberState === 'invited') return channel.invitedAt ?? channel.createdAt;
  if (!channel.lastMessage) return channel.createdAt;
  const seconds = channelData(channel).last_direct_message_at;
  return typeof seconds === 'number' ? seconds * 1000 : channel.lastMessage.createdAt;
}

/** The channels newest first (a stable sort: equal times keep their order). */
export function sortChannels(channels: readonly ChatChannel[], me: string): ChatChannel[] {
  return channels
    .map((channel, index) => ({ channel, index, time: sortTime(channel, me) }))
    .sort((a, b) => (a.time === b.time ? a.index - b.index : b.time - a.time))
    .map((entry) => entry.channel);
}

/** The four filtering rules of spec 02 §5: duplicates, direct chats with a user not onboarded, no display name, others' broadcasts. */
export function visibleChannels(channels: readonly ChatChannel[], viewer: Viewer, brand: string): ChatChannel[] {
  const seen = new Set<string>();
  return channels.filter((channel) => {
    if (seen.has(channel.url)) return false;
    seen.add(channel.url);
    if (channel.customType === 'direct' && channelData(channel).user_onboarded === false) return false;
    if (channelDisplayName(channel, viewer, brand) === undefined) return false;
    return !(channel.customType === 'broadcast' && channel.creator?.userId !== viewer.userId);
  });
}

/** A new channel: on top, or at the end when I created it from a broadcast; one already listed is updated instead. */
export function insertChannel(channels: readonly ChatChannel[], channel: ChatChannel, me: string): ChatChannel[] {
  if (channels.some((c) => c.url === channel.url)) return updateChannel(channels, channel);
  return isMyBroadcastCreated(channel, me) ? [...channels, channel] : [channel, ...channels];
}

/** An updated channel replaces the listed one in place (an unknown one changes nothing). */
export const updateChannel = (channels: readonly ChatChannel[], channel: ChatChannel): ChatChannel[] =>
  channels.map((c) => (c.url === channel.url ? channel : c));

export const removeChannel = (channels: readonly ChatChannel[], url: string): ChatChannel[] => channels.filter((c) => c.url !== url);

/** The unread messages of the listed channels (the dart layout's header badge). */
export const totalUnread = (channels: readonly ChatChannel[]) => channels.reduce((sum, c) => sum + c.unreadMessageCount, 0);

/**
 * Removes a channel I may no longer see (a declined direct chat, a ban of me — spec 02 §4) and says
 * which channel is current after it: the first remaining one when it was the current one.
 */
export function removeAndSelect(
  channels: readonly ChatChannel[],
  url: string,
  current: string | null,
): { channels: ChatChannel[]; current: string | null } {
  const rest = removeChannel(channels, url);
  return { channels: rest, current: current === url ? (rest[0]?.url ?? null) : current };
}
