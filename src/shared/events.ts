/**
 * The event log's catalogue (DESIGN §3, §12): every event type the server appends, the aggregate it
 * belongs to, its payload and who reads it. Consumers (the live feed; surveillance, notifications and
 * quote capture when they are built) match on these names, so a type once written is never renamed and its payload only gains fields.
 * `docs/events.md` is generated from this file (`npm run events:docs`; a test fails when stale).
 */
import { z } from 'zod';
import { chatMessageSchema, chatPreferencesSchema } from './contracts/chat.js';
import { CLIENT_TYPES, EXCHANGES, ROLES } from './enums.js';

interface EventSpec {
  aggregate: string;
  /** One sentence: what happened, in the user's words. */
  meaning: string;
  payload: z.ZodObject;
  /** Who reads the event besides the audit trail; later consumers add themselves here. */
  consumers: readonly string[];
  /** A payload as written, shown in the docs and parsed by a test. */
  example: Record<string, unknown>;
}

const roles = z.array(z.enum(ROLES));

/**
 * What every EOI event carries: enough for a live message and the audience (market, or the
 * addressed client of a one-to-one quote), never the posting client, so anonymous quotes stay so.
 */
const eoiPayload = z.object({
  eoi_id: z.number().int(),
  finstrument_id: z.number().int(),
  quote_type: z.enum(['BID', 'ASK']),
  status: z.string(),
  rfq_mode: z.enum(['OTM', 'OTO']),
  oto_client_id: z.number().int().nullable(),
  revision: z.number().int(),
  /** A price-override user set the price instead of the engine; `consideration` is then the quote's new one (INR). */
  price_overridden: z.boolean().optional(),
  /** Present (true) on an anonymous quote: its private run notice then never names it to the addressed client. */
  anonymous: z.boolean().optional(),
  consideration: z.string().optional(),
});

/**
 * What every negotiation event carries: the cluster and its EOI, both their states after it, and
 * the parties' clients and brokers — the live feed's audience (issue #13: parties and brokers only).
 */
const clusterPayload = z.object({
  cluster_id: z.number().int(),
  eoi_id: z.number().int(),
  status: z.string(),
  eoi_status: z.string(),
  revision: z.number().int(),
  owner_client_id: z.number().int(),
  responder_client_id: z.number().int(),
  /** The facilitator and agent broker firms on the negotiation, if any. */
  broker_client_ids: z.array(z.number().int()),
  /** The EOI's row for the market or private-run grids when the negotiation moves its state (never its client). */
  finstrument_id: z.number().int(),
  quote_type: z.enum(['BID', 'ASK']),
  rfq_mode: z.enum(['OTM', 'OTO']),
  oto_client_id: z.number().int().nullable(),
  eoi_revision: z.number().int(),
});

/**
 * What every order event carries: the order, its state after the event, both parties (the live
 * feed's audience: orders go to the clients that own them, issue #13) and each party's count of
 * open orders as of this event (the `open orders count` message).
 */
const orderPayload = z.object({
  order_id: z.number().int(),
  status: z.string(),
  revision: z.number().int(),
  buyer_client_id: z.number().int(),
  seller_client_id: z.number().int(),
  reporter_client_id: z.number().int(),
  broker_client_id: z.number().int().nullable(),
  finstrument_id: z.number().int(),
  quantity: z.number(),
  unit_price: z.string(),
  consideration: z.string(),
  settlement_date: z.string(),
  exchange: z.enum(['NSE', 'BSE']),
  late_reported: z.boolean(),
  /** Open orders per party client after this event, keyed by client id. */
  open_orders: z.record(z.string(), z.number().int()),
});
const orderExample = {
  order_id: 11,
  status: 'reported',
  revision: 0,
  buyer_client_id: 2,
  seller_client_id: 5,
  reporter_client_id: 5,
  broker_client_id: null,
  finstrument_id: 1203,
  quantity: 50_000_000,
  unit_price: '100.2931',
  consideration: '50336410.96',
  settlement_date: '2026-11-26',
  exchange: 'NSE',
  late_reported: false,
  open_orders: { 2: 3, 5: 1 },
};

