/**
 * The Sendbird ChatClient adapter (DESIGN §8): @sendbird/chat v4 with its GroupChannelModule,
 * loaded lazily (a dynamic import, so the SDK is not in the main bundle) when SENDBIRD_APP_ID is
 * set. The SDK talks only to Sendbird's service — its licence forbids pointing it at our server;
 * the proxy flag of spec 02 §7 sends it to an external host's /api/sendbird and ws/sendbird.
 * SDK errors and handler callbacks become the port's typed errors and events.
 */
import { CHAT_LIMITS } from '../../shared/contracts/chat';
import {
  ChatSessionError,
  chatEventHub,
  requireChannel,
  requireInvitees,
  SdkNotInitialisedError,
  type ChatClient,
  type ChatEvent,
  type ChatSessionErrorKind,
  type MessagePage,
} from './chatClient';
import {
  toChannel,
  toChatUser,
  toMessage,
  type SdkChannel,
  type SdkInstance,
  type SdkMessage,
  type SdkRequest,
  type SdkUser,
  type SendbirdSdk,
} from './sendbirdMapping';

export interface SendbirdConfig {
  appId: string;
  /** Spec 02 §7 proxy flag: the external host (never ours) that relays /api/sendbird and ws/sendbird. */
  proxyHost?: string | null;
}

/** The SDK's custom hosts for the proxy flag; none without it. */
export function sendbirdHosts(config: SendbirdConfig, ownHost: string): { customApiHost?: string; customWebSocketHost?: string } {
  if (!config.proxyHost) return {};
  if (config.proxyHost === ownHost)
    throw new Error("The Sendbird SDK may talk only to Sendbird's service: the proxy must be an external host");
  return { customApiHost: `https://${config.proxyHost}/api/sendbird`, customWebSocketHost: `wss://${config.proxyHost}/ws/sendbird` };
}

/** Sendbird's error codes for the session problems of spec 02 §4. */
const SESSION_CODES: Record<number, ChatSessionErrorKind> = {
  400111: 'tokenInvalid',
  400302: 'tokenExpired',
  400300: 'userDeactivated',
  400301: 'userDeleted',
  400309: 'sessionExpired',
  400310: 'sessionRevoked',
};
const sessionKindOf = (error: unknown) => SESSION_CODES[(error as { code?: number } | null)?.code ?? 0];

/** Loads the SDK on first use (its own chunk). */
export async function loadSendbirdSdk(): Promise<SendbirdSdk> {
  const [core, group] = await Promise.all([import('@sendbird/chat'), import('@sendbird/chat/groupChannel')]);
  return {
    init: (params) => core.default.init(params as never) as unknown as SdkInstance,
    GroupChannelModule: group.GroupChannelModule,
    GroupChannelHandler: group.GroupChannelHandler as never,
    ConnectionHandler: core.ConnectionHandler as never,
    SessionHandler: core.SessionHandler as never,
  };
}

const HANDLER_KEY = 'kosh-chat';
const MAX_SAFE_START = Number.MAX_SAFE_INTEGER;

