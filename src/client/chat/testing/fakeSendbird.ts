/**
 * A fake of the slice of @sendbird/chat the adapter uses (never the real service, no network): it
 * records init params and calls, keeps channels and messages in memory, and lets a test fire the
 * handlers the adapter registered as the SDK would.
 */
import type { SdkChannel, SdkHandler, SdkInstance, SdkMessage, SdkRequest, SendbirdSdk } from '../sendbirdMapping';

class Handler {
  constructor(params: SdkHandler) {
    Object.assign(this, params);
  }
}

export function sdkMessage(messageId: number, over: Partial<SdkMessage> = {}): SdkMessage {
  return {
    messageId,
    reqId: `sdk-req-${messageId}`,
    channelUrl: 'sb-1',
    messageType: 'user',
    createdAt: 1_700_000_000_000 + messageId,
    updatedAt: 0,
    data: '',
    customType: '',
    ogMetaData: null,
    sender: { userId: 'u-bob', nickname: 'Bob', metaData: { client_id: '2' } },
    message: `m${messageId}`,
    ...over,
  };
}

const request = (outcome: () => SdkMessage): SdkRequest => {
  const handlers: { ok?: (m: SdkMessage) => void; fail?: (e: Error, m: unknown) => void } = {};
  queueMicrotask(() => {
    try {
      handlers.ok?.(outcome());
    } catch (e) {
      handlers.fail?.(e as Error, null);
    }
  });
  const self: SdkRequest = {
    onSucceeded: (h) => {
      handlers.ok = h;
      return self;
    },
    onFailed: (h) => {
      handlers.fail = h;
      return self;
    },
  };
  return self;
};

