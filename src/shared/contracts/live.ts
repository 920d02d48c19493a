/**
 * The live feed at ws/trade/d/ (spec 01 §7, DESIGN §7): what the client sends, every kind of message
 * the server sends, and the close codes. Each server message names the ids of what changed so a view
 * can update just those rows; `refresh` means "you may have missed something: refetch what you show".
 * docs/livefeed.md holds an example of each kind (a test parses them).
 */
import { z } from 'zod';
import { CHAT_LIVE_ACTIONS, chatMessageSchema } from './chat.js';

const id = z.string().min(1);
const ids = z.array(id);
const count = z.number().int().min(0);
/** Exact amounts travel as decimal strings (DESIGN §4), never floats. */
const amount = z.string().regex(/^-?\d+\.\d{2}$/);
/** The event-log id the message was made from, when it came from one (for tracing and ordering). */
const eventId = z.number().int().positive().optional();

/** Client → server. */
export const liveClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1) }),
  z.object({ type: z.literal('ping') }),
]);
export type LiveClientMessage = z.infer<typeof liveClientMessageSchema>;

/** Why the server asks for a full refetch. */
export const REFRESH_REASONS = ['connected', 'missed_messages', 'access_changed'] as const;
/** What a partial refresh or a row update is about. */
export const LIVE_TOPICS = ['eois', 'orders', 'runs', 'negotiations', 'inquiries', 'trades', 'tickets', 'users', 'profile'] as const;

/** Server → client: every kind of spec 01 §7. */
export const liveServerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('ping') }),
  z.object({ type: z.literal('refresh'), reason: z.enum(REFRESH_REASONS), event_id: eventId }),
  z.object({ type: z.literal('partial_refresh'), topic: z.enum(LIVE_TOPICS), ids, event_id: eventId }),
  z.object({
    type: z.literal('updates'),
    topic: z.enum(LIVE_TOPICS),
    /** High-rate rows for ag-grid transactions: each keyed by `id`. */
    rows: z.array(z.looseObject({ id })),
    removed: ids.optional(),
    event_id: eventId,
  }),
  z.object({ type: z.literal('open_tickets'), count, ticket_ids: ids, event_id: eventId }),
  z.object({
    type: z.literal('private_run'),
    run_id: id,
    action: z.enum(['sent', 'updated', 'withdrawn']),
    sender_client_id: z.number().int().positive(),
    event_id: eventId,
  }),
  z.object({
    type: z.literal('rfq_negotiation'),
    negotiation_id: id,
    eoi_id: id,
    action: z.enum(['opened', 'countered', 'updated', 'accepted', 'confirmed', 'rejected', 'closed', 'expired']),
    /** The user whose action it was (a page sounds only for others' actions); absent when no user did (an expiry, an exchange answer that came later). */
    actor_user_id: id.optional(),
    event_id: eventId,
  }),
  z.object({ type: z.literal('inquiries'), count, inquiry_ids: ids, event_id: eventId }),
  z.object({ type: z.literal('open_orders_count'), count, event_id: eventId }),
  z.object({
    type: z.literal('chat'),
    action: z.enum(CHAT_LIVE_ACTIONS),
    channel_url: id,
    /** The message itself when one arrived or changed (the same for every member). */
    message: chatMessageSchema.optional(),
    message_id: z.number().int().optional(),
    /** The user a membership change is about (invited, joined, left, banned, muted …). */
    user_id: z.string().optional(),
    event_id: eventId,
  }),
  z.object({
    type: z.literal('price_override'),
    /** The order whose consideration changed, or (trading) the quote whose price was overridden. */
    order_id: id.optional(),
    eoi_id: id.optional(),
    /** The new consideration (principal + accrued) in INR. */
    consideration: amount,
    event_id: eventId,
  }),
]);
export type LiveServerMessage = z.infer<typeof liveServerMessageSchema>;
export type LiveMessageType = LiveServerMessage['type'];
export type LiveMessageOf<T extends LiveMessageType> = Extract<LiveServerMessage, { type: T }>;
export const LIVE_MESSAGE_TYPES = liveServerMessageSchema.options.map((o) => o.shape.type.value) as LiveMessageType[];

/** Close codes (4000–4999 are the application's) with the reason the client sees. */
export const LIVE_CLOSE = {
  malformed: { code: 4400, reason: 'Malformed message' },
  authTimeout: { code: 4401, reason: 'Authentication timed out' },
  badToken: { code: 4403, reason: 'Invalid access token' },
  tokenExpired: { code: 4419, reason: 'Access token expired' },
  sessionEnded: { code: 4440, reason: 'Session ended' },
  silent: { code: 4408, reason: 'No traffic within the offline threshold' },
  serverStopping: { code: 1001, reason: 'Server stopping' },
} as const;
export type LiveCloseKind = keyof typeof LIVE_CLOSE;

/** The path of the live feed (spec 01 §7). */
export const LIVE_PATH = '/ws/trade/d/';
