/**
 * The staff flag reaches the chat views from the session profile (is_staff): in a WhatsApp-linked
 * channel a staff viewer sees the names of the non-staff members, everyone else the brand label.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BRAND } from '../../app/appConfig';
import { chatChannel, chatMember } from '../../chat/testing/chatFixtures';
import { ChatView } from './ChatView';
import { fakeChatClient, ME, renderChat } from './testing';

const linked = () =>
  chatChannel('wa-1', {
    name: 'WhatsApp desk',
    metaData: { is_whatsapp_linked_channel: true },
    members: [
      chatMember(ME, { nickname: 'Alice', meta: { is_staff: true } }),
      chatMember('u-chitra', { nickname: 'Chitra Rao', meta: { client_id: 2 } }),
    ],
  });
const listNames = () =>
  within(screen.getByRole('list', { name: 'Chats' }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('.kosh-chat-list__name')?.textContent);

describe('the chat viewer from the session profile', () => {
  it("a staff viewer sees the non-staff members' names of a WhatsApp-linked channel", async () => {
    renderChat(<ChatView />, fakeChatClient([linked()]), { isStaff: true });
    await waitFor(() => expect(listNames()).toEqual(['Chitra Rao']));
  });

  it('a non-staff viewer sees the brand label', async () => {
    renderChat(<ChatView />, fakeChatClient([linked()]));
    await waitFor(() => expect(listNames()).toHaveLength(1));
    expect(listNames()).toEqual([DEFAULT_BRAND]);
  });
});
