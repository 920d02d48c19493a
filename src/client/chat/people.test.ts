import { describe, expect, it } from 'vitest';
import { channelDisplayName, isBrokerToBroker, memberDisplayName } from './people';
import { chatChannel, chatMember, chatMessage } from './testing/chatFixtures';

const BRAND = 'Harmoney';
const linked = chatChannel('wa', {
  name: 'WhatsApp desk',
  metaData: { is_whatsapp_linked_channel: true },
  members: [
    chatMember('u-staff', { nickname: 'Sam Staff', meta: { is_staff: true } }),
    chatMember('u-client1', { nickname: 'Chitra' }),
    chatMember('u-client2', { nickname: 'Dev' }),
  ],
});

describe('WhatsApp-linked channels (spec 02 §6)', () => {
  it('a staff viewer sees the names of the non-staff members', () => {
    expect(channelDisplayName(linked, { userId: 'u-staff', isStaff: true }, BRAND)).toBe('Chitra, Dev');
    expect(memberDisplayName(linked, linked.members[1]!, { userId: 'u-staff', isStaff: true }, BRAND)).toBe('Chitra');
  });

  it('everyone else sees the configured brand label for the channel and its staff', () => {
    const client = { userId: 'u-client1', isStaff: false };
    expect(channelDisplayName(linked, client, BRAND)).toBe(BRAND);
    expect(memberDisplayName(linked, linked.members[0]!, client, BRAND)).toBe(BRAND);
    expect(memberDisplayName(linked, linked.members[1]!, client, BRAND)).toBe('Chitra');
  });

  it('other channels show nicknames and names as they are', () => {
    const direct = chatChannel('d', { customType: 'direct' });
    expect(channelDisplayName(direct, { userId: 'u-alice', isStaff: false }, BRAND)).toBe('Nick u-bob');
    expect(channelDisplayName(chatChannel('g', { name: 'Gilts' }), { userId: 'u-alice', isStaff: false }, BRAND)).toBe('Gilts');
    expect(memberDisplayName(direct, direct.members[1]!, { userId: 'u-alice', isStaff: false }, BRAND)).toBe('Nick u-bob');
  });
});

describe('broker-to-broker messages in a trading group (spec 02 §6)', () => {
  const group = chatChannel('tg', {
    customType: 'trading_group',
    members: [
      chatMember('u-x', { meta: { client_id: 9 } }),
      chatMember('u-admin', { role: 'operator', meta: { client_id: 1 } }),
      chatMember('u-admin2', { role: 'operator', meta: { client_id: 5 } }),
    ],
  });
  const from = (clientId: number) => chatMessage(1, { sender: { userId: 'u-y', nickname: 'Y', client_id: clientId } });

  it("are those whose sender's client differs from the first admin's", () => {
    expect(isBrokerToBroker(group, from(2))).toBe(true);
    expect(isBrokerToBroker(group, from(1))).toBe(false);
  });

  it('exist only in trading groups with an admin, for messages with a sender', () => {
    expect(isBrokerToBroker({ ...group, customType: 'group' }, from(2))).toBe(false);
    expect(isBrokerToBroker({ ...group, members: group.members.map((m) => ({ ...m, role: 'none' as const })) }, from(2))).toBe(false);
    expect(isBrokerToBroker(group, chatMessage(1, { sender: null, messageType: 'admin' }))).toBe(false);
  });
});
