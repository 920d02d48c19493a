/**
 * Who is shown how (spec 02 §6): channel names, WhatsApp-linked channels (a staff viewer sees the
 * names of the non-staff members, everyone else the configured brand label, BRAND_NAME from the
 * app config) and broker-to-broker messages in a trading group (the sender's client differs from
 * the client of the group's first admin).
 */
import type { ChatChannel, ChatMember, ChatMessage } from '../../shared/contracts/chat';

export interface Viewer {
  userId: string;
  isStaff: boolean;
}

const others = (channel: ChatChannel, viewer: Viewer) => channel.members.filter((m) => m.userId !== viewer.userId);

/** The name a channel is listed under; undefined when it has none to show (such channels are hidden). */
export function channelDisplayName(channel: ChatChannel, viewer: Viewer, brand: string): string | undefined {
  if (channel.metaData.is_whatsapp_linked_channel) {
    if (!viewer.isStaff) return brand;
    const names = channel.members
      .filter((m) => !m.metaData.is_staff)
      .map((m) => m.nickname)
      .filter(Boolean);
    return names.length > 0 ? names.join(', ') : undefined;
  }
  if (channel.customType === 'direct') return others(channel, viewer)[0]?.nickname || undefined;
  if (channel.name) return channel.name;
  const names = others(channel, viewer)
    .map((m) => m.nickname)
    .filter(Boolean);
  return names.length > 0 ? names.join(', ') : undefined;
}

/** The name shown for a member (a message's sender): the brand label for staff in a WhatsApp-linked channel seen by a non-staff viewer. */
export function memberDisplayName(
  channel: ChatChannel,
  member: Pick<ChatMember, 'userId' | 'nickname'>,
  viewer: Viewer,
  brand: string,
): string {
  if (!channel.metaData.is_whatsapp_linked_channel || viewer.isStaff || member.userId === viewer.userId) return member.nickname;
  const isStaff = channel.members.find((m) => m.userId === member.userId)?.metaData.is_staff ?? true;
  return isStaff ? brand : member.nickname;
}

/** The group's first admin: the first operator among its members. */
export const firstOperator = (channel: ChatChannel): ChatMember | undefined => channel.members.find((m) => m.role === 'operator');

/** A message in a trading group from a client other than the first admin's (spec 02 §6). */
export function isBrokerToBroker(channel: ChatChannel, message: ChatMessage): boolean {
  if (channel.customType !== 'trading_group' || !message.sender) return false;
  const admin = firstOperator(channel);
  return admin !== undefined && message.sender.client_id !== admin.metaData.client_id;
}
