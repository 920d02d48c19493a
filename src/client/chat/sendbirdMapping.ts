/**
 * The slice of @sendbird/chat (v4) the Sendbird adapter uses, as structural types so tests can
 * stand a fake in for the SDK, and the mapping of its objects to the contract's entities. Sendbird
 * keeps user and channel metadata as strings ('true', '42'); the contract's are typed.
 */
import {
  CHANNEL_TYPES,
  type ChannelType,
  type ChatChannel,
  type ChatMember,
  type ChatMessage,
  type ChatUser,
} from '../../shared/contracts/chat';

export interface SdkUser {
  userId: string;
  nickname: string;
  metaData?: Record<string, string>;
}
export interface SdkMember extends SdkUser {
  role: string | null;
  connectionStatus: string;
  state: string | null;
  isMuted: boolean;
}
export interface SdkMessage {
  messageId: number;
  reqId: string;
  channelUrl: string;
  messageType: string;
  createdAt: number;
  updatedAt: number;
  data: string;
  customType: string | null;
  ogMetaData: unknown;
  sender?: SdkUser | null;
  message?: string;
  name?: string;
  type?: string;
  size?: number;
  url?: string;
}
export interface SdkRequest {
  onSucceeded(handler: (message: SdkMessage) => void): SdkRequest;
  onFailed(handler: (error: Error, message: unknown) => void): SdkRequest;
}
export interface SdkChannel {
  url: string;
  customType: string;
  name: string;
  memberCount: number;
  isDistinct: boolean;
  members: SdkMember[];
  lastMessage: SdkMessage | null;
  unreadMessageCount: number;
  myMemberState: string;
  myRole: string;
  myMutedState: string;
  inviter: SdkUser | null;
  creator: SdkUser | null;
  createdAt: number;
  invitedAt: number;
  data: string;
  cachedMetaData: object;
  sendUserMessage(params: { message: string; data?: string; customType?: string }): SdkRequest;
  sendFileMessage(params: { file: Blob; fileName: string; mimeType: string; fileSize?: number; data?: string }): SdkRequest;
  markAsRead(): Promise<void>;
  markAsDelivered(): Promise<void>;
  refresh(): Promise<SdkChannel>;
  leave(): Promise<void>;
  acceptInvitation(): Promise<SdkChannel>;
  declineInvitation(): Promise<unknown>;
  banUserWithUserId(userId: string): Promise<void>;
  unbanUserWithUserId(userId: string): Promise<void>;
  muteUserWithUserId(userId: string): Promise<void>;
  unmuteUserWithUserId(userId: string): Promise<void>;
  addOperators(userIds: string[]): Promise<void>;
  updateChannel(params: { name: string }): Promise<SdkChannel>;
  inviteWithUserIds(userIds: string[]): Promise<SdkChannel>;
  createBannedUserListQuery(params: { limit: number }): SdkUserListQuery;
  getMessagesByTimestamp(
    ts: number,
    params: { prevResultSize: number; nextResultSize: number; isInclusive?: boolean },
  ): Promise<SdkMessage[]>;
  deleteMessage(message: SdkMessage): Promise<void>;
}
export interface SdkListQuery {
  hasNext: boolean;
  next(): Promise<SdkChannel[]>;
}
export interface SdkUserListQuery {
  hasNext: boolean;
  next(): Promise<SdkUser[]>;
}
/** Handlers are the SDK's classes built from a params object of optional callbacks. */
export type SdkHandler = Record<string, ((...args: never[]) => void) | undefined>;
export interface SdkInstance {
  connect(userId: string, token: string): Promise<unknown>;
  disconnect(): Promise<void>;
  clearCachedData(): Promise<void>;
  addConnectionHandler(key: string, handler: unknown): void;
  removeConnectionHandler(key: string): void;
  setSessionHandler(handler: unknown): void;
  groupChannel: {
    createChannel(params: {
      invitedUserIds: string[];
      operatorUserIds: string[];
      name: string;
      customType: string;
      isDistinct: boolean;
      data?: string;
    }): Promise<SdkChannel>;
    getChannel(url: string): Promise<SdkChannel>;
    createMyGroupChannelListQuery(params: { includeEmpty: boolean; limit: number }): SdkListQuery;
    addGroupChannelHandler(key: string, handler: unknown): void;
    removeGroupChannelHandler(key: string): void;
  };
}
/** What the adapter loads lazily: the SDK's init and the classes it builds handlers and the module with. */
export interface SendbirdSdk {
  init(params: {
    appId: string;
    customApiHost?: string;
    customWebSocketHost?: string;
    modules: unknown[];
    localCacheEnabled: boolean;
  }): SdkInstance;
  GroupChannelModule: new () => unknown;
  GroupChannelHandler: new (params: SdkHandler) => unknown;
  ConnectionHandler: new (params: SdkHandler) => unknown;
  SessionHandler: new (params: SdkHandler) => unknown;
}