export function fakeSendbird() {
  const calls: unknown[][] = [];
  const log = (...call: unknown[]) => {
    calls.push(call);
  };
  const handlers = {
    connection: {} as Record<string, (...a: unknown[]) => void>,
    session: {} as Record<string, (...a: unknown[]) => void>,
    group: {} as Record<string, (...a: unknown[]) => void>,
  };
  let initParams: unknown = null;
  let connectError: unknown = null;
  const history: SdkMessage[] = [];
  /** How getChannel answers a url (customType, members…), beyond the default channel. */
  const shapes: Record<string, Partial<SdkChannel>> = {};
  let nextId = 100;

  function sdkChannel(url: string, over: Partial<SdkChannel> = {}): SdkChannel {
    const self: SdkChannel = {
      url,
      customType: 'trading_group',
      name: `SB ${url}`,
      memberCount: 2,
      isDistinct: false,
      members: [
        {
          userId: 'u-alice',
          nickname: 'Alice',
          role: 'operator',
          connectionStatus: 'online',
          state: 'joined',
          isMuted: false,
          metaData: { is_staff: 'false', client_id: '1', brand_name: 'Alpha' },
        },
        {
          userId: 'u-bob',
          nickname: 'Bob',
          role: 'none',
          connectionStatus: 'nonavailable',
          state: 'invited',
          isMuted: true,
          metaData: { is_staff: 'true', client_id: '2', brand_name: 'Beta', is_active: 'false' },
        },
      ],
      lastMessage: null,
      unreadMessageCount: 3,
      myMemberState: 'joined',
      myRole: 'operator',
      myMutedState: 'unmuted',
      inviter: null,
      creator: { userId: 'u-alice', nickname: 'Alice' },
      createdAt: 1_700_000_000_000,
      invitedAt: 0,
      data: '{"x":1}',
      cachedMetaData: { is_whatsapp_linked_channel: 'true' },
      sendUserMessage: (p) => {
        log('sendUserMessage', url, p);
        return request(() => sdkMessage(nextId++, { channelUrl: url, message: p.message, data: p.data ?? '' }));
      },
      sendFileMessage: (p) => {
        log('sendFileMessage', url, { fileName: p.fileName, mimeType: p.mimeType, fileSize: p.fileSize });
        return request(() =>
          sdkMessage(nextId++, {
            channelUrl: url,
            messageType: 'file',
            name: p.fileName,
            type: p.mimeType,
            size: p.fileSize ?? 0,
            url: 'https://files/x',
          }),
        );
      },
      markAsRead: async () => log('markAsRead', url),
      markAsDelivered: async () => log('markAsDelivered', url),
      refresh: async () => {
        log('refresh', url);
        return self;
      },
      leave: async () => log('leave', url),
      acceptInvitation: async () => {
        log('acceptInvitation', url);
        return self;
      },
      declineInvitation: async () => {
        log('declineInvitation', url);
        return self;
      },
      banUserWithUserId: async (id) => log('ban', url, id),
      unbanUserWithUserId: async (id) => log('unban', url, id),
      muteUserWithUserId: async (id) => log('mute', url, id),
      unmuteUserWithUserId: async (id) => log('unmute', url, id),
      addOperators: async (ids) => log('addOperators', url, ids),
      updateChannel: async (p) => {
        log('updateChannel', url, p);
        self.name = p.name;
        return self;
      },
      inviteWithUserIds: async (ids) => {
        log('inviteWithUserIds', url, ids);
        return self;
      },
      createBannedUserListQuery: (p) => {
        log('createBannedUserListQuery', url, p);
        const pages = [[{ userId: 'u-carl', nickname: 'Carl', metaData: { client_id: '3', brand_name: 'Gamma' } }]];
        return {
          get hasNext() {
            return pages.length > 0;
          },
          next: async () => pages.shift() ?? [],
        };
      },
      getMessagesByTimestamp: async (ts, params) => {
        log('getMessagesByTimestamp', url, ts, params);
        if (params.prevResultSize > 0) return history.filter((m) => m.createdAt < ts).slice(-params.prevResultSize);
        return history.filter((m) => m.createdAt > ts).slice(0, params.nextResultSize);
      },
      deleteMessage: async (m) => log('deleteMessage', url, m.messageId),
      ...over,
    };
    return self;
  }

  const instance: SdkInstance = {
    connect: async (userId, token) => {
      log('connect', userId, token);
      if (connectError) throw connectError;
      return { userId };
    },
    disconnect: async () => log('disconnect'),
    clearCachedData: async () => log('clearCachedData'),
    addConnectionHandler: (_key, h) => {
      handlers.connection = h as never;
    },
    removeConnectionHandler: () => undefined,
    setSessionHandler: (h) => {
      handlers.session = h as never;
    },
    groupChannel: {
      createChannel: async (params) => {
        log('createChannel', params);
        const url = params.customType === 'direct' ? `sb-dc-${params.invitedUserIds.join('-')}` : 'sb-new';
        return sdkChannel(url, { customType: params.customType, name: params.name });
      },
      getChannel: async (url) => sdkChannel(url, shapes[url]),
      createMyGroupChannelListQuery: (params) => {
        log('createMyGroupChannelListQuery', params);
        const pages = [[sdkChannel('sb-1'), sdkChannel('sb-2')], [sdkChannel('sb-3')]];
        return {
          get hasNext() {
            return pages.length > 0;
          },
          next: async () => pages.shift() ?? [],
        };
      },
      addGroupChannelHandler: (_key, h) => {
        handlers.group = h as never;
      },
      removeGroupChannelHandler: () => undefined,
    },
  };

  const sdk: SendbirdSdk = {
    init: (params) => {
      initParams = params;
      return instance;
    },
    GroupChannelModule: class GroupChannelModule {},
    GroupChannelHandler: Handler,
    ConnectionHandler: Handler,
    SessionHandler: Handler,
  };
  return {
    sdk,
    calls,
    handlers,
    sdkChannel,
    history,
    shapes,
    get initParams() {
      return initParams;
    },
    failConnectWith: (error: unknown) => {
      connectError = error;
    },
  };
}
