import { describe, expect, it } from 'vitest';
import {
  insertChannel,
  removeAndSelect,
  removeChannel,
  sortChannels,
  sortTime,
  totalUnread,
  updateChannel,
  visibleChannels,
} from './channelList';
import { chatChannel, chatMember, chatMessage } from './testing/chatFixtures';

const ME = 'u-alice';
const viewer = { userId: ME, isStaff: false };
const urls = (list: { url: string }[]) => list.map((c) => c.url);
const T = 1_700_000_000_000;

describe('channel list sorting (spec 02 §4)', () => {
  const messaged = (url: string, lastDirectSeconds: number) =>
    chatChannel(url, { lastMessage: chatMessage(1), data: JSON.stringify({ last_direct_message_at: lastDirectSeconds }), createdAt: T });

  it('sorts by the last direct-message time (seconds), newest first', () => {
    const list = [messaged('old', 1_700_000_100), messaged('new', 1_700_000_900), messaged('mid', 1_700_000_500)];
    expect(urls(sortChannels(list, ME))).toEqual(['new', 'mid', 'old']);
    expect(sortTime(list[1]!, ME)).toBe(1_700_000_900_000);
  });

  it('invited channels sort by invitedAt, channels with no message by createdAt, mine from a broadcast last', () => {
    const invited = chatChannel('invited', {
      myMemberState: 'invited',
      invitedAt: 1_700_000_700_000,
      lastMessage: chatMessage(2),
      data: JSON.stringify({ last_direct_message_at: 1 }),
    });
    const empty = chatChannel('empty', { createdAt: 1_700_000_300_000 });
    const fromMyBroadcast = chatChannel('bc-child', {
      customType: 'direct',
      creator: { userId: ME, nickname: 'Alice' },
      lastMessage: chatMessage(3),
      data: JSON.stringify({ created_from: 'bc-1', last_direct_message_at: 1_800_000_000 }),
    });
    const direct = messaged('direct', 1_700_000_500);
    expect(urls(sortChannels([fromMyBroadcast, empty, direct, invited], ME))).toEqual(['invited', 'direct', 'empty', 'bc-child']);
  });

  it('a channel someone else created from a broadcast sorts by its messages like any other', () => {
    const theirs = chatChannel('theirs', {
      creator: { userId: 'u-bob', nickname: 'Bob' },
      lastMessage: chatMessage(1),
      data: JSON.stringify({ created_from: 'bc-9', last_direct_message_at: 1_900_000_000 }),
    });
    expect(urls(sortChannels([messaged('a', 1_700_000_000), theirs], ME))).toEqual(['theirs', 'a']);
  });
});

describe('channel list changes (spec 02 §4)', () => {
  it('puts new channels on top, mine from a broadcast at the end', () => {
    const list = [chatChannel('a'), chatChannel('b')];
    expect(urls(insertChannel(list, chatChannel('c'), ME))).toEqual(['c', 'a', 'b']);
    const mine = chatChannel('d', { creator: { userId: ME, nickname: 'Alice' }, data: JSON.stringify({ created_from: 'bc-1' }) });
    expect(urls(insertChannel(list, mine, ME))).toEqual(['a', 'b', 'd']);
  });

  it('replaces updated channels in place and removes deleted ones', () => {
    const list = [chatChannel('a'), chatChannel('b'), chatChannel('c')];
    const renamed = chatChannel('b', { name: 'Renamed' });
    expect(updateChannel(list, renamed).map((c) => c.name)).toEqual(['Channel a', 'Renamed', 'Channel c']);
    expect(urls(insertChannel(list, renamed, ME))).toEqual(['a', 'b', 'c']);
    expect(urls(removeChannel(list, 'b'))).toEqual(['a', 'c']);
  });

  it('a removed current channel (declined direct chat, ban of me) selects the first remaining one', () => {
    const list = [chatChannel('a'), chatChannel('b')];
    expect(removeAndSelect(list, 'a', 'a')).toEqual({ channels: [list[1]], current: 'b' });
    expect(removeAndSelect(list, 'b', 'a').current).toBe('a');
    expect(removeAndSelect([list[0]!], 'a', 'a').current).toBeNull();
  });

  it('adds up the unread counts for the header badge', () => {
    expect(totalUnread([chatChannel('a', { unreadMessageCount: 3 }), chatChannel('b', { unreadMessageCount: 4 })])).toBe(7);
  });
});

describe('channel list filtering (spec 02 §5)', () => {
  const direct = (url: string, data = '') => chatChannel(url, { customType: 'direct', isDistinct: true, data });

  it('drops duplicates by url, keeping the first', () => {
    const first = chatChannel('a', { name: 'First' });
    expect(visibleChannels([first, chatChannel('a', { name: 'Second' }), chatChannel('b')], viewer, 'Kosh').map((c) => c.name)).toEqual([
      'First',
      'Channel b',
    ]);
  });

  it('hides direct chats whose user is not onboarded', () => {
    const list = [
      direct('d1', JSON.stringify({ user_onboarded: false })),
      direct('d2', JSON.stringify({ user_onboarded: true })),
      direct('d3'),
    ];
    expect(urls(visibleChannels(list, viewer, 'Kosh'))).toEqual(['d2', 'd3']);
  });

  it('hides channels with no display name (a direct chat with nobody else)', () => {
    const alone = chatChannel('alone', { customType: 'direct', members: [chatMember(ME)] });
    const unnamedGroup = chatChannel('g', { name: '', members: [chatMember(ME)] });
    expect(urls(visibleChannels([alone, unnamedGroup, chatChannel('ok')], viewer, 'Kosh'))).toEqual(['ok']);
  });

  it('hides broadcast lists not created by me', () => {
    const mine = chatChannel('mine', { customType: 'broadcast', creator: { userId: ME, nickname: 'Alice' } });
    const theirs = chatChannel('theirs', { customType: 'broadcast', creator: { userId: 'u-bob', nickname: 'Bob' } });
    expect(urls(visibleChannels([mine, theirs], viewer, 'Kosh'))).toEqual(['mine']);
  });
});
