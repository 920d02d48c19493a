/**
 * The ChatClient port (DESIGN §8, spec 02 §7 Chat service operations): what the chat views and the
 * chatConnection machine ask of a chat service, in the contract's entities. Two adapters implement
 * it: the built-in one (our api/chat/ and the live feed) and the Sendbird one (@sendbird/chat).
 */
import type { ChatSessionErrorKind } from '../../../machines/chatConnection.machine';
import { CHAT_MESSAGES, type ChatChannel, type ChatMessage, type ChatUser } from '../../shared/contracts/chat';

export { CHAT_SESSION_ERROR_KINDS, isTokenProblem, type ChatSessionErrorKind } from '../../../machines/chatConnection.machine';

/** Membership changes a channel's members see (the live feed's chat actions and the SDK's handlers). */
export type ChatMembershipAction =
  'invited' | 'declined' | 'user_joined' | 'user_left' | 'user_banned' | 'user_unbanned' | 'user_muted' | 'user_unmuted';

export type ChatEvent =
  | { type: 'connection.connected' }
  | { type: 'connection.disconnected' }
  | { type: 'connection.reconnectStarted' }
  | { type: 'connection.reconnectSucceeded' }
  | { type: 'connection.reconnectFailed' }
  | { type: 'session.error'; kind: ChatSessionErrorKind }
  /** The channel changed; `channel` when the adapter has it at hand, else refresh it. */
  | { type: 'channel.changed'; channelUrl: string; channel?: ChatChannel }
  | { type: 'channel.deleted'; channelUrl: string }
  | { type: 'message.received'; channelUrl: string; message: ChatMessage }
  | { type: 'message.updated'; channelUrl: string; message: ChatMessage }
  | { type: 'message.deleted'; channelUrl: string; messageId: number }
  | { type: 'membership.changed'; channelUrl: string; action: ChatMembershipAction; userId: string | null }
  | { type: 'receipt.changed'; channelUrl: string; kind: 'read' | 'delivered' };

export interface CreateChannelParams {
  customType: 'direct' | 'group' | 'trading_group' | 'broadcast';
  name?: string;
  invitedUserIds: string[];
  operatorUserIds?: string[];
}

export interface SendUserMessageParams {
  reqId: string;
  message: string;
  data?: string;
  customType?: string;
}
export interface SendFileMessageParams {
  reqId: string;
  file: Blob;
  fileName: string;
  mimeType: string;
  data?: string;
}
export interface MessagePage {
  messages: ChatMessage[];
  hasMore: boolean;
}

export interface ChatClient {
  /** Connects as `userId` with a session token from `POST api/issue-sb-session-token`; rejects with ChatSessionError on token problems. */
  connect(userId: string, token: string): Promise<void>;
  disconnect(): Promise<void>;
  /** Drops whatever the adapter cached (spec 02 §4: on deactivated, deleted, expired or revoked sessions). */
  clearCachedData(): Promise<void>;
  readonly isInitialised: boolean;
  listChannels(): Promise<ChatChannel[]>;
  getChannel(url: string): Promise<ChatChannel>;
  /** A broadcast list's invitees are its recipients: a message sent to it goes to a direct chat with each (created ones carry created_from). */
  createChannel(params: CreateChannelParams): Promise<ChatChannel>;
  /** Operators rename a group, trading group or broadcast list. */
  rename(channelUrl: string, name: string): Promise<ChatChannel>;
  /** Members invite more people to a group or trading group (operators to a broadcast list). */
  invite(channelUrl: string, userIds: string[]): Promise<ChatChannel>;
  sendUserMessage(channelUrl: string | null, params: SendUserMessageParams): Promise<ChatMessage>;
  sendFileMessage(channelUrl: string | null, params: SendFileMessageParams): Promise<ChatMessage>;
  markRead(channelUrl: string): Promise<void>;
  markDelivered(channelUrl: string): Promise<void>;
  leave(channelUrl: string): Promise<void>;
  acceptInvitation(channelUrl: string): Promise<ChatChannel>;
  declineInvitation(channelUrl: string): Promise<void>;
  ban(channelUrl: string, userId: string): Promise<void>;
  unban(channelUrl: string, userId: string): Promise<void>;
  /** The people banned from the channel (operators), for unban. */
  bannedUsers(channelUrl: string): Promise<ChatUser[]>;
  mute(channelUrl: string, userId: string): Promise<void>;
  unmute(channelUrl: string, userId: string): Promise<void>;
  addOperators(channelUrl: string, userIds: string[]): Promise<ChatChannel>;
  /** Messages strictly before `before` (ms), newest page when null, oldest first. */
  loadPrevious(channelUrl: string, before: number | null): Promise<MessagePage>;
  deleteMessage(channelUrl: string, messageId: number): Promise<void>;
  /** Calls `listener` with every chat event; returns the unsubscribe. */
  subscribe(listener: (event: ChatEvent) => void): () => void;
}

/** Spec 02 §5: sending with no current channel. */
export class NoCurrentChannelError extends Error {
  constructor() {
    super(CHAT_MESSAGES.noCurrentChannel);
    this.name = 'NoCurrentChannelError';
  }
}
/** Spec 02 §5: creating a channel with no user. */
export class NoUserFoundError extends Error {
  constructor() {
    super(CHAT_MESSAGES.noUserFound);
    this.name = 'NoUserFoundError';
  }
}
/** Spec 02 §5: using the chat service before it is set up (connected). */
export class SdkNotInitialisedError extends Error {
  constructor() {
    super(CHAT_MESSAGES.sdkNotInitialised);
    this.name = 'SdkNotInitialisedError';
  }
}
/** A session problem of spec 02 §4, whatever the adapter's own code for it. */
export class ChatSessionError extends Error {
  constructor(
    readonly kind: ChatSessionErrorKind,
    message: string = kind,
  ) {
    super(message);
    this.name = 'ChatSessionError';
  }
}

/** The channel a send goes to, or the no-current-channel error. */
export function requireChannel(channelUrl: string | null): string {
  if (!channelUrl) throw new NoCurrentChannelError();
  return channelUrl;
}

/** The invitees of a new channel, or the no-user-found error. */
export function requireInvitees(params: CreateChannelParams): CreateChannelParams {
  if (params.invitedUserIds.filter((id) => id.trim() !== '').length === 0) throw new NoUserFoundError();
  return params;
}

/** A small listener set: adapters publish their events through one. */
export function chatEventHub() {
  const listeners = new Set<(event: ChatEvent) => void>();
  return {
    publish(event: ChatEvent) {
      for (const listener of [...listeners]) listener(event);
    },
    subscribe(listener: (event: ChatEvent) => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