/**
 * What every chat event carries (issue #10): the channel, and the user accounts the live feed tells
 * — the channel's current members, plus the user a ban, decline or leave is about (a group holds at
 * most 500, so the list stays small). `user_id` is the affected user's unique id; message events
 * carry the message as every member sees it.
 */
const chatPayload = z.object({
  channel_url: z.string(),
  recipient_account_ids: z.array(z.number().int()),
  user_id: z.string().optional(),
  message: chatMessageSchema.optional(),
  message_id: z.number().int().optional(),
});
const chatExample = { channel_url: 'kosh_gc_7f3a', recipient_account_ids: [12, 31] };
const chatMessageExample = {
  ...chatExample,
  message: {
    messageId: 88,
    reqId: 'r-1',
    channelUrl: 'kosh_gc_7f3a',
    messageType: 'user',
    sender: { userId: '0b6f2c1e-5d7a-4c1e-9d1f-3f0e7a1b2c3d', nickname: 'Asha Rao', client_id: 2 },
    message: 'Bid 7.42 for 25 cr NABARD 2030',
    data: '',
    customType: '',
    file: null,
    ogMetaData: null,
    createdAt: 1795600000000,
    updatedAt: 1795600000000,
  },
};
const chatUserExample = { ...chatExample, user_id: '0b6f2c1e-5d7a-4c1e-9d1f-3f0e7a1b2c3d' };
const chatEvent = (meaning: string, example: Record<string, unknown>) =>
  ({ aggregate: 'chat_channel', meaning, payload: chatPayload, consumers: ['live feed'], example }) as const;

