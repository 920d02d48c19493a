/**
 * Who sees what on the live feed: one table from event type to the messages it makes and the
 * audience of each, decided on the server from the event and the socket's user (issue #13, DESIGN
 * §4 tenancy). A client's compliance officers see everything of their own client; the venue
 * operator's see every client. Nothing else crosses tenants.
 */
import type { LiveMessageOf, LiveServerMessage } from '../../shared/contracts/live.js';
import type { Role } from '../../shared/enums.js';
import type { EventPayload, EventType } from '../../shared/events.js';
import type { LoggedEvent } from '../events/dispatcher.js';

/** The socket's user as the rules need them. */
export interface Viewer {
  /** The person (events name their actor by it). */
  userId: number;
  userAccountId: number;
  clientId: number;
  roles: readonly Role[];
  canTrade: boolean;
  /** Their client is the venue operator. */
  isOperator: boolean;
}

export type Audience =
  /** Public market data: every user with client.can_trade. */
  | { kind: 'market' }
  /** One user account. */
  | { kind: 'account'; clientId: number; userAccountId: number }
  /** The users of a client holding any of `roles`. */
  | { kind: 'clientRoles'; clientId: number; roles: readonly Role[] }
  /** Everything a client owns (orders): its users. */
  | { kind: 'client'; clientId: number }
  /** A private run: the sender's client and the can_trade users of the addressed clients. */
  | { kind: 'privateRun'; senderClientId: number; addressedClientIds: readonly number[] }
  /** A negotiation: the parties' clients and their brokers. */
  | { kind: 'parties'; clientIds: readonly number[]; brokerClientIds: readonly number[] }
  /** A figure of one client's own (its open orders count): its users only, no other tenant's compliance. */
  | { kind: 'ownFigure'; clientId: number }
  /** A chat's members (issue #10): these accounts only; compliance reads chats through the export, not the feed. */
  | { kind: 'accounts'; userAccountIds: readonly number[] };

/** The clients an audience belongs to (their compliance officers see it); null for the public market. */
function ownerClients(audience: Audience): readonly number[] | null {
  switch (audience.kind) {
    case 'market':
      return null;
    case 'accounts':
      return [];
    case 'account':
    case 'clientRoles':
    case 'client':
    case 'ownFigure':
      return [audience.clientId];
    case 'privateRun':
      return [audience.senderClientId, ...audience.addressedClientIds];
    case 'parties':
      return [...audience.clientIds, ...audience.brokerClientIds];
  }
}

function isAddressed(audience: Audience, viewer: Viewer): boolean {
  switch (audience.kind) {
    case 'market':
      return viewer.canTrade;
    case 'account':
      return viewer.userAccountId === audience.userAccountId && viewer.clientId === audience.clientId;
    case 'clientRoles':
      return viewer.clientId === audience.clientId && viewer.roles.some((r) => audience.roles.includes(r));
    case 'client':
    case 'ownFigure':
      return viewer.clientId === audience.clientId;
    case 'privateRun':
      return viewer.clientId === audience.senderClientId || (viewer.canTrade && audience.addressedClientIds.includes(viewer.clientId));
    case 'parties':
      return [...audience.clientIds, ...audience.brokerClientIds].includes(viewer.clientId);
    case 'accounts':
      return audience.userAccountIds.includes(viewer.userAccountId);
  }
}

/** True when `viewer` may receive a message for `audience`. */
export function canSee(audience: Audience, viewer: Viewer): boolean {
  if (isAddressed(audience, viewer)) return true;
  if (audience.kind === 'ownFigure' || audience.kind === 'accounts' || !viewer.roles.includes('complianceofficer')) return false;
  const owners = ownerClients(audience);
  return viewer.isOperator ? true : owners !== null && owners.includes(viewer.clientId);
}

export interface Delivery {
  audience: Audience;
  message: LiveServerMessage;
}

const OPS_ADMINS: readonly Role[] = ['clientopsadmin'];

/** What a user-list change tells the ops admins of the client. */
function usersChanged(event: LoggedEvent, userAccountId: number): Delivery[] {
  if (event.clientId === null) return [];
  return [
    {
      audience: { kind: 'clientRoles', clientId: event.clientId, roles: OPS_ADMINS },
      message: { type: 'partial_refresh', topic: 'users', ids: [String(userAccountId)], event_id: event.id },
    },
  ];
}

type Rule = (event: LoggedEvent) => Delivery[];

/** What a quote's row in the grids is made of: never its client, so an anonymous quote stays anonymous. */
interface QuoteRow {
  eoi_id: number;
  finstrument_id: number;
  quote_type: 'BID' | 'ASK';
  status: string;
  revision: number;
  rfq_mode: 'OTM' | 'OTO';
  oto_client_id: number | null;
}

