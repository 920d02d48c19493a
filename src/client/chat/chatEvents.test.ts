import { describe, expect, it } from 'vitest';
import { BUZZ_DATA } from '../../shared/contracts/chat';
import { applyChatEvent, type ChatListState } from './chatEvents';
import { chatChannel, chatMember, chatMessage } from './testing/chatFixtures';

const ME = 'u-alice';
const state = (current: string | null = 'a'): ChatListState => ({
  channels: [
    chatChannel('a', { members: [chatMember(ME), chatMember('u-bob'), chatMember('u-carol')], memberCount: 3 }),
    chatChannel('d', { customType: 'direct' }),
    chatChannel('c'),
  ],
  current,
});
const urls = (s: ChatListState) => s.channels.map((c) => c.url);
const membership = (
  channelUrl: string,
  action: 'declined' | 'user_banned' | 'user_muted' | 'user_unmuted' | 'user_joined',
  userId: string,
) => ({ type: 'membership.changed', channelUrl, action, userId }) as const;

describe('chat events on the channel list (spec 02 §4)', () => {
  it('a changed channel is put on top when new and replaced in place when listed; without it, it is refetched', () => {
    expect(urls(applyChatEvent(state(), { type: 'channel.changed', channelUrl: 'n', channel: chatChannel('n') }, ME).state)).toEqual([
      'n',
      'a',
      'd',
      'c',
    ]);
    const renamed = applyChatEvent(
      state(),
      { type: 'channel.changed', channelUrl: 'd', channel: chatChannel('d', { name: 'New' }) },
      ME,
    ).state;
    expect(renamed.channels.map((c) => c.name)).toEqual(['Channel a', 'New', 'Channel c']);
    expect(applyChatEvent(state(), { type: 'channel.changed', channelUrl: 'd' }, ME).effects.refresh).toEqual(['d']);
  });

  it('a deleted current channel selects the first remaining one', () => {
    expect(applyChatEvent(state('a'), { type: 'channel.deleted', channelUrl: 'a' }, ME).state).toMatchObject({ current: 'd' });
  });

  it('a direct chat I declined is removed, the first remaining channel selected, and left', () => {
    const { state: after, effects } = applyChatEvent(state('d'), membership('d', 'declined', ME), ME);
    expect([urls(after), after.current, effects.leave]).toEqual([['a', 'c'], 'a', 'd']);
  });

  it('someone declining a group invitation refreshes the group (its notice arrives as a message)', () => {
    const { state: after, effects } = applyChatEvent(state(), membership('a', 'declined', 'u-bob'), ME);
    expect([urls(after), effects.leave, effects.refresh]).toEqual([['a', 'd', 'c'], null, ['a']]);
  });

  it('banned myself: the channel goes and the first other channel is selected', () => {
    const { state: after } = applyChatEvent(state('a'), membership('a', 'user_banned', ME), ME);
    expect([urls(after), after.current]).toEqual([['d', 'c'], 'd']);
  });

  it('someone else banned from the current channel leaves its members', () => {
    const after = applyChatEvent(state('a'), membership('a', 'user_banned', 'u-bob'), ME).state;
    expect(after.channels[0]!.members.map((m) => m.userId)).toEqual([ME, 'u-carol']);
    expect(after.channels[0]!.memberCount).toBe(2);
  });

  it('a mute or unmute refreshes the current channel only', () => {
    expect(applyChatEvent(state('a'), membership('a', 'user_muted', 'u-bob'), ME).effects.refresh).toEqual(['a']);
    expect(applyChatEvent(state('a'), membership('c', 'user_unmuted', 'u-bob'), ME).effects.refresh).toEqual([]);
  });

  it('a message from someone else sounds (a buzz its own sound) and counts unread outside the current channel', () => {
    const other = applyChatEvent(
      state('a'),
      { type: 'message.received', channelUrl: 'c', message: chatMessage(1, { channelUrl: 'c' }) },
      ME,
    );
    expect([other.effects.sound, other.state.channels[2]!.unreadMessageCount, other.state.channels[2]!.lastMessage?.messageId]).toEqual([
      'message',
      1,
      1,
    ]);
    const buzz = applyChatEvent(
      state('a'),
      { type: 'message.received', channelUrl: 'a', message: chatMessage(2, { data: BUZZ_DATA }) },
      ME,
    );
    expect([buzz.effects.sound, buzz.state.channels[0]!.unreadMessageCount]).toEqual(['buzz', 0]);
    const mine = applyChatEvent(
      state('a'),
      { type: 'message.received', channelUrl: 'c', message: chatMessage(3, { sender: { userId: ME, nickname: 'Alice', client_id: 1 } }) },
      ME,
    );
    expect(mine.effects.sound).toBeNull();
  });
});
