/**
 * Chat (spec 02 §1–9, DESIGN §8): the entities every chat adapter speaks (channel, member, message,
 * spec 02 §3, in the chat service's own field names), the session-token calls of spec 02 §7, and
 * the built-in chat service's calls — ours, under `api/chat/`, used only by the built-in adapter
 * (the Sendbird adapter talks to Sendbird) except the people search, our directory, which every
 * adapter uses with the Bearer token alone. Built-in calls need the Bearer access token AND an
 * active chat session (`X-Chat-Session: <token>` from `POST api/issue-sb-session-token`): a missing,
 * expired or revoked session is a 401 with a code from CHAT_SESSION_ERRORS, which the client's
 * chatConnection machine handles as spec 02 §4 "Session token problems" says.
 *
 * Built-in calls (all JSON unless noted; `:url` is a channel url):
 *   GET    api/chat/channels/                      → { channels: ChatChannel[] } (joined and invited; filtered server-side by membership only)
 *   POST   api/chat/channels/                      createChannelSchema → ChatChannel (201; a distinct direct chat that exists → 200 with it)
 *   GET    api/chat/channels/:url/                 → ChatChannel
 *   PATCH  api/chat/channels/:url/                 { name } (operators) → ChatChannel
 *   POST   api/chat/channels/:url/invite/          { user_ids } (members of a group/trading group; operators for broadcast) → ChatChannel
 *   POST   api/chat/channels/:url/accept/          → ChatChannel       (an invited user joins)
 *   POST   api/chat/channels/:url/decline/         → 204               (an invited user declines; see spec 02 §4 Declined invitation)
 *   POST   api/chat/channels/:url/leave/           → 204
 *   POST   api/chat/channels/:url/ban/             { user_id } (operators) → 204;  …/unban/ likewise
 *   POST   api/chat/channels/:url/mute/            { user_id } (operators) → 204;  …/unmute/ likewise
 *   POST   api/chat/channels/:url/operators/       { user_ids } (operators; adds these members as operators too) → ChatChannel
 *   GET    api/chat/channels/:url/messages/        messagePageQuerySchema → { messages: ChatMessage[], has_more: boolean }
 *   POST   api/chat/channels/:url/messages/        sendMessageSchema → ChatMessage (201; the same req_id again → the first message, 200)
 *   POST   api/chat/channels/:url/files/           multipart: file (+ req_id, data) → ChatMessage (201)
 *   GET    api/chat/files/:messageId/              → the file's bytes (members and the client's compliance only)
 *   DELETE api/chat/channels/:url/messages/:id/    → 204 (the sender hides it from members; kept for compliance)
 *   PUT    api/chat/channels/:url/read/            → 204;  PUT …/delivered/ → 204
 *   POST   api/chat/broadcasts/                    broadcastSchema → { channels: ChatChannel[] } (one message to many direct chats)
 *   GET    api/chat/users/?search=&page=           → { results: ChatUser[], count } (≥ 3 characters, 20 a page; Bearer only, no chat session)
 *   GET    api/chat/channels/:url/banned/          → { users: ChatUser[] } (operators: the people banned from it, for unban)
 * Bearer only (both adapters; no chat session): PATCH api/chat/preferences/ chatPreferencesUpdateSchema → ChatPreferences (the caller's own).
 * Spec 02 §7: POST api/issue-sb-session-token {userId} → { token, expires_at }; DELETE api/remove-sb-session {userId} → 204;
 * POST api/download-chats {startTime, endTime, channelIds:[one url]} → text/csv.
 * Live: every chat change reaches the channel's members over ws/trade/d/ as a `chat` message (contracts/live.ts).
 */
import { z } from 'zod';

/** Channel custom types (spec 02 §3); '' is a plain group channel of the chat service. */
export const CHANNEL_TYPES = ['direct', 'group', 'trading_group', 'broadcast', ''] as const;
export type ChannelType = (typeof CHANNEL_TYPES)[number];
export const MESSAGE_TYPES = ['user', 'file', 'admin'] as const;
/** `data` of a buzz message and of the inviter's notice that an invitation was declined. */
export const BUZZ_DATA = 'buzz';
export const DECLINED_INVITE_DATA = 'declined_invite';
/** What the inviter reads when an invitation to a group or trading group is declined (spec 02 §4: 'X declined your request'). */
export const declinedInviteNotice = (nickname: string) => `${nickname} declined your request`;

