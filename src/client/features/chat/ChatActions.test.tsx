/**
 * The chat view's actions on a chat (issue #10): broadcast lists, rename, invite, banned people
 * and unban, leave, deleting my own messages — destructive ones asked first — plus newer pages,
 * polling of the visible direct chats on the store's clock, and the chat security preferences
 * with message previews in notifications. A fake ChatClient under the real machine and store.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Session } from '../../../shared/contracts/auth';
import { CHAT_LIMITS, CHAT_MESSAGES } from '../../../shared/contracts/chat';
import { sessionKey } from '../../app/sessionQueries';
import { chatChannel, chatMember, chatMessage } from '../../chat/testing/chatFixtures';
import { ChatUnreadBadge } from './ChatLink';
import { ChatView } from './ChatView';
import { fakeChatClient, ME, renderChat } from './testing';

const RAVI = { userId: 'u-ravi', nickname: 'Ravi Kumar', brand_name: 'Vasuki Wealth Partners LLP', client_id: 2 };
const MEERA = { userId: 'u-meera', nickname: 'Meera Shah', brand_name: 'Trishul Capital', client_id: 3 };
const preferenceCalls: unknown[] = [];
const server = setupServer(
  http.get('*/api/chat/users/', () =>
    HttpResponse.json({ results: [RAVI, MEERA, { userId: 'u-bob', nickname: 'Bob', brand_name: 'Beta', client_id: 2 }], count: 3 }),
  ),
  http.patch('*/api/chat/preferences/', async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    preferenceCalls.push(body);
    return HttpResponse.json({ direct_chat_from: 'anyone', show_online_status: true, message_previews: true, ...body });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => {
  server.resetHandlers();
  preferenceCalls.length = 0;
  vi.unstubAllGlobals();
});
afterAll(() => server.close());

const alice = (over = {}) => chatMember(ME, { nickname: 'Alice', ...over });
const bob = chatMember('u-bob', { nickname: 'Bob', meta: { client_id: 2 } });
const gilts = (over = {}) => chatChannel('g-1', { name: 'Gilts desk', members: [alice(), bob], ...over });
const asOperator = () => gilts({ myRole: 'operator', members: [alice({ role: 'operator' }), bob] });

const openChannel = async (name: string) => {
  fireEvent.click(await screen.findByRole('button', { name: new RegExp(`^${name}`) }));
  return screen.findByRole('textbox', { name: 'Message' });
};
const chatAction = async (item: string) => {
  fireEvent.click(screen.getByRole('button', { name: 'Chat actions' }));
  fireEvent.click(await screen.findByText(item));
};
const menuItems = async () => {
  fireEvent.click(screen.getByRole('button', { name: 'Chat actions' }));
  const menu = await screen.findByRole('menu', { name: 'Chat actions' });
  const items = within(menu)
    .getAllByRole('menuitem')
    .map((i) => i.textContent);
  fireEvent.keyDown(menu, { key: 'Escape' });
  return items;
};

