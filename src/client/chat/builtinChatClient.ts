/**
 * The built-in ChatClient adapter (DESIGN §8): our api/chat/ calls with the Bearer token (the app's
 * http layer, which refreshes it on 401) and the chat session in X-Chat-Session; events from the
 * live feed's `chat` messages; connection state from the live feed's. A 401 with a chat session
 * code is the chat session's problem, not the access token's: it becomes a ChatSessionError and a
 * `session.error` event for the chatConnection machine (spec 02 §4 Session token problems).
 */
import { z } from 'zod';
import { CHAT_SESSION_ERRORS, chatChannelSchema, chatMessageSchema, chatUserSchema } from '../../shared/contracts/chat';
import type { LiveMessageOf } from '../../shared/contracts/live';
import { ApiRequestError, apiRequest, type HttpMethod } from '../api/http';
import {
  ChatSessionError,
  chatEventHub,
  requireChannel,
  requireInvitees,
  SdkNotInitialisedError,
  type ChatClient,
  type ChatEvent,
  type ChatSessionErrorKind,
} from './chatClient';

export type LiveChatMessage = LiveMessageOf<'chat'>;

/** What the adapter needs of the live feed. */
export interface LiveChatFeed {
  /** Calls `handler` with each `chat` message; returns the unsubscribe. */
  subscribe(handler: (message: LiveChatMessage) => void): () => void;
  /** Calls `listener` at once with whether the feed is live, then on every change; returns the unsubscribe. */
  watchConnection(listener: (live: boolean) => void): () => void;
}