/** Spec 02 §9 and ours. */
export const CHAT_LIMITS = {
  channelPollMs: 10 * 60_000,
  channelPollBatch: 5,
  channelPollPauseMs: 60_000,
  deliveryThrottleMs: 1_000,
  scrollToBottomPx: 20,
  visibilityThreshold: 0.1,
  /** Ours: the spec leaves the message page size to configuration. */
  messagePageSize: 30,
  userSearchMinChars: 3,
  userSearchPageSize: 20,
  messageMaxChars: 5_000,
  fileMaxBytes: 10 * 1024 * 1024,
  groupMaxMembers: 500,
  /** Built-in chat session tokens live this long; the client fetches a new one on expiry. */
  sessionTokenTtlMs: 24 * 60 * 60_000,
} as const;

/** Files a chat accepts (images and video shown inline, the rest as downloads). */
export const CHAT_FILE_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'video/mp4',
  'video/quicktime',
  'video/webm',
  'application/pdf',
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'text/plain',
] as const;

/** 401 codes of the built-in chat session (spec 02 §4 Session token problems). */
export const CHAT_SESSION_ERRORS = {
  tokenInvalid: 'CHAT_TOKEN_INVALID',
  tokenExpired: 'CHAT_TOKEN_EXPIRED',
  sessionRevoked: 'CHAT_SESSION_REVOKED',
  userDeactivated: 'CHAT_USER_DEACTIVATED',
} as const;

/** Ours: the spec names these cases but gives no text (spec 02 §5 Chat operations and the records rules). */
export const CHAT_MESSAGES = {
  noCurrentChannel: 'Choose a chat first',
  messagesFailed: 'Messages could not be loaded.',
  olderMessagesFailed: 'Earlier messages could not be loaded.',
  noUserFound: 'Choose at least one person to chat with',
  sdkNotInitialised: 'Chat is not connected yet',
  chatTermsRequired: 'Accept the chat terms to use chat',
  channelNotFound: 'No such chat.',
  notOperator: "Only the chat's admins may do this.",
  notMember: 'You are not a member of this chat.',
  notInvited: 'You have no invitation to this chat.',
  banned: 'You were removed from this chat.',
  muted: 'You are muted in this chat.',
  emptyMessage: 'Type a message',
  messageTooLong: 'A message is at most 5,000 characters',
  fileTooLarge: 'A file is at most 10 MB',
  fileType: 'This kind of file cannot be sent',
  notYourMessage: 'Only its sender may delete a message.',
  directNeedsOne: 'A direct chat is with exactly one other person',
  directNotAllowed: 'This person accepts direct chats only from their firm or counterparties',
  selfSession: 'You may only manage your own chat session',
  searchTooShort: 'Type at least 3 characters',
  viewOnly: 'Chat is for people who trade: view-only access (viewers, compliance) cannot chat.',
} as const;

export const chatUserSchema = z.object({
  userId: z.string(),
  nickname: z.string(),
  /** Client (firm) name shown with the person. */
  brand_name: z.string(),
  client_id: z.number().int(),
});
export type ChatUser = z.infer<typeof chatUserSchema>;

export const chatMemberSchema = z.object({
  userId: z.string(),
  nickname: z.string(),
  role: z.enum(['operator', 'none']),
  connectionStatus: z.enum(['online', 'offline']),
  state: z.enum(['joined', 'invited']),
  isMuted: z.boolean(),
  metaData: z.object({ is_staff: z.boolean(), is_active: z.boolean(), client_id: z.number().int(), brand_name: z.string() }),
});
export type ChatMember = z.infer<typeof chatMemberSchema>;