/** A one-to-one quote's audience is its sender's client and the addressed client's traders; any other quote's, the market. */
function quoteAudience(event: LoggedEvent, quote: QuoteRow): { audience: Audience; topic: 'eois' | 'runs' } {
  const sender = event.clientId;
  if (quote.rfq_mode === 'OTO' && quote.oto_client_id !== null && sender !== null) {
    return { audience: { kind: 'privateRun', senderClientId: sender, addressedClientIds: [quote.oto_client_id] }, topic: 'runs' };
  }
  return { audience: { kind: 'market' }, topic: 'eois' };
}

/** The quote's row for the market grids (`eois`) or the private runs (`runs`), keyed by the EOI id. */
function quoteRow(event: LoggedEvent, quote: QuoteRow): Delivery {
  const { audience, topic } = quoteAudience(event, quote);
  const row = {
    id: String(quote.eoi_id),
    finstrument_id: quote.finstrument_id,
    quote_type: quote.quote_type,
    status: quote.status,
    revision: quote.revision,
  };
  return { audience, message: { type: 'updates', topic, rows: [row], event_id: event.id } };
}

type PrivateRunAction = LiveMessageOf<'private_run'>['action'];

/**
 * The private run notice of a one-to-one quote (its row travels as `updates` on `runs` too): to the
 * sender's client, and to the addressed client's traders unless the quote is anonymous, since the
 * notice names the sender.
 */
function privateRunNotice(event: LoggedEvent, quote: EoiChange, action: PrivateRunAction): Delivery[] {
  const sender = event.clientId;
  if (quote.rfq_mode !== 'OTO' || quote.oto_client_id === null || sender === null) return [];
  const addressedClientIds = quote.anonymous ? [] : [quote.oto_client_id];
  return [
    {
      audience: { kind: 'privateRun', senderClientId: sender, addressedClientIds },
      message: { type: 'private_run', run_id: String(quote.eoi_id), action, sender_client_id: sender, event_id: event.id },
    },
  ];
}

/** A quote's change: its row, and for a price set by a price-override user the quote's new consideration (spec 01 §6, §7). */
const quoteChanged =
  (action: PrivateRunAction): Rule =>
  (event) => {
    const payload = event.payload as EoiChange;
    const deliveries = [quoteRow(event, payload), ...privateRunNotice(event, payload, action)];
    if (payload.price_overridden && payload.consideration) {
      const { audience } = quoteAudience(event, payload);
      deliveries.push({
        audience,
        message: { type: 'price_override', eoi_id: String(payload.eoi_id), consideration: payload.consideration, event_id: event.id },
      });
    }
    return deliveries;
  };

type EoiChange = EventPayload<'eoi.created'>;
type NegotiationChange = EventPayload<'cluster.opened'>;
type NegotiationAction = LiveMessageOf<'rfq_negotiation'>['action'];

/**
 * A negotiation's change as the RFQ negotiation notification, to its two parties and their brokers
 * only. When it moves the quote's state (negotiating, traded, live again) the quote's row goes to
 * the quote's own audience too, so the market grids drop or restore it.
 */
const negotiationChanged =
  (action: NegotiationAction, movesQuote = false): Rule =>
  (event) => {
    const p = event.payload as NegotiationChange;
    const note: Delivery = {
      audience: { kind: 'parties', clientIds: [p.owner_client_id, p.responder_client_id], brokerClientIds: p.broker_client_ids },
      message: {
        type: 'rfq_negotiation',
        negotiation_id: String(p.cluster_id),
        eoi_id: String(p.eoi_id),
        action,
        ...(event.actorUserId !== null && { actor_user_id: String(event.actorUserId) }),
        event_id: event.id,
      },
    };
    return movesQuote ? [note, quoteRow(event, { ...p, status: p.eoi_status, revision: p.eoi_revision })] : [note];
  };

type OrderChange = EventPayload<'order.reported'>;

/**
 * Any order event: the orders grids of the buyer, the seller and the broker firm refetch the row
 * (their compliance officers and the operator's too); each party gets its own open orders count.
 */
const orderChanged: Rule = (event) => {
  const p = event.payload as OrderChange;
  const parties = [p.buyer_client_id, p.seller_client_id];
  return [
    {
      audience: { kind: 'parties', clientIds: parties, brokerClientIds: p.broker_client_id === null ? [] : [p.broker_client_id] },
      message: { type: 'partial_refresh', topic: 'orders', ids: [String(p.order_id)], event_id: event.id },
    },
    ...parties.map((clientId): Delivery => ({
      audience: { kind: 'ownFigure', clientId },
      message: { type: 'open_orders_count', count: p.open_orders[String(clientId)] ?? 0, event_id: event.id },
    })),
  ];
};

