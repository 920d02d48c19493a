/** Contract-shaped chat entities for tests: a channel, a member and a message with sensible defaults. */
import type { ChatChannel, ChatMember, ChatMessage } from '../../../shared/contracts/chat';

export function chatMember(userId: string, over: Partial<ChatMember> & { meta?: Partial<ChatMember['metaData']> } = {}): ChatMember {
  const { meta, ...rest } = over;
  return {
    userId,
    nickname: `Nick ${userId}`,
    role: 'none',
    connectionStatus: 'online',
    state: 'joined',
    isMuted: false,
    metaData: { is_staff: false, is_active: true, client_id: 1, brand_name: 'Alpha Securities', ...meta },
    ...rest,
  };
}

export function chatMessage(messageId: number, over: Partial<ChatMessage> = {}): ChatMessage {
  return {
    messageId,
    reqId: `req-${messageId}`,
    channelUrl: 'ch-1',
    messageType: 'user',
    sender: { userId: 'u-bob', nickname: 'Bob', client_id: 2 },
    message: `hello ${messageId}`,
    data: '',
    customType: '',
    file: null,
    ogMetaData: null,
    createdAt: 1_700_000_000_000 + messageId * 1000,
    updatedAt: 1_700_000_000_000 + messageId * 1000,
    ...over,
  };
}

export function chatChannel(url: string, over: Partial<ChatChannel> = {}): ChatChannel {
  return {
    url,
    customType: 'group',
    name: `Channel ${url}`,
    memberCount: 2,
    isDistinct: false,
    members: [chatMember('u-alice'), chatMember('u-bob', { meta: { client_id: 2 } })],
    lastMessage: null,
    unreadMessageCount: 0,
    myMemberState: 'joined',
    myRole: 'none',
    isMutedByMe: false,
    inviter: null,
    creator: { userId: 'u-alice', nickname: 'Alice' },
    createdAt: 1_700_000_000_000,
    invitedAt: null,
    data: '',
    metaData: { is_whatsapp_linked_channel: false },
    ...over,
  };
}