export const chatMessageSchema = z.object({
  messageId: z.number().int(),
  /** The sender's own id for the send, so a retry or an echo replaces rather than duplicates it. */
  reqId: z.string(),
  channelUrl: z.string(),
  messageType: z.enum(MESSAGE_TYPES),
  sender: z.object({ userId: z.string(), nickname: z.string(), client_id: z.number().int() }).nullable(),
  message: z.string(),
  /** Special values: BUZZ_DATA, DECLINED_INVITE_DATA; otherwise JSON text or ''. */
  data: z.string(),
  customType: z.string(),
  /** Present on file messages. */
  file: z.object({ name: z.string(), type: z.string(), size: z.number().int(), url: z.string() }).nullable(),
  ogMetaData: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatChannelSchema = z.object({
  url: z.string(),
  customType: z.enum(CHANNEL_TYPES),
  name: z.string(),
  memberCount: z.number().int(),
  isDistinct: z.boolean(),
  members: z.array(chatMemberSchema),
  lastMessage: chatMessageSchema.nullable(),
  unreadMessageCount: z.number().int(),
  myMemberState: z.enum(['invited', 'joined']),
  myRole: z.enum(['operator', 'none']),
  isMutedByMe: z.boolean(),
  inviter: z.object({ userId: z.string(), nickname: z.string() }).nullable(),
  creator: z.object({ userId: z.string(), nickname: z.string() }).nullable(),
  /** Milliseconds since the epoch, like the chat service's. */
  createdAt: z.number().int(),
  invitedAt: z.number().int().nullable(),
  /** JSON text: `created_from` (the broadcast's url) on channels created by a broadcast; `last_direct_message_at` in seconds. */
  data: z.string(),
  metaData: z.object({ is_whatsapp_linked_channel: z.boolean() }),
});
export type ChatChannel = z.infer<typeof chatChannelSchema>;

export const createChannelSchema = z.object({
  customType: z.enum(['direct', 'group', 'trading_group', 'broadcast']),
  name: z.string().trim().max(100).default(''),
  invitedUserIds: z.array(z.string()).min(1, { error: CHAT_MESSAGES.noUserFound }).max(CHAT_LIMITS.groupMaxMembers),
  /** The creator is always an operator as well. */
  operatorUserIds: z.array(z.string()).default([]),
  /** Only direct chats are distinct (spec 02 §7). */
  isDistinct: z.boolean().default(false),
});

export const sendMessageSchema = z.object({
  reqId: z.string().trim().min(1).max(64),
  message: z.string().max(CHAT_LIMITS.messageMaxChars, { error: CHAT_MESSAGES.messageTooLong }),
  data: z.string().max(2_000).default(''),
  customType: z.string().max(40).default(''),
});

export const messagePageQuerySchema = z.object({
  /** Messages strictly before / after this createdAt (ms); neither → the newest page. */
  before: z.coerce.number().int().optional(),
  after: z.coerce.number().int().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(CHAT_LIMITS.messagePageSize),
});

export const broadcastSchema = z.object({
  userIds: z.array(z.string()).min(1, { error: CHAT_MESSAGES.noUserFound }).max(CHAT_LIMITS.groupMaxMembers),
  name: z.string().trim().max(100).default(''),
  reqId: z.string().trim().min(1).max(64),
  message: z
    .string()
    .trim()
    .min(1, { error: CHAT_MESSAGES.emptyMessage })
    .max(CHAT_LIMITS.messageMaxChars, { error: CHAT_MESSAGES.messageTooLong }),
});

/** Spec 02 §7 chat session calls. */
export const chatSessionBodySchema = z.object({ userId: z.string().trim().min(1) });
export const chatSessionTokenSchema = z.object({ token: z.string(), expires_at: z.number().int() });
export const downloadChatsSchema = z.object({
  startTime: z.coerce.number().int(),
  endTime: z.coerce.number().int(),
  channelIds: z.array(z.string()).length(1),
});

/** What the live feed's `chat` message says happened (contracts/live.ts). */
export const CHAT_LIVE_ACTIONS = [
  'channel_changed',
  'channel_deleted',
  'message_received',
  'message_updated',
  'message_deleted',
  'invited',
  'declined',
  'user_joined',
  'user_left',
  'user_banned',
  'user_unbanned',
  'user_muted',
  'user_unmuted',
  'read',
  'delivered',
] as const;

/**
 * Chat security preferences (spec 01 §1, §3 user_security_preferences): who may start a direct
 * chat with me (anyone, my firm, or my firm and my counterparties — clients we traded with), whether
 * others see me online, and whether incoming-message notifications show the text. Absent = the default.
 */
export const DIRECT_CHAT_FROM = ['anyone', 'firm', 'counterparties'] as const;
export type DirectChatFrom = (typeof DIRECT_CHAT_FROM)[number];
export const chatPreferencesSchema = z.object({
  direct_chat_from: z.enum(DIRECT_CHAT_FROM),
  show_online_status: z.boolean(),
  message_previews: z.boolean(),
});
export type ChatPreferences = z.infer<typeof chatPreferencesSchema>;
export const DEFAULT_CHAT_PREFERENCES: ChatPreferences = { direct_chat_from: 'anyone', show_online_status: true, message_previews: true };
/** A change of some of them; an unknown key or a wrong value is refused, nothing stored. */
export const chatPreferencesUpdateSchema = chatPreferencesSchema
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { error: 'Choose a preference to change' });

/** The stored preferences (users.security_preferences), each key read on its own: absent or unreadable = its default. */
export function chatPreferencesOf(stored: Record<string, unknown> | null | undefined): ChatPreferences {
  const read = <K extends keyof ChatPreferences>(key: K): ChatPreferences[K] => {
    const one = chatPreferencesSchema.shape[key].safeParse(stored?.[key]);
    return one.success ? (one.data as ChatPreferences[K]) : DEFAULT_CHAT_PREFERENCES[key];
  };
  return {
    direct_chat_from: read('direct_chat_from'),
    show_online_status: read('show_online_status'),
    message_previews: read('message_previews'),
  };
}