export function createSendbirdChatClient(
  config: SendbirdConfig,
  loadSdk: () => Promise<SendbirdSdk> = loadSendbirdSdk,
  ownHost = window.location.host,
): ChatClient {
  const hub = chatEventHub();
  const known = new Map<number, SdkMessage>();
  let sb: SdkInstance | null = null;
  let connected = false;
  let me = '';

  const ready = () => {
    if (!sb || !connected) throw new SdkNotInitialisedError();
    return sb;
  };
  const channel = async (url: string) => ready().groupChannel.getChannel(url);
  const remember = (messages: SdkMessage[]) => {
    for (const m of messages) known.set(m.messageId, m);
    return messages.map(toMessage);
  };
  const sent = (request: SdkRequest) =>
    new Promise<SdkMessage>((resolve, reject) => {
      request.onSucceeded(resolve).onFailed((error) => reject(error));
    });
  const membership = (channelUrl: string, action: Extract<ChatEvent, { type: 'membership.changed' }>['action'], u: SdkUser | null) =>
    hub.publish({ type: 'membership.changed', channelUrl, action, userId: u?.userId ?? null });

  function listen(sdk: SendbirdSdk, instance: SdkInstance) {
    instance.addConnectionHandler(
      HANDLER_KEY,
      new sdk.ConnectionHandler({
        onConnected: () => hub.publish({ type: 'connection.connected' }),
        onDisconnected: () => hub.publish({ type: 'connection.disconnected' }),
        onReconnectStarted: () => hub.publish({ type: 'connection.reconnectStarted' }),
        onReconnectSucceeded: () => hub.publish({ type: 'connection.reconnectSucceeded' }),
        onReconnectFailed: () => hub.publish({ type: 'connection.reconnectFailed' }),
      }),
    );
    instance.setSessionHandler(
      new sdk.SessionHandler({
        // The chatConnection machine fetches the new token and connects once more (spec 02 §4).
        onSessionTokenRequired: ((_resolve: (token: string) => void, reject: () => void) => {
          reject();
          hub.publish({ type: 'session.error', kind: 'tokenExpired' });
        }) as never,
        onSessionClosed: () => hub.publish({ type: 'session.error', kind: 'sessionRevoked' }),
        onSessionError: ((error: unknown) => {
          const kind = sessionKindOf(error);
          if (kind) hub.publish({ type: 'session.error', kind });
        }) as never,
      }),
    );
    instance.groupChannel.addGroupChannelHandler(
      HANDLER_KEY,
      new sdk.GroupChannelHandler({
        onChannelChanged: ((c: SdkChannel) => hub.publish({ type: 'channel.changed', channelUrl: c.url, channel: toChannel(c) })) as never,
        onChannelDeleted: ((url: string) => hub.publish({ type: 'channel.deleted', channelUrl: url })) as never,
        onMessageReceived: ((c: SdkChannel, m: SdkMessage) =>
          hub.publish({ type: 'message.received', channelUrl: c.url, message: remember([m])[0]! })) as never,
        onMessageUpdated: ((c: SdkChannel, m: SdkMessage) =>
          hub.publish({ type: 'message.updated', channelUrl: c.url, message: remember([m])[0]! })) as never,
        onMessageDeleted: ((c: SdkChannel, id: number) => {
          known.delete(id);
          hub.publish({ type: 'message.deleted', channelUrl: c.url, messageId: id });
        }) as never,
        onUserReceivedInvitation: ((c: SdkChannel, _inviter: SdkUser | null, invitees: SdkUser[]) => {
          for (const u of invitees) membership(c.url, 'invited', u);
        }) as never,
        onUserDeclinedInvitation: ((c: SdkChannel, _inviter: SdkUser, invitee: SdkUser) => membership(c.url, 'declined', invitee)) as never,
        onUserJoined: ((c: SdkChannel, u: SdkUser) => membership(c.url, 'user_joined', u)) as never,
        onUserLeft: ((c: SdkChannel, u: SdkUser) => membership(c.url, 'user_left', u)) as never,
        onUserBanned: ((c: SdkChannel, u: SdkUser) => membership(c.url, 'user_banned', u)) as never,
        onUserUnbanned: ((c: SdkChannel, u: SdkUser) => membership(c.url, 'user_unbanned', u)) as never,
        onUserMuted: ((c: SdkChannel, u: SdkUser) => membership(c.url, 'user_muted', u)) as never,
        onUserUnmuted: ((c: SdkChannel, u: SdkUser) => membership(c.url, 'user_unmuted', u)) as never,
        onUserMarkedRead: ((c: SdkChannel) => hub.publish({ type: 'receipt.changed', channelUrl: c.url, kind: 'read' })) as never,
        onUndeliveredMemberStatusUpdated: ((c: SdkChannel) =>
          hub.publish({ type: 'receipt.changed', channelUrl: c.url, kind: 'delivered' })) as never,
      }),
    );
  }

  /**
   * A message to a broadcast list goes to the direct chat with each of its members as well (spec
   * 02 §3: direct chats a broadcast creates carry created_from); the SDK has no such fan-out.
   */
  async function fanOut(list: SdkChannel, params: { message: string; data?: string; customType?: string }) {
    for (const member of list.members.filter((m) => m.userId !== me)) {
      const direct = await ready().groupChannel.createChannel({
        invitedUserIds: [member.userId],
        operatorUserIds: [],
        name: '',
        customType: 'direct',
        isDistinct: true,
        data: JSON.stringify({ created_from: list.url }),
      });
      await sent(direct.sendUserMessage(params));
    }
  }

  async function pageBefore(url: string, ts: number): Promise<MessagePage> {
    const size = CHAT_LIMITS.messagePageSize;
    const found = await (await channel(url)).getMessagesByTimestamp(ts, { prevResultSize: size, nextResultSize: 0, isInclusive: false });
    return { messages: remember(found).sort((a, b) => a.createdAt - b.createdAt), hasMore: found.length >= size };
  }

  return {
    get isInitialised() {
      return connected;
    },
    async connect(userId, token) {
      if (!sb) {
        const sdk = await loadSdk();
        sb = sdk.init({
          appId: config.appId,
          ...sendbirdHosts(config, ownHost),
          modules: [new sdk.GroupChannelModule()],
          localCacheEnabled: false,
        });
        listen(sdk, sb);
      }
      try {
        await sb.connect(userId, token);
      } catch (error) {
        const kind = sessionKindOf(error);
        throw kind ? new ChatSessionError(kind, (error as Error).message) : error;
      }
      connected = true;
      me = userId;
    },
    async disconnect() {
      connected = false;
      await sb?.disconnect();
    },
    async clearCachedData() {
      known.clear();
      await sb?.clearCachedData();
    },
    async listChannels() {
      const query = ready().groupChannel.createMyGroupChannelListQuery({ includeEmpty: true, limit: 100 });
      const all: SdkChannel[] = [];
      while (query.hasNext) all.push(...(await query.next()));
      return all.map(toChannel);
    },
    getChannel: async (url) => toChannel(await (await channel(url)).refresh()),
    async createChannel(params) {
      const { customType, name, invitedUserIds, operatorUserIds } = requireInvitees(params);
      const created = await ready().groupChannel.createChannel({
        invitedUserIds,
        operatorUserIds: operatorUserIds ?? [],
        name: name ?? '',
        customType,
        isDistinct: customType === 'direct',
      });
      return toChannel(created);
    },
    rename: async (url, name) => toChannel(await (await channel(url)).updateChannel({ name })),
    invite: async (url, userIds) => toChannel(await (await channel(url)).inviteWithUserIds(userIds)),
    async bannedUsers(url) {
      const query = (await channel(url)).createBannedUserListQuery({ limit: 100 });
      const all: SdkUser[] = [];
      while (query.hasNext) all.push(...(await query.next()));
      return all.map(toChatUser);
    },
    async sendUserMessage(channelUrl, params) {
      const c = await channel(requireChannel(channelUrl));
      const body = { message: params.message, data: params.data ?? '', customType: params.customType ?? '' };
      const message = remember([await sent(c.sendUserMessage(body))])[0]!;
      if (c.customType === 'broadcast') await fanOut(c, body);
      return message;
    },
    async sendFileMessage(channelUrl, params) {
      const c = await channel(requireChannel(channelUrl));
      const file = {
        file: params.file,
        fileName: params.fileName,
        mimeType: params.mimeType,
        fileSize: params.file.size,
        data: params.data ?? '',
      };
      return remember([await sent(c.sendFileMessage(file))])[0]!;
    },
    markRead: async (url) => (await channel(url)).markAsRead(),
    markDelivered: async (url) => (await channel(url)).markAsDelivered(),
    leave: async (url) => (await channel(url)).leave(),
    acceptInvitation: async (url) => toChannel(await (await channel(url)).acceptInvitation()),
    declineInvitation: async (url) => {
      await (await channel(url)).declineInvitation();
    },
    ban: async (url, userId) => (await channel(url)).banUserWithUserId(userId),
    unban: async (url, userId) => (await channel(url)).unbanUserWithUserId(userId),
    mute: async (url, userId) => (await channel(url)).muteUserWithUserId(userId),
    unmute: async (url, userId) => (await channel(url)).unmuteUserWithUserId(userId),
    async addOperators(url, userIds) {
      const c = await channel(url);
      await c.addOperators(userIds);
      return toChannel(await c.refresh());
    },
    // The newest page starts from the largest safe time (spec 02 §9).
    loadPrevious: (url, before) => pageBefore(url, before ?? MAX_SAFE_START),
    async deleteMessage(url, messageId) {
      const message = known.get(messageId);
      // The SDK deletes a message object it handed out; one never loaded here cannot be deleted.
      if (!message) throw new Error(`Message ${messageId} is not loaded`);
      await (await channel(url)).deleteMessage(message);
      known.delete(messageId);
    },
    subscribe: (listener) => hub.subscribe(listener),
  };
}