export const EVENT_CATALOGUE = {
  'client.registered': {
    aggregate: 'client',
    meaning: 'A new client signed up; its first user is its ops admin.',
    payload: z.object({ client_type: z.enum(CLIENT_TYPES), user_account_id: z.number().int(), whatsapp_consent: z.boolean() }),
    consumers: [],
    example: { client_type: 'CORP', user_account_id: 41, whatsapp_consent: true },
  },
  'invite.created': {
    aggregate: 'invite',
    meaning: 'An ops admin invited a person to the client with the given roles.',
    payload: z.object({ user_account_id: z.number().int(), email: z.string(), roles }),
    consumers: ['live feed (ws/trade/d/)', 'security events (compliance)'],
    example: { user_account_id: 42, email: 'dealer@example.in', roles: ['clientdealer'] },
  },
  'invite.accepted': {
    aggregate: 'invite',
    meaning: 'The invited person registered, or proved who they are, and their account became active.',
    payload: z.object({ user_account_id: z.number().int() }),
    consumers: ['live feed (ws/trade/d/)', 'security events (compliance)'],
    example: { user_account_id: 42 },
  },
  'invite.revoked': {
    aggregate: 'invite',
    meaning: 'An ops admin withdrew an invitation before it was accepted.',
    payload: z.object({ user_account_id: z.number().int() }),
    consumers: ['live feed (ws/trade/d/)', 'security events (compliance)'],
    example: { user_account_id: 42 },
  },
  'user_account.roles_changed': {
    aggregate: 'user_account',
    meaning: "An ops admin changed a user's roles at their client (and so their grants).",
    payload: z.object({ from: roles, to: roles }),
    consumers: ['live feed (ws/trade/d/)', 'security events (compliance)'],
    example: { from: ['clientviewer'], to: ['clientviewer', 'clientdealer'] },
  },
  'user.password_changed': {
    aggregate: 'user',
    meaning: 'A user set a new password.',
    payload: z.object({ via: z.enum(['reset_link']) }),
    consumers: ['security events (compliance)'],
    example: { via: 'reset_link' },
  },
  'user.password_reset_requested': {
    aggregate: 'user',
    meaning: 'Someone asked for a password-reset link for this user; the link was e-mailed to them.',
    payload: z.object({}),
    consumers: ['security events (compliance)'],
    example: {},
  },
  'auth.sign_in_succeeded': {
    aggregate: 'user',
    meaning: 'A user signed in, with their password or a one-time password.',
    payload: z.object({ method: z.enum(['password', 'otp']), user_account_id: z.number().int() }),
    consumers: ['security events (compliance)'],
    example: { method: 'password', user_account_id: 42 },
  },
  'auth.sign_in_failed': {
    aggregate: 'user',
    meaning: 'A password sign-in failed: wrong password, no such account (aggregate 0), or the e-mail was locked out.',
    payload: z.object({ email: z.string(), reason: z.enum(['invalid_credentials', 'locked']) }),
    consumers: ['security events (compliance)'],
    example: { email: 'dealer@example.in', reason: 'invalid_credentials' },
  },
  'auth.locked_out': {
    aggregate: 'user',
    meaning: 'Too many failed sign-ins for an e-mail: password sign-in is refused until the lock-out window ends or the password is reset.',
    payload: z.object({ email: z.string(), failures: z.number().int(), window_minutes: z.number().int() }),
    consumers: ['security events (compliance)'],
    example: { email: 'dealer@example.in', failures: 5, window_minutes: 15 },
  },
  'user.chat_preferences_changed': {
    aggregate: 'user',
    meaning:
      'A user changed their chat security preferences: who may start a direct chat with them, their online status, message previews.',
    payload: chatPreferencesSchema,
    consumers: [],
    example: { direct_chat_from: 'counterparties', show_online_status: false, message_previews: true },
  },
  'credentials.stored': {
    aggregate: 'exchange_credentials',
    meaning: "A client's exchange credentials for one clearing corporation were stored or replaced.",
    payload: z.object({ corp: z.enum(EXCHANGES), participant_code: z.string() }),
    consumers: [],
    example: { corp: 'NSCCL', participant_code: 'NSE-12345' },
  },
  'eoi.created': {
    aggregate: 'eoi',
    meaning: 'A dealer posted a bid or an offer; it is live at once, to the market or to one client.',
    payload: eoiPayload,
    consumers: ['live feed'],
    example: { eoi_id: 7, finstrument_id: 1203, quote_type: 'BID', status: 'live', rfq_mode: 'OTM', oto_client_id: null, revision: 0 },
  },
  'eoi.updated': {
    aggregate: 'eoi',
    meaning: 'The owner changed the quantum, price or yield, settlement or validity of a live quote.',
    payload: eoiPayload,
    consumers: ['live feed'],
    example: { eoi_id: 7, finstrument_id: 1203, quote_type: 'BID', status: 'live', rfq_mode: 'OTM', oto_client_id: null, revision: 1 },
  },
  'eoi.expired': {
    aggregate: 'eoi',
    meaning: "A quote stopped being live: its owner expired it, its validity ran out, or its client's mandate ended.",
    payload: eoiPayload.extend({ by: z.enum(['owner', 'validity', 'mandate']) }),
    consumers: ['live feed'],
    example: {
      eoi_id: 7,
      finstrument_id: 1203,
      quote_type: 'BID',
      status: 'expired',
      rfq_mode: 'OTM',
      oto_client_id: null,
      revision: 1,
      by: 'validity',
    },
  },
  'eoi.closed': {
    aggregate: 'eoi',
    meaning:
      'The owner closed a quote (with confirmation), optionally against an opposing quote, or a broker of the owner closed it on their behalf.',
    /** `broker_id`: the broker firm that closed it for the client (present since brokers could close; absent on older events). */
    payload: eoiPayload.extend({ opposing_eoi_id: z.number().int().nullable(), broker_id: z.number().int().nullable().optional() }),
    consumers: ['live feed'],
    example: {
      eoi_id: 7,
      finstrument_id: 1203,
      quote_type: 'BID',
      status: 'closed',
      rfq_mode: 'OTM',
      oto_client_id: null,
      revision: 1,
      opposing_eoi_id: null,
    },
  },
  'eoi.replaced': {
    aggregate: 'eoi',
    meaning: 'The owner posted a new quote in place of this live one.',
    payload: eoiPayload.extend({ replaced_by: z.number().int() }),
    consumers: ['live feed'],
    example: {
      eoi_id: 7,
      finstrument_id: 1203,
      quote_type: 'BID',
      status: 'replaced',
      rfq_mode: 'OTM',
      oto_client_id: null,
      revision: 1,
      replaced_by: 9,
    },
  },
  'cluster.opened': {
    aggregate: 'cluster',
    meaning: "A dealer of another client answered a quote: a negotiation opens with the responder's quote for the owner.",
    payload: clusterPayload,
    consumers: ['live feed'],
    example: {
      cluster_id: 3,
      eoi_id: 7,
      status: 'withOwner',
      eoi_status: 'negotiating',
      revision: 0,
      owner_client_id: 2,
      responder_client_id: 5,
      broker_client_ids: [],
      finstrument_id: 1203,
      quote_type: 'BID',
      rfq_mode: 'OTM',
      oto_client_id: null,
      eoi_revision: 0,
    },
  },
  'cluster.countered': {
    aggregate: 'cluster',
    meaning: 'The party whose turn it was countered with a new price; the turn passes to the other.',
    payload: clusterPayload,
    consumers: ['live feed'],
    example: {
      cluster_id: 3,
      eoi_id: 7,
      status: 'withResponder',
      eoi_status: 'negotiating',
      revision: 1,
      owner_client_id: 2,
      responder_client_id: 5,
      broker_client_ids: [],
      finstrument_id: 1203,
      quote_type: 'BID',
      rfq_mode: 'OTM',
      oto_client_id: null,
      eoi_revision: 0,
    },
  },
  'cluster.closed': {
    aggregate: 'cluster',
    meaning:
      'A party closed the negotiation without a deal, or it ended with its quote (closed, expired by its owner or traded elsewhere).',
    payload: clusterPayload,
    consumers: ['live feed'],
    example: {
      cluster_id: 3,
      eoi_id: 7,
      status: 'closed',
      eoi_status: 'live',
      revision: 1,
      owner_client_id: 2,
      responder_client_id: 5,
      broker_client_ids: [],
      finstrument_id: 1203,
      quote_type: 'BID',
      rfq_mode: 'OTM',
      oto_client_id: null,
      eoi_revision: 0,
    },
  },
  'cluster.expired': {
    aggregate: 'cluster',
    meaning: "The quote's validity ran out while the negotiation was open.",
    payload: clusterPayload,
    consumers: ['live feed'],
    example: {
      cluster_id: 3,
      eoi_id: 7,
      status: 'expired',
      eoi_status: 'expired',
      revision: 1,
      owner_client_id: 2,
      responder_client_id: 5,
      broker_client_ids: [],
      finstrument_id: 1203,
      quote_type: 'BID',
      rfq_mode: 'OTM',
      oto_client_id: null,
      eoi_revision: 0,
    },
  },
  'cluster.accepted': {
    aggregate: 'cluster',
    meaning: "The party whose turn it was accepted the other's quote on the figures they saw; the deal goes to the exchange.",
    payload: clusterPayload.extend({ deal_id: z.number().int(), exchange: z.enum(['NSE', 'BSE']) }),
    consumers: ['live feed'],
    example: {
      cluster_id: 3,
      eoi_id: 7,
      status: 'onExchange',
      eoi_status: 'negotiating',
      revision: 1,
      owner_client_id: 2,
      responder_client_id: 5,
      broker_client_ids: [],
      finstrument_id: 1203,
      quote_type: 'BID',
      rfq_mode: 'OTM',
      oto_client_id: null,
      eoi_revision: 0,
      deal_id: 5,
      exchange: 'NSE',
    },
  },
  'cluster.brokers_changed': {
    aggregate: 'cluster',
    meaning: 'A party named or removed the broker firm facilitating the negotiation or acting as its agent.',
    payload: clusterPayload,
    consumers: ['live feed'],
    example: {
      cluster_id: 3,
      eoi_id: 7,
      status: 'withOwner',
      eoi_status: 'negotiating',
      revision: 0,
      owner_client_id: 2,
      responder_client_id: 5,
      broker_client_ids: [9],
      finstrument_id: 1203,
      quote_type: 'BID',
      rfq_mode: 'OTM',
      oto_client_id: null,
      eoi_revision: 0,
    },
  },
  'cluster.brokerage_set': {
    aggregate: 'cluster',
    meaning: "The brokerage (INR) on the negotiation's deal was set by a party or its broker.",
    payload: clusterPayload.extend({ brokerage: z.string() }),
    consumers: ['live feed'],
    example: {
      cluster_id: 3,
      eoi_id: 7,
      status: 'withOwner',
      eoi_status: 'negotiating',
      revision: 0,
      owner_client_id: 2,
      responder_client_id: 5,
      broker_client_ids: [9],
      finstrument_id: 1203,
      quote_type: 'BID',
      rfq_mode: 'OTM',
      oto_client_id: null,
      eoi_revision: 0,
      brokerage: '1500.00',
    },
  },
  'deal.confirmed': {
    aggregate: 'cluster',
    meaning: "The exchange's RFQ platform confirmed the deal; the quote is traded.",
    payload: clusterPayload.extend({ deal_id: z.number().int(), exchange: z.enum(['NSE', 'BSE']), exchange_deal_id: z.string() }),
    consumers: ['live feed'],
    example: {
      cluster_id: 3,
      eoi_id: 7,
      status: 'confirmed',
      eoi_status: 'traded',
      revision: 1,
      owner_client_id: 2,
      responder_client_id: 5,
      broker_client_ids: [],
      finstrument_id: 1203,
      quote_type: 'BID',
      rfq_mode: 'OTM',
      oto_client_id: null,
      eoi_revision: 0,
      deal_id: 5,
      exchange: 'NSE',
      exchange_deal_id: 'NSE-RFQ-000005',
    },
  },
  'deal.rejected': {
    aggregate: 'cluster',
    meaning: "The exchange's RFQ platform rejected the deal, with its reason; the quote is live again if nothing else is open.",
    payload: clusterPayload.extend({
      deal_id: z.number().int(),
      exchange: z.enum(['NSE', 'BSE']),
      exchange_deal_id: z.string().nullable(),
      reason: z.string(),
    }),
    consumers: ['live feed'],
    example: {
      cluster_id: 3,
      eoi_id: 7,
      status: 'rejected',
      eoi_status: 'live',
      revision: 1,
      owner_client_id: 2,
      responder_client_id: 5,
      broker_client_ids: [],
      finstrument_id: 1203,
      quote_type: 'BID',
      rfq_mode: 'OTM',
      oto_client_id: null,
      eoi_revision: 0,
      deal_id: 5,
      exchange: 'BSE',
      exchange_deal_id: null,
      reason: 'Counterparty limit exceeded',
    },
  },
  'exchange.answer_failed': {
    aggregate: 'deal',
    meaning:
      "The exchange-answers job could not ask about or record a pending deal's answer (the reason says why); it tries again on its next run and goes on with the other deals meanwhile.",
    payload: z.object({
      deal_id: z.number().int(),
      cluster_id: z.number().int(),
      eoi_id: z.number().int(),
      exchange: z.enum(['NSE', 'BSE']),
      reason: z.string(),
    }),
    consumers: ['operators (with the error log line naming the deal)'],
    example: { deal_id: 5, cluster_id: 3, eoi_id: 7, exchange: 'NSE', reason: 'This negotiation is over.' },
  },
  'order.reported': {
    aggregate: 'order',
    meaning:
      'A party reported an OTC trade; the counterparty is to accept or reject it. `late_reported` when it came more than 15 minutes after the trade time.',
    payload: orderPayload,
    consumers: ['live feed', 'surveillance (planned: late reporting)'],
    example: orderExample,
  },
  'order.booked': {
    aggregate: 'order',
    meaning: "A deal the exchange's RFQ platform confirmed became an accepted order, to settle through the clearing corporation.",
    payload: orderPayload.extend({ deal_id: z.number().int() }),
    consumers: ['live feed'],
    example: { ...orderExample, status: 'accepted', deal_id: 5 },
  },
  'order.modified': {
    aggregate: 'order',
    meaning: 'The reporter changed a report the counterparty had not answered yet.',
    payload: orderPayload,
    consumers: ['live feed', 'surveillance (planned)'],
    example: { ...orderExample, revision: 1 },
  },
  'order.accepted': {
    aggregate: 'order',
    meaning: 'The counterparty accepted the reported trade.',
    payload: orderPayload,
    consumers: ['live feed'],
    example: { ...orderExample, status: 'accepted' },
  },
  'order.rejected': {
    aggregate: 'order',
    meaning: 'The counterparty rejected the reported trade, with its reason if given.',
    payload: orderPayload.extend({ reason: z.string().nullable() }),
    consumers: ['live feed', 'surveillance (planned)'],
    example: { ...orderExample, status: 'rejected', reason: 'Price not as agreed' },
  },
  'order.cancelled': {
    aggregate: 'order',
    meaning: 'The reporter withdrew a report before it was answered, or both parties agreed to cancel an accepted trade.',
    payload: orderPayload,
    consumers: ['live feed', 'surveillance (planned)'],
    example: { ...orderExample, status: 'cancelled' },
  },
  'order.cancel_requested': {
    aggregate: 'order',
    meaning: 'One party asked to cancel an accepted trade; it is cancelled when the other asks too.',
    payload: orderPayload.extend({ requested_by_client_id: z.number().int() }),
    consumers: ['live feed'],
    example: { ...orderExample, status: 'accepted', requested_by_client_id: 2 },
  },
  'order.obligations_due': {
    aggregate: 'order',
    meaning: 'The settlement date came: both legs are to be paid in to the clearing corporation before the pay-in cut-off.',
    payload: orderPayload,
    consumers: ['live feed'],
    example: { ...orderExample, status: 'due' },
  },
  'order.leg_paid_in': {
    aggregate: 'order',
    meaning: "A party's leg reached the clearing corporation: the buyer's funds or the seller's securities.",
    payload: orderPayload.extend({ leg: z.enum(['funds', 'securities']) }),
    consumers: ['live feed'],
    example: { ...orderExample, status: 'due', leg: 'funds' },
  },
  'order.settled': {
    aggregate: 'order',
    meaning: 'Both legs were in, and the clearing corporation paid out securities to the buyer and funds to the seller (DvP).',
    payload: orderPayload,
    consumers: ['live feed'],
    example: { ...orderExample, status: 'settled' },
  },
  'order.failed': {
    aggregate: 'order',
    meaning: 'A leg was missing at the pay-in cut-off; the trade failed and the leg paid in is returned.',
    payload: orderPayload.extend({ missing_legs: z.array(z.enum(['funds', 'securities'])), reason: z.string() }),
    consumers: ['live feed', 'surveillance (planned)'],
    example: {
      ...orderExample,
      status: 'failed',
      missing_legs: ['securities'],
      reason: 'Securities not paid in by the 17:45 IST pay-in cut-off',
    },
  },
  'chat.channel_created': chatEvent('A chat was created: a direct chat, a group, a trading group or a broadcast list.', chatExample),
  'chat.channel_updated': chatEvent("A chat's admin renamed it.", chatExample),
  'chat.member_invited': chatEvent('A member invited someone to a chat.', chatUserExample),
  'chat.member_joined': chatEvent('An invited user accepted and joined the chat.', chatUserExample),
  'chat.member_declined': chatEvent('An invited user declined (in a direct chat they leave it).', chatUserExample),
  'chat.member_left': chatEvent('A member left the chat.', chatUserExample),
  'chat.member_banned': chatEvent("A chat's admin banned a member: they receive nothing more from it.", chatUserExample),
  'chat.member_unbanned': chatEvent("A chat's admin lifted a ban (the user may be invited again).", chatUserExample),
  'chat.member_muted': chatEvent("A chat's admin muted a member: they may read but not send.", chatUserExample),
  'chat.member_unmuted': chatEvent("A chat's admin unmuted a member.", chatUserExample),
  'chat.operators_changed': chatEvent("A chat's admins changed who its admins are.", chatExample),
  'chat.message_sent': chatEvent('A message, file or notice was posted in a chat.', chatMessageExample),
  'chat.message_deleted': chatEvent('Its sender deleted a message: hidden from members, kept for compliance.', {
    ...chatExample,
    message_id: 88,
  }),
  'chat.read': chatEvent('A member read a chat up to its latest message.', chatUserExample),
  'chat.delivered': chatEvent("A chat's latest message reached a member's device.", chatUserExample),
} as const satisfies Record<string, EventSpec>;

export type EventType = keyof typeof EVENT_CATALOGUE;
export type EventPayload<T extends EventType> = z.infer<(typeof EVENT_CATALOGUE)[T]['payload']>;
export const EVENT_TYPES = Object.keys(EVENT_CATALOGUE) as EventType[];