describe('broadcast lists', () => {
  it('New chat → Broadcast list: a name, people and the first message create the list and send it once; the list opens', async () => {
    const fake = fakeChatClient([]);
    const list = chatChannel('bc-1', {
      customType: 'broadcast',
      name: 'Morning axes',
      members: [alice({ role: 'operator' })],
      myRole: 'operator',
    });
    fake.client.createChannel.mockResolvedValue(list);
    renderChat(<ChatView />, fake);
    fireEvent.click((await screen.findAllByRole('button', { name: 'New chat' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New chat' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Broadcast list' }));
    fireEvent.change(within(dialog).getByLabelText('List name'), { target: { value: 'Morning axes' } });
    fireEvent.change(within(dialog).getByPlaceholderText('Search people by name or firm'), { target: { value: 'desk' } });
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Ravi Kumar · Vasuki Wealth Partners LLP' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Meera Shah · Trishul Capital' }));
    const send = within(dialog).getByRole('button', { name: 'Send broadcast' });
    // No message yet: nothing to send.
    expect((send as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Message'), { target: { value: 'Offer 7.18 GS 2034 at 100.25' } });
    fireEvent.click(send);
    await waitFor(() => expect(fake.client.sendUserMessage).toHaveBeenCalledTimes(1));
    expect(fake.client.createChannel).toHaveBeenCalledWith({
      customType: 'broadcast',
      name: 'Morning axes',
      invitedUserIds: ['u-ravi', 'u-meera'],
    });
    expect(fake.client.sendUserMessage).toHaveBeenCalledWith('bc-1', {
      reqId: expect.any(String),
      message: 'Offer 7.18 GS 2034 at 100.25',
    });
    expect(await screen.findByRole('heading', { name: 'Morning axes' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New chat' })).toBeNull());
  });
});

describe("a chat's actions", () => {
  it('operators rename; the new name shows in the header', async () => {
    const fake = fakeChatClient([asOperator()]);
    renderChat(<ChatView />, fake);
    await openChannel('Gilts desk');
    await chatAction('Rename…');
    const dialog = await screen.findByRole('dialog', { name: 'Rename chat' });
    const input = within(dialog).getByLabelText('Name');
    fireEvent.change(input, { target: { value: 'Gilts & SDL desk' } });
    fireEvent.submit(input.closest('form')!);
    expect(await screen.findByRole('heading', { name: 'Gilts & SDL desk' })).toBeTruthy();
    expect(fake.client.rename).toHaveBeenCalledWith('g-1', 'Gilts & SDL desk');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Rename chat' })).toBeNull());
  });

  it('what the actions menu offers: operators everything; members invite and leave; in a direct chat only leave', async () => {
    renderChat(
      <ChatView />,
      fakeChatClient([
        asOperator(),
        chatChannel('g-2', { name: 'SDL desk', members: [alice(), bob] }),
        chatChannel('d-1', {
          customType: 'direct',
          name: '',
          members: [alice(), chatMember('u-ravi', { nickname: 'Ravi' })],
          myRole: 'operator',
        }),
      ]),
    );
    await openChannel('Gilts desk');
    expect(await menuItems()).toEqual(['Rename…', 'Invite people…', 'Banned people…', 'Leave chat…']);
    await openChannel('SDL desk');
    expect(await menuItems()).toEqual(['Invite people…', 'Leave chat…']);
    await openChannel('Ravi');
    expect(await menuItems()).toEqual(['Leave chat…']);
  });

  it("a failed rename shows the server's reason and keeps the dialog open", async () => {
    const fake = fakeChatClient([asOperator()]);
    fake.client.rename.mockRejectedValueOnce(new Error(CHAT_MESSAGES.notOperator));
    renderChat(<ChatView />, fake);
    await openChannel('Gilts desk');
    await chatAction('Rename…');
    const dialog = await screen.findByRole('dialog', { name: 'Rename chat' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Rates' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await screen.findByText(CHAT_MESSAGES.notOperator)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Rename chat' })).toBeTruthy();
  });

  it('members invite more people found by the search (members already in are not offered)', async () => {
    const fake = fakeChatClient([gilts()]);
    renderChat(<ChatView />, fake);
    await openChannel('Gilts desk');
    await chatAction('Invite people…');
    const dialog = await screen.findByRole('dialog', { name: 'Invite people' });
    fireEvent.change(within(dialog).getByPlaceholderText('Search people by name or firm'), { target: { value: 'Ra' } });
    expect(within(dialog).getByText(CHAT_MESSAGES.searchTooShort)).toBeTruthy();
    fireEvent.change(within(dialog).getByPlaceholderText('Search people by name or firm'), { target: { value: 'Ravi' } });
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Ravi Kumar · Vasuki Wealth Partners LLP' }));
    expect(within(dialog).queryByRole('checkbox', { name: /^Bob/ })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Invite' }));
    await waitFor(() => expect(fake.client.invite).toHaveBeenCalledWith('g-1', ['u-ravi']));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invite people' })).toBeNull());
  });

  it('operators see the banned people and unban them', async () => {
    const carl = { userId: 'u-carl', nickname: 'Carl', brand_name: 'Gamma', client_id: 3 };
    const fake = fakeChatClient([asOperator()], {}, { 'g-1': [carl] });
    renderChat(<ChatView />, fake);
    await openChannel('Gilts desk');
    await chatAction('Banned people…');
    const dialog = await screen.findByRole('dialog', { name: 'Banned people' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Unban Carl' }));
    await waitFor(() => expect(fake.client.unban).toHaveBeenCalledWith('g-1', 'u-carl'));
    expect(await within(dialog).findByText('No one is banned from this chat.')).toBeTruthy();
  });

  it('leaving is asked first: Cancel stays, Leave leaves and the chat goes from the list', async () => {
    const fake = fakeChatClient([gilts(), chatChannel('g-2', { name: 'SDL desk', members: [alice(), bob] })]);
    renderChat(<ChatView />, fake);
    await openChannel('Gilts desk');
    await chatAction('Leave chat…');
    let alert = await screen.findByRole('alertdialog');
    expect(alert.textContent).toContain('Leave Gilts desk?');
    fireEvent.click(within(alert).getByRole('button', { name: 'Cancel' }));
    expect(fake.client.leave).not.toHaveBeenCalled();
    await chatAction('Leave chat…');
    alert = await screen.findByRole('alertdialog');
    fireEvent.click(within(alert).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(fake.client.leave).toHaveBeenCalledWith('g-1'));
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Gilts desk/ })).toBeNull());
  });
});

describe('messages', () => {
  it("I delete my own message after confirming; others' messages offer no delete", async () => {
    const mine = chatMessage(10, { channelUrl: 'g-1', message: 'Bid 99.10', sender: { userId: ME, nickname: 'Alice', client_id: 1 } });
    const theirs = chatMessage(11, { channelUrl: 'g-1', message: 'Offer 99.40' });
    const fake = fakeChatClient([gilts()], { 'g-1': { messages: [mine, theirs], hasMore: false } });
    fake.client.deleteMessage.mockResolvedValue(undefined);
    renderChat(<ChatView />, fake);
    await openChannel('Gilts desk');
    const log = screen.getByRole('log');
    await within(log).findByText('Bid 99.10');
    expect(within(log).getAllByRole('button', { name: 'Delete message' })).toHaveLength(1);
    fireEvent.click(within(log).getByRole('button', { name: 'Delete message' }));
    const alert = await screen.findByRole('alertdialog');
    expect(alert.textContent).toContain('kept for compliance');
    fireEvent.click(within(alert).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(log).queryByText('Bid 99.10')).toBeNull());
    expect(fake.client.deleteMessage).toHaveBeenCalledWith('g-1', 10);
    expect(within(log).getByText('Offer 99.40')).toBeTruthy();
  });

  it('back online, the newest pages load again with the messages sent meanwhile', async () => {
    const first = chatMessage(10, { channelUrl: 'g-1', message: 'before the gap' });
    const fake = fakeChatClient([gilts()], { 'g-1': { messages: [first], hasMore: false } });
    renderChat(<ChatView />, fake);
    await openChannel('Gilts desk');
    const log = screen.getByRole('log');
    await within(log).findByText('before the gap');
    const missed = chatMessage(11, { channelUrl: 'g-1', message: 'during the gap' });
    fake.client.loadPrevious.mockResolvedValueOnce({ messages: [first, missed], hasMore: false });
    fake.publish({ type: 'connection.reconnectStarted' });
    fake.publish({ type: 'connection.reconnectSucceeded' });
    expect(await within(log).findByText('during the gap')).toBeTruthy();
    expect(fake.client.loadPrevious).toHaveBeenLastCalledWith('g-1', null);
    expect(within(log).getByText('before the gap')).toBeTruthy();
  });

  it('a page that fails to load says so, and Retry loads it', async () => {
    const fake = fakeChatClient([gilts()]);
    fake.client.loadPrevious.mockRejectedValueOnce(new Error('offline'));
    renderChat(<ChatView />, fake);
    await openChannel('Gilts desk');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Messages could not be loaded.');
    fake.client.loadPrevious.mockResolvedValueOnce({
      messages: [chatMessage(10, { channelUrl: 'g-1', message: 'back again' })],
      hasMore: false,
    });
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(screen.getByRole('log')).findByText('back again')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Messages could not be loaded.')).toBeNull());
  });

  it('an older page that fails to load says so, and Retry asks for the same page again', async () => {
    const newest = chatMessage(10, { channelUrl: 'g-1', message: 'newest' });
    const fake = fakeChatClient([gilts()], { 'g-1': { messages: [newest], hasMore: true } });
    renderChat(<ChatView />, fake);
    await openChannel('Gilts desk');
    const log = screen.getByRole('log');
    await within(log).findByText('newest');
    fake.client.loadPrevious.mockRejectedValueOnce(new Error('offline'));
    fireEvent.scroll(log);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Earlier messages could not be loaded.');
    fake.client.loadPrevious.mockResolvedValueOnce({ messages: [chatMessage(9, { channelUrl: 'g-1', message: 'older' })], hasMore: false });
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(log).findByText('older')).toBeTruthy();
    expect(fake.client.loadPrevious).toHaveBeenLastCalledWith('g-1', newest.createdAt);
  });
});