type ChatChange = EventPayload<'chat.message_sent'>;
type ChatAction = LiveMessageOf<'chat'>['action'];

/** A chat change: a `chat` message to the accounts the event names (the channel's members and the user it is about). */
const chatChanged =
  (action: ChatAction): Rule =>
  (event) => {
    const p = event.payload as ChatChange;
    return [
      {
        audience: { kind: 'accounts', userAccountIds: p.recipient_account_ids },
        message: {
          type: 'chat',
          action,
          channel_url: p.channel_url,
          event_id: event.id,
          ...(p.message && { message: p.message }),
          ...(p.message_id !== undefined && { message_id: p.message_id }),
          ...(p.user_id !== undefined && { user_id: p.user_id }),
        },
      },
    ];
  };

/** The rule table: an event type without a rule goes to no socket. */
export const LIVE_RULES: Partial<Record<EventType, Rule>> = {
  // The user's pages and permissions change: they refetch everything; their admins the user list.
  'user_account.roles_changed': (event) =>
    event.clientId === null
      ? []
      : [
          {
            audience: { kind: 'account', clientId: event.clientId, userAccountId: Number(event.aggregateId) },
            message: { type: 'refresh', reason: 'access_changed', event_id: event.id },
          },
          ...usersChanged(event, Number(event.aggregateId)),
        ],
  'invite.created': (event) => usersChanged(event, Number(event.payload.user_account_id)),
  'invite.accepted': (event) => usersChanged(event, Number(event.payload.user_account_id)),
  'invite.revoked': (event) => usersChanged(event, Number(event.payload.user_account_id)),
  'eoi.created': quoteChanged('sent'),
  'eoi.updated': quoteChanged('updated'),
  'eoi.expired': quoteChanged('withdrawn'),
  'eoi.closed': quoteChanged('withdrawn'),
  'eoi.replaced': quoteChanged('withdrawn'),
  'cluster.opened': negotiationChanged('opened', true),
  'cluster.countered': negotiationChanged('countered'),
  'cluster.brokers_changed': negotiationChanged('updated'),
  'cluster.brokerage_set': negotiationChanged('updated'),
  'cluster.accepted': negotiationChanged('accepted'),
  'cluster.closed': negotiationChanged('closed', true),
  'cluster.expired': negotiationChanged('expired', true),
  'deal.confirmed': negotiationChanged('confirmed', true),
  'deal.rejected': negotiationChanged('rejected', true),
  'order.reported': orderChanged,
  'order.booked': orderChanged,
  'order.modified': orderChanged,
  'order.accepted': orderChanged,
  'order.rejected': orderChanged,
  'order.cancelled': orderChanged,
  'order.cancel_requested': orderChanged,
  'order.obligations_due': orderChanged,
  'order.leg_paid_in': orderChanged,
  'order.settled': orderChanged,
  'order.failed': orderChanged,
  'chat.channel_created': chatChanged('channel_changed'),
  'chat.channel_updated': chatChanged('channel_changed'),
  'chat.operators_changed': chatChanged('channel_changed'),
  'chat.member_invited': chatChanged('invited'),
  'chat.member_joined': chatChanged('user_joined'),
  'chat.member_declined': chatChanged('declined'),
  'chat.member_left': chatChanged('user_left'),
  'chat.member_banned': chatChanged('user_banned'),
  'chat.member_unbanned': chatChanged('user_unbanned'),
  'chat.member_muted': chatChanged('user_muted'),
  'chat.member_unmuted': chatChanged('user_unmuted'),
  'chat.message_sent': chatChanged('message_received'),
  'chat.message_deleted': chatChanged('message_deleted'),
  'chat.read': chatChanged('read'),
  'chat.delivered': chatChanged('delivered'),
};

/**
 * A negotiation note names its actor only to the actor's own sockets (so their page does not
 * sound for their own action): a user id could tell the other side who is behind an anonymous quote.
 */
function personal(message: LiveServerMessage, event: LoggedEvent, viewer: Viewer): LiveServerMessage {
  if (message.type !== 'rfq_negotiation' || message.actor_user_id === undefined || viewer.userId === event.actorUserId) return message;
  const { actor_user_id: _, ...anonymous } = message;
  return anonymous;
}

/** The messages `event` makes for `viewer`, in table order. */
export function messagesFor(event: LoggedEvent, viewer: Viewer): LiveServerMessage[] {
  const rule = LIVE_RULES[event.type];
  return rule
    ? rule(event)
        .filter((d) => canSee(d.audience, viewer))
        .map((d) => personal(d.message, event, viewer))
    : [];
}