const BASE = '/api/chat';
const SESSION_KINDS: Record<string, ChatSessionErrorKind> = {
  [CHAT_SESSION_ERRORS.tokenInvalid]: 'tokenInvalid',
  [CHAT_SESSION_ERRORS.tokenExpired]: 'tokenExpired',
  [CHAT_SESSION_ERRORS.sessionRevoked]: 'sessionRevoked',
  [CHAT_SESSION_ERRORS.userDeactivated]: 'userDeactivated',
};
const sessionKindOf = (data: unknown): ChatSessionErrorKind | undefined => {
  const code = (data as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? SESSION_KINDS[code] : undefined;
};

const channelList = z.object({ channels: z.array(chatChannelSchema) });
const messagePage = z.object({ messages: z.array(chatMessageSchema), has_more: z.boolean() });
const bannedList = z.object({ users: z.array(chatUserSchema) });

const channelPath = (url: string, rest = '') => `${BASE}/channels/${encodeURIComponent(url)}/${rest}`;

/** The live feed's chat message as a ChatClient event. */
export function chatEventOf(message: LiveChatMessage): ChatEvent {
  const channelUrl = message.channel_url;
  switch (message.action) {
    case 'channel_changed':
      return { type: 'channel.changed', channelUrl };
    case 'channel_deleted':
      return { type: 'channel.deleted', channelUrl };
    case 'message_received':
    case 'message_updated':
      // Without the message itself the channel is refetched (its last message tells what changed).
      if (!message.message) return { type: 'channel.changed', channelUrl };
      return { type: message.action === 'message_received' ? 'message.received' : 'message.updated', channelUrl, message: message.message };
    case 'message_deleted':
      return message.message_id === undefined
        ? { type: 'channel.changed', channelUrl }
        : { type: 'message.deleted', channelUrl, messageId: message.message_id };
    case 'read':
    case 'delivered':
      return { type: 'receipt.changed', channelUrl, kind: message.action };
    default:
      return { type: 'membership.changed', channelUrl, action: message.action, userId: message.user_id ?? null };
  }
}

export function createBuiltinChatClient(live: LiveChatFeed): ChatClient {
  const hub = chatEventHub();
  let session: { userId: string; token: string } | null = null;
  let unsubscribe: (() => void)[] = [];

  async function call<T>(
    method: HttpMethod,
    url: string,
    options: { body?: unknown; query?: Record<string, string | number | undefined>; schema?: z.ZodType<T> } = {},
    token?: string,
  ): Promise<T> {
    const chatToken = token ?? session?.token;
    if (!chatToken) throw new SdkNotInitialisedError();
    try {
      return await apiRequest<T>(method, url, {
        ...options,
        headers: { 'X-Chat-Session': chatToken },
        ownsUnauthorized: (data) => sessionKindOf(data) !== undefined,
      });
    } catch (error) {
      const kind = error instanceof ApiRequestError && error.status === 401 ? sessionKindOf(error.data) : undefined;
      if (!kind) throw error;
      // While connecting, the connect's own failure reports it; afterwards the machine hears an event.
      if (session && token === undefined) hub.publish({ type: 'session.error', kind });
      throw new ChatSessionError(kind, (error as Error).message);
    }
  }

  function follow() {
    let wasLive: boolean | null = null;
    unsubscribe = [
      live.subscribe((message) => hub.publish(chatEventOf(message))),
      live.watchConnection((isLive) => {
        if (wasLive === null) {
          if (!isLive) hub.publish({ type: 'connection.disconnected' });
        } else if (isLive && !wasLive) hub.publish({ type: 'connection.reconnectSucceeded' });
        else if (!isLive && wasLive) hub.publish({ type: 'connection.reconnectStarted' });
        wasLive = isLive;
      }),
    ];
  }

  return {
    get isInitialised() {
      return session !== null;
    },
    async connect(userId, token) {
      // The channel list proves the token (a bad one is a 401 with its code) before chat says it is online.
      await call('GET', `${BASE}/channels/`, { schema: channelList }, token);
      for (const stop of unsubscribe) stop();
      session = { userId, token };
      follow();
    },
    async disconnect() {
      for (const stop of unsubscribe) stop();
      unsubscribe = [];
      session = null;
    },
    // Nothing kept here: message pages live in the query cache, which the connection clears.
    async clearCachedData() {},
    listChannels: async () => (await call('GET', `${BASE}/channels/`, { schema: channelList })).channels,
    getChannel: (url) => call('GET', channelPath(url), { schema: chatChannelSchema }),
    createChannel: async (params) => {
      const { customType, name, invitedUserIds, operatorUserIds } = requireInvitees(params);
      // Only direct chats are distinct (spec 02 §7).
      const body = {
        customType,
        name: name ?? '',
        invitedUserIds,
        operatorUserIds: operatorUserIds ?? [],
        isDistinct: customType === 'direct',
      };
      return call('POST', `${BASE}/channels/`, { body, schema: chatChannelSchema });
    },
    rename: (url, name) => call('PATCH', channelPath(url), { body: { name }, schema: chatChannelSchema }),
    invite: (url, userIds) => call('POST', channelPath(url, 'invite/'), { body: { user_ids: userIds }, schema: chatChannelSchema }),
    sendUserMessage: async (channelUrl, params) => {
      const url = requireChannel(channelUrl);
      return call('POST', channelPath(url, 'messages/'), { body: { data: '', customType: '', ...params }, schema: chatMessageSchema });
    },
    sendFileMessage: async (channelUrl, params) => {
      const url = requireChannel(channelUrl);
      const form = new FormData();
      form.append('file', new Blob([params.file], { type: params.mimeType }), params.fileName);
      form.append('req_id', params.reqId);
      if (params.data) form.append('data', params.data);
      return call('POST', channelPath(url, 'files/'), { body: form, schema: chatMessageSchema });
    },
    markRead: (url) => call<void>('PUT', channelPath(url, 'read/')),
    markDelivered: (url) => call<void>('PUT', channelPath(url, 'delivered/')),
    leave: (url) => call<void>('POST', channelPath(url, 'leave/')),
    acceptInvitation: (url) => call('POST', channelPath(url, 'accept/'), { schema: chatChannelSchema }),
    declineInvitation: (url) => call<void>('POST', channelPath(url, 'decline/')),
    ban: (url, userId) => call<void>('POST', channelPath(url, 'ban/'), { body: { user_id: userId } }),
    unban: (url, userId) => call<void>('POST', channelPath(url, 'unban/'), { body: { user_id: userId } }),
    bannedUsers: async (url) => (await call('GET', channelPath(url, 'banned/'), { schema: bannedList })).users,
    mute: (url, userId) => call<void>('POST', channelPath(url, 'mute/'), { body: { user_id: userId } }),
    unmute: (url, userId) => call<void>('POST', channelPath(url, 'unmute/'), { body: { user_id: userId } }),
    addOperators: (url, userIds) =>
      call('POST', channelPath(url, 'operators/'), { body: { user_ids: userIds }, schema: chatChannelSchema }),
    async loadPrevious(url, before) {
      const page = await call('GET', channelPath(url, 'messages/'), { query: { before: before ?? undefined }, schema: messagePage });
      return { messages: page.messages, hasMore: page.has_more };
    },
    deleteMessage: (url, messageId) => call<void>('DELETE', channelPath(url, `messages/${messageId}/`)),
    subscribe: (listener) => hub.subscribe(listener),
  };
}