/** A stand-in for the browser's IntersectionObserver: the test says which list items are in view. */
function fakeIntersections() {
  const observed = new Set<Element>();
  let notify: (entries: { target: Element; intersectionRatio: number }[]) => void = () => undefined;
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: typeof notify) {
        notify = callback;
      }
      observe(element: Element) {
        observed.add(element);
      }
      unobserve(element: Element) {
        observed.delete(element);
      }
      disconnect() {
        observed.clear();
      }
    },
  );
  return {
    show(ratios: Record<string, number>) {
      notify([...observed].map((target) => ({ target, intersectionRatio: ratios[(target as HTMLElement).dataset.channelUrl ?? ''] ?? 0 })));
    },
  };
}

describe('polling', () => {
  it('every 10 minutes the direct chats at least 10 % in view refresh, 5 at once and the rest a minute later; others are not polled', async () => {
    const view = fakeIntersections();
    const directs = Array.from({ length: 7 }, (_, i) =>
      chatChannel(`d-${i}`, {
        customType: 'direct',
        name: '',
        members: [alice(), chatMember(`u-${i}`, { nickname: `Dealer ${i}` })],
      }),
    );
    const fake = fakeChatClient([
      ...directs,
      chatChannel('d-hidden', { customType: 'direct', name: '', members: [alice(), chatMember('u-h', { nickname: 'Hidden' })] }),
      gilts(),
    ]);
    const { time } = renderChat(<ChatView />, fake);
    await screen.findByRole('button', { name: /^Dealer 6/ });
    view.show({ ...Object.fromEntries(directs.map((d) => [d.url, 0.5])), 'd-hidden': CHAT_LIMITS.visibilityThreshold / 2, 'g-1': 1 });
    fake.client.getChannel.mockClear();
    time.advance(CHAT_LIMITS.channelPollMs - 1);
    expect(fake.client.getChannel).not.toHaveBeenCalled();
    time.advance(1);
    expect(fake.client.getChannel.mock.calls.map(([url]) => url)).toEqual(['d-0', 'd-1', 'd-2', 'd-3', 'd-4']);
    time.advance(CHAT_LIMITS.channelPollPauseMs);
    expect(fake.client.getChannel.mock.calls.map(([url]) => url)).toEqual(['d-0', 'd-1', 'd-2', 'd-3', 'd-4', 'd-5', 'd-6']);
  });
});

