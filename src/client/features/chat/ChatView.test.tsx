import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_LIMITS, CHAT_MESSAGES } from '../../../shared/contracts/chat';
import { chatChannel, chatMember, chatMessage } from '../../chat/testing/chatFixtures';
import { ChatUnreadBadge } from './ChatLink';
import { ChatView, CHAT_EMPTY_TEXT } from './ChatView';
import { fakeChatClient, ME, renderChat } from './testing';

const termsCalls: string[] = [];
const searches: { search: string | null; session: string | null }[] = [];
const server = setupServer(
  http.patch('*/api/client/chat-terms/', () => {
    termsCalls.push('chat-terms');
    return HttpResponse.json({ has_accepted_chat_terms: true });
  }),
  http.get('*/api/chat/users/', ({ request }) => {
    searches.push({ search: new URL(request.url).searchParams.get('search'), session: request.headers.get('X-Chat-Session') });
    return HttpResponse.json({
      results: [{ userId: 'u-ravi', nickname: 'Ravi Kumar', brand_name: 'Vasuki Wealth Partners LLP', client_id: 2 }],
      count: 1,
    });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => {
  server.resetHandlers();
  termsCalls.length = 0;
  searches.length = 0;
});
afterAll(() => server.close());

const T0 = 1_700_000_000_000;
const members = [chatMember(ME, { nickname: 'Alice' }), chatMember('u-bob', { nickname: 'Bob', role: 'operator', meta: { client_id: 2 } })];
const direct = (url: string, nickname: string, lastSeconds: number) =>
  chatChannel(url, {
    customType: 'direct',
    name: '',
    members: [chatMember(ME, { nickname: 'Alice' }), chatMember(`u-${url}`, { nickname })],
    lastMessage: chatMessage(1, { channelUrl: url, message: `hi from ${nickname}` }),
    data: JSON.stringify({ last_direct_message_at: lastSeconds }),
  });
const listNames = () =>
  within(screen.getByRole('list', { name: 'Chats' }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('.kosh-chat-list__name')?.textContent);
const openChannel = async (name: string) => {
  fireEvent.click(await screen.findByRole('button', { name: new RegExp(`^${name}`) }));
  return screen.findByRole('textbox', { name: 'Message' });
};

describe('chat view', () => {
  it('lists the channels newest first with unread badges, and shows the empty state until one is opened', async () => {
    const fake = fakeChatClient([
      direct('d-old', 'Ravi', T0 / 1000 - 3600),
      chatChannel('g-new', {
        name: 'Gilts desk',
        members,
        unreadMessageCount: 3,
        lastMessage: chatMessage(2, { channelUrl: 'g-new', createdAt: T0 }),
      }),
      direct('d-mid', 'Meera', T0 / 1000 - 60),
    ]);
    renderChat(<ChatView />, fake);
    await waitFor(() => expect(listNames()).toEqual(['Gilts desk', 'Meera', 'Ravi']));
    expect(screen.getByLabelText('3 unread')).toBeTruthy();
    expect(screen.getByText(CHAT_EMPTY_TEXT)).toBeTruthy();
    expect(screen.getByTestId('chat-connection').textContent).toBe('Online');
  });

  it('an invitation is accepted from the list and opens the channel with the composer focused', async () => {
    const fake = fakeChatClient([chatChannel('g-inv', { name: 'Axes', members, myMemberState: 'invited', invitedAt: T0 })]);
    renderChat(<ChatView />, fake);
    fireEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    const composer = await screen.findByRole('textbox', { name: 'Message' });
    expect(fake.client.acceptInvitation).toHaveBeenCalledWith('g-inv');
    expect(document.activeElement).toBe(composer);
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  it('a declined invitation leaves the list', async () => {
    const fake = fakeChatClient([
      chatChannel('g-inv', { name: 'Axes', members, myMemberState: 'invited', invitedAt: T0 }),
      direct('d-1', 'Ravi', T0 / 1000),
    ]);
    renderChat(<ChatView />, fake);
    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(listNames()).toEqual(['Ravi']));
    expect(fake.client.declineInvitation).toHaveBeenCalledWith('g-inv');
  });

  it('Enter sends a message once (its live echo, same request id, does not repeat it); Shift+Enter does not send', async () => {
    const fake = fakeChatClient([chatChannel('g-1', { name: 'Gilts desk', members })]);
    renderChat(<ChatView />, fake);
    const composer = await openChannel('Gilts desk');
    fireEvent.change(composer, { target: { value: '7.26 GS 2033 at 101.50' } });
    fireEvent.keyDown(composer, { key: 'Enter', shiftKey: true });
    expect(fake.client.sendUserMessage).not.toHaveBeenCalled();
    fireEvent.keyDown(composer, { key: 'Enter' });
    const log = screen.getByRole('log', { name: 'Messages' });
    await within(log).findByText('7.26 GS 2033 at 101.50');
    const sent = await fake.client.sendUserMessage.mock.results[0]!.value;
    fake.publish({ type: 'message.received', channelUrl: 'g-1', message: sent });
    await waitFor(() => expect(within(log).getAllByText('7.26 GS 2033 at 101.50')).toHaveLength(1));
    expect((composer as HTMLTextAreaElement).value).toBe('');
  });

  it('a live message from someone else appends in the open channel and counts as unread in another', async () => {
    const fake = fakeChatClient([chatChannel('g-1', { name: 'Gilts desk', members }), chatChannel('g-2', { name: 'SDL desk', members })]);
    renderChat(<ChatView />, fake);
    await openChannel('Gilts desk');
    fake.publish({ type: 'message.received', channelUrl: 'g-1', message: chatMessage(50, { channelUrl: 'g-1', message: 'Offer 101.55' }) });
    expect(await within(screen.getByRole('log')).findByText('Offer 101.55')).toBeTruthy();
    expect(fake.client.markDelivered).toHaveBeenCalledWith('g-1');
    // Read at once: the open channel is on screen.
    await waitFor(() => expect(fake.client.markRead).toHaveBeenCalledWith('g-1'));
    fake.publish({ type: 'message.received', channelUrl: 'g-2', message: chatMessage(51, { channelUrl: 'g-2', message: 'Bid 99' }) });
    expect(await screen.findByLabelText('1 unread')).toBeTruthy();
  });

  it('the chat terms dialog gates chat: nothing loads until they are accepted, then chat starts', async () => {
    const fake = fakeChatClient([chatChannel('g-1', { name: 'Gilts desk', members })]);
    const { issueToken } = renderChat(<ChatView />, fake, { termsAccepted: false });
    const dialog = await screen.findByRole('dialog', { name: 'Chat terms' });
    expect(issueToken).not.toHaveBeenCalled();
    expect(fake.client.listChannels).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept and start chatting' }));
    await waitFor(() => expect(listNames()).toEqual(['Gilts desk']));
    expect(termsCalls).toEqual(['chat-terms']);
    expect(screen.queryByRole('dialog', { name: 'Chat terms' })).toBeNull();
  });

  it('a file over the limit, or of a refused type, shows the error and sends nothing', async () => {
    const fake = fakeChatClient([chatChannel('g-1', { name: 'Gilts desk', members })]);
    renderChat(<ChatView />, fake);
    await openChannel('Gilts desk');
    const input = screen.getByLabelText('File to send');
    const big = new File(['x'], 'term-sheet.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: CHAT_LIMITS.fileMaxBytes + 1 });
    fireEvent.change(input, { target: { files: [big] } });
    expect((await screen.findByRole('alert')).textContent).toBe(CHAT_MESSAGES.fileTooLarge);
    fireEvent.change(input, { target: { files: [new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' })] } });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(CHAT_MESSAGES.fileType));
    expect(fake.client.sendFileMessage).not.toHaveBeenCalled();
  });

  it('a failed send shows the reason as a toast and keeps the text', async () => {
    const fake = fakeChatClient([chatChannel('g-1', { name: 'Gilts desk', members })]);
    fake.client.sendUserMessage.mockRejectedValueOnce(new Error(CHAT_MESSAGES.muted));
    renderChat(<ChatView />, fake);
    const composer = await openChannel('Gilts desk');
    fireEvent.change(composer, { target: { value: 'anyone?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(CHAT_MESSAGES.muted)).toBeTruthy();
    expect((composer as HTMLTextAreaElement).value).toBe('anyone?');
  });

  it('scrolling to the top loads older messages one request at a time', async () => {
    const page = { messages: [chatMessage(10, { channelUrl: 'g-1', message: 'newest page' })], hasMore: true };
    const fake = fakeChatClient([chatChannel('g-1', { name: 'Gilts desk', members })], { 'g-1': page });
    let release: (value: { messages: ReturnType<typeof chatMessage>[]; hasMore: boolean }) => void = () => undefined;
    renderChat(<ChatView />, fake);
    await openChannel('Gilts desk');
    const log = screen.getByRole('log');
    await within(log).findByText('newest page');
    fake.client.loadPrevious.mockImplementationOnce(
      () =>
        new Promise((resolve) => {
          release = resolve;
        }),
    );
    log.scrollTop = 0;
    fireEvent.scroll(log);
    await waitFor(() => expect(fake.client.loadPrevious).toHaveBeenLastCalledWith('g-1', page.messages[0]!.createdAt));
    fireEvent.scroll(log);
    expect(fake.client.loadPrevious).toHaveBeenCalledTimes(2);
    release({ messages: [chatMessage(5, { channelUrl: 'g-1', message: 'older page' })], hasMore: false });
    expect(await within(log).findByText('older page')).toBeTruthy();
  });

  it('the connection badge follows the connection: offline while the live feed reconnects, online again after', async () => {
    const fake = fakeChatClient([]);
    renderChat(<ChatView />, fake);
    await waitFor(() => expect(screen.getByTestId('chat-connection').textContent).toBe('Online'));
    fake.publish({ type: 'connection.reconnectStarted' });
    await waitFor(() => expect(screen.getByTestId('chat-connection').textContent).toBe('Offline'));
    fake.publish({ type: 'connection.reconnectSucceeded' });
    await waitFor(() => expect(screen.getByTestId('chat-connection').textContent).toBe('Online'));
  });

  it("the header's badge counts the unread messages of the listed chats and follows new ones", async () => {
    const fake = fakeChatClient([
      chatChannel('g-1', { name: 'Gilts desk', members, unreadMessageCount: 2 }),
      chatChannel('g-2', { name: 'SDL desk', members, unreadMessageCount: 1 }),
    ]);
    renderChat(<ChatUnreadBadge />, fake);
    expect((await screen.findByTestId('chat-unread')).textContent).toBe('3');
    // The server's count after the message, which the list fetches again.
    fake.client.getChannel.mockResolvedValue(chatChannel('g-2', { name: 'SDL desk', members, unreadMessageCount: 2 }));
    fake.publish({ type: 'message.received', channelUrl: 'g-2', message: chatMessage(60, { channelUrl: 'g-2' }) });
    await waitFor(() => expect(screen.getByTestId('chat-unread').textContent).toBe('4'));
    await waitFor(() => expect(fake.client.getChannel).toHaveBeenCalledWith('g-2'));
    expect(screen.getByTestId('chat-unread').textContent).toBe('4');
  });

  it('New chat: people are searched from 3 characters (access token only, no chat session), and picking one opens a direct chat; Esc closes the dialog', async () => {
    const fake = fakeChatClient([]);
    const ravi = direct('d-ravi', 'Ravi Kumar', T0 / 1000);
    fake.client.createChannel.mockResolvedValue(ravi);
    renderChat(<ChatView />, fake);
    fireEvent.click((await screen.findAllByRole('button', { name: 'New chat' }))[0]!);
    let dialog = await screen.findByRole('dialog', { name: 'New chat' });
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New chat' })).toBeNull());
    fireEvent.click(screen.getAllByRole('button', { name: 'New chat' })[0]!);
    dialog = await screen.findByRole('dialog', { name: 'New chat' });
    const people = within(dialog).getByPlaceholderText('Search people by name or firm');
    fireEvent.change(people, { target: { value: 'Ra' } });
    expect(within(dialog).getByText(CHAT_MESSAGES.searchTooShort)).toBeTruthy();
    fireEvent.change(people, { target: { value: 'Ravi' } });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Ravi Kumar · Vasuki Wealth Partners LLP' }));
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeTruthy();
    expect(searches).toEqual([{ search: 'Ravi', session: null }]);
    expect(fake.client.createChannel).toHaveBeenCalledWith({ customType: 'direct', invitedUserIds: ['u-ravi'] });
    expect(screen.getByRole('heading', { name: 'Ravi Kumar' })).toBeTruthy();
  });

  it("an operator bans a member from the member menu; others' names carry no menu for non-operators", async () => {
    const group = chatChannel('g-1', {
      name: 'Gilts desk',
      members: [chatMember(ME, { nickname: 'Alice', role: 'operator' }), chatMember('u-bob', { nickname: 'Bob' })],
      myRole: 'operator',
    });
    const fake = fakeChatClient([group]);
    fake.client.ban.mockResolvedValue(undefined);
    renderChat(<ChatView />, fake);
    await openChannel('Gilts desk');
    fireEvent.click(screen.getByRole('button', { name: 'Member Bob' }));
    fireEvent.click(await screen.findByText('Ban'));
    // Asked first: Cancel bans no one; Ban does.
    let alert = await screen.findByRole('alertdialog');
    expect(alert.textContent).toContain('Ban Bob?');
    fireEvent.click(within(alert).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(fake.client.ban).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Member Bob' }));
    fireEvent.click(await screen.findByText('Ban'));
    alert = await screen.findByRole('alertdialog');
    fireEvent.click(within(alert).getByRole('button', { name: 'Ban' }));
    await waitFor(() => expect(fake.client.ban).toHaveBeenCalledWith('g-1', 'u-bob'));
    expect(within(screen.getByRole('list', { name: 'Members' })).getByText('operator')).toBeTruthy();
  });
});