const user = (u: SdkUser | null) => (u ? { userId: u.userId, nickname: u.nickname } : null);
const clientIdOf = (meta: Record<string, string> | undefined) => Number.parseInt(meta?.client_id ?? '', 10) || 0;

export function toMember(m: SdkMember): ChatMember {
  const meta = m.metaData ?? {};
  return {
    userId: m.userId,
    nickname: m.nickname,
    role: m.role === 'operator' ? 'operator' : 'none',
    connectionStatus: m.connectionStatus === 'online' ? 'online' : 'offline',
    state: m.state === 'invited' ? 'invited' : 'joined',
    isMuted: m.isMuted,
    metaData: {
      is_staff: meta.is_staff === 'true',
      is_active: meta.is_active !== 'false',
      client_id: clientIdOf(meta),
      brand_name: meta.brand_name ?? '',
    },
  };
}

/** A person as the chatter search shows them (the user's metadata carries the client). */
export const toChatUser = (u: SdkUser): ChatUser => ({
  userId: u.userId,
  nickname: u.nickname,
  brand_name: u.metaData?.brand_name ?? '',
  client_id: clientIdOf(u.metaData),
});

export function toMessage(m: SdkMessage): ChatMessage {
  const messageType = m.messageType === 'file' || m.messageType === 'admin' ? m.messageType : 'user';
  return {
    messageId: m.messageId,
    reqId: m.reqId || String(m.messageId),
    channelUrl: m.channelUrl,
    messageType,
    sender: m.sender ? { userId: m.sender.userId, nickname: m.sender.nickname, client_id: clientIdOf(m.sender.metaData) } : null,
    message: m.message ?? '',
    data: m.data ?? '',
    customType: m.customType ?? '',
    file: messageType === 'file' ? { name: m.name ?? '', type: m.type ?? '', size: m.size ?? 0, url: m.url ?? '' } : null,
    ogMetaData: m.ogMetaData && typeof m.ogMetaData === 'object' ? (m.ogMetaData as Record<string, unknown>) : null,
    createdAt: m.createdAt,
    updatedAt: m.updatedAt,
  };
}

export function toChannel(c: SdkChannel): ChatChannel {
  const meta = c.cachedMetaData as Record<string, string>;
  return {
    url: c.url,
    customType: (CHANNEL_TYPES as readonly string[]).includes(c.customType) ? (c.customType as ChannelType) : '',
    name: c.name,
    memberCount: c.memberCount,
    isDistinct: c.isDistinct,
    members: c.members.map(toMember),
    lastMessage: c.lastMessage ? toMessage(c.lastMessage) : null,
    unreadMessageCount: c.unreadMessageCount,
    myMemberState: c.myMemberState === 'invited' ? 'invited' : 'joined',
    myRole: c.myRole === 'operator' ? 'operator' : 'none',
    isMutedByMe: c.myMutedState === 'muted',
    inviter: user(c.inviter),
    creator: user(c.creator),
    createdAt: c.createdAt,
    invitedAt: c.invitedAt > 0 ? c.invitedAt : null,
    data: c.data ?? '',
    metaData: { is_whatsapp_linked_channel: meta.is_whatsapp_linked_channel === 'true' },
  };
}