describe('chat settings', () => {
  it('saves who may start a direct chat, online status and previews; the profile then holds them', async () => {
    const fake = fakeChatClient([]);
    const { queryClient } = renderChat(<ChatView />, fake, { preferences: { show_online_status: false } });
    await waitFor(() => expect((screen.getByRole('button', { name: 'Chat settings' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Chat settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Chat settings' });
    expect((within(dialog).getByRole('radio', { name: 'Anyone' }) as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByLabelText('Show when I am online') as HTMLInputElement).checked).toBe(false);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'People at my firm and at firms we have traded with' }));
    fireEvent.click(within(dialog).getByLabelText('Show message text in notifications'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Chat settings' })).toBeNull());
    expect(preferenceCalls).toEqual([{ direct_chat_from: 'counterparties', show_online_status: false, message_previews: false }]);
    expect(queryClient.getQueryData<Session>(sessionKey)?.user_info.user_security_preferences).toEqual({
      direct_chat_from: 'counterparties',
      show_online_status: false,
      message_previews: false,
    });
  });

  it('a message in another chat notifies with its text, or without it when previews are off', async () => {
    const fake = fakeChatClient([gilts(), chatChannel('g-2', { name: 'SDL desk', members: [alice(), bob] })]);
    const { queryClient } = renderChat(<ChatView />, fake);
    await openChannel('Gilts desk');
    fake.publish({
      type: 'message.received',
      channelUrl: 'g-2',
      message: chatMessage(70, { channelUrl: 'g-2', message: 'Bid 98.75 for 5 cr' }),
    });
    expect(await screen.findByText('Bid 98.75 for 5 cr', { selector: '.kosh-toast div' })).toBeTruthy();
    expect(screen.getAllByText('New message from Bob').length).toBe(1);
    queryClient.setQueryData<Session>(sessionKey, (s) =>
      s ? { ...s, user_info: { ...s.user_info, user_security_preferences: { message_previews: false } } } : s,
    );
    fake.publish({
      type: 'message.received',
      channelUrl: 'g-2',
      message: chatMessage(71, { channelUrl: 'g-2', message: 'Secret level 98.80' }),
    });
    await waitFor(() => expect(screen.getAllByText('New message from Bob').length).toBe(2));
    expect(screen.queryByText('Secret level 98.80', { selector: '.kosh-toast div' })).toBeNull();
    // In the open chat the message is on screen: no notification.
    fake.publish({ type: 'message.received', channelUrl: 'g-1', message: chatMessage(72, { channelUrl: 'g-1', message: 'here' }) });
    await within(screen.getByRole('log')).findByText('here');
    expect(screen.getAllByText('New message from Bob').length).toBe(2);
  });

  it('away from the chat page, a message in the chat last open notifies, counts as unread and is not marked read (it is not on screen)', async () => {
    const fake = fakeChatClient([gilts()]);
    const { store } = renderChat(<ChatUnreadBadge />, fake);
    await waitFor(() => expect(store.getState().loaded).toBe(true));
    store.select('g-1');
    fake.publish({ type: 'message.received', channelUrl: 'g-1', message: chatMessage(80, { channelUrl: 'g-1', message: 'Still there?' }) });
    // Counted at once (the server's count follows with the channel's refetch).
    expect(store.getState().channels.find((c) => c.url === 'g-1')?.unreadMessageCount).toBe(1);
    expect(await screen.findByText('Still there?', { selector: '.kosh-toast div' })).toBeTruthy();
    expect(fake.client.markRead).not.toHaveBeenCalled();
  });
});
