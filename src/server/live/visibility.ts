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
  | { kind: 'parties'; clientIds: readonly number[]; brokerClientIds: readonly number[] };

/** The clients an audience belongs to (their compliance officers see it); null for the public market. */
function ownerClients(audience: Audience): readonly number[] | null {
  switch (audience.kind) {
    case 'market': return null;
    case 'account': case 'clientRoles': case 'client': return [audience.clientId];
    case 'privateRun': return [audience.senderClientId, ...audience.addressedClientIds];
    case 'parties': return [...audience.clientIds, ...audience.brokerClientIds];
  }
}

function isAddressed(audience: Audience, viewer: Viewer): boolean {
  switch (audience.kind) {
    case 'market': return viewer.canTrade;
    case 'account': return viewer.userAccountId === audience.userAccountId && viewer.clientId === audience.clientId;
    case 'clientRoles': return viewer.clientId === audience.clientId && viewer.roles.some((r) => audience.roles.includes(r));
    case 'client': return viewer.clientId === audience.clientId;
    case 'privateRun': return viewer.clientId === audience.senderClientId
      || (viewer.canTrade && audience.addressedClientIds.includes(viewer.clientId));
    case 'parties': return [...audience.clientIds, ...audience.brokerClientIds].includes(viewer.clientId);
  }
}

/** True when `viewer` may receive a message for `audience`. */
export function canSee(audience: Audience, viewer: Viewer): boolean {
  if (isAddressed(audience, viewer)) return true;
  if (!viewer.roles.includes('complianceofficer')) return false;
  const owners = ownerClients(audience);
  return viewer.isOperator ? true : owners !== null && owners.includes(viewer.clientId);
}

export interface Delivery { audience: Audience; message: LiveServerMessage }

const OPS_ADMINS: readonly Role[] = ['clientopsadmin'];

/** What a user-list change tells the ops admins of the client. */
function usersChanged(event: LoggedEvent, userAccountId: number): Delivery[] {
  if (event.clientId === null) return [];
  return [{
    audience: { kind: 'clientRoles', clientId: event.clientId, roles: OPS_ADMINS },
    message: { type: 'partial_refresh', topic: 'users', ids: [String(userAccountId)], event_id: event.id },
  }];
}

type Rule = (event: LoggedEvent) => Delivery[];

/**
 * A quote's change as a row for the market grids (`eois`) or the private runs (`runs`): the EOI id,
 * bond, side, state and revision — never the client, so an anonymous quote stays anonymous. A
 * one-to-one quote goes to its sender's client and the addressed client's traders; any other to the
 * market.
 */
function quoteChanged(event: LoggedEvent): Delivery[] {
  const { eoi_id, finstrument_id, quote_type, status, revision, rfq_mode, oto_client_id, price_overridden, consideration } = event.payload as EoiChange;
  const row = { id: String(eoi_id), finstrument_id, quote_type, status, revision };
  const sender = event.clientId;
  const oneToOne = rfq_mode === 'OTO' && oto_client_id !== null && sender !== null;
  const audience: Audience = oneToOne
    ? { kind: 'privateRun', senderClientId: sender, addressedClientIds: [oto_client_id] }
    : { kind: 'market' };
  const deliveries: Delivery[] = [{ audience, message: { type: 'updates', topic: oneToOne ? 'runs' : 'eois', rows: [row], event_id: event.id } }];
  // A price set by a price-override user instead of the engine: the quote's new consideration (spec 01 §6, §7).
  if (price_overridden && consideration) {
    deliveries.push({ audience, message: { type: 'price_override', eoi_id: String(eoi_id), consideration, event_id: event.id } });
  }
  return deliveries;
}

type EoiChange = EventPayload<'eoi.created'>;
type NegotiationChange = EventPayload<'cluster.opened'>;
type NegotiationAction = LiveMessageOf<'rfq_negotiation'>['action'];

/** A negotiation's change as the RFQ negotiation notification, to its two parties and their brokers only. */
const negotiationChanged = (action: NegotiationAction): Rule => (event) => {
  const { cluster_id, eoi_id, owner_client_id, responder_client_id, broker_client_ids } = event.payload as NegotiationChange;
  return [{
    audience: { kind: 'parties', clientIds: [owner_client_id, responder_client_id], brokerClientIds: broker_client_ids },
    message: { type: 'rfq_negotiation', negotiation_id: String(cluster_id), eoi_id: String(eoi_id), action, event_id: event.id },
  }];
};

/** The rule table: an event type without a rule goes to no socket. */
export const LIVE_RULES: Partial<Record<EventType, Rule>> = {
  // The user's pages and permissions change: they refetch everything; their admins the user list.
  'user_account.roles_changed': (event) => event.clientId === null ? [] : [
    {
      audience: { kind: 'account', clientId: event.clientId, userAccountId: Number(event.aggregateId) },
      message: { type: 'refresh', reason: 'access_changed', event_id: event.id },
    },
    ...usersChanged(event, Number(event.aggregateId)),
  ],
  'invite.created': (event) => usersChanged(event, Number(event.payload.user_account_id)),
  'invite.accepted': (event) => usersChanged(event, Number(event.payload.user_account_id)),
  'invite.revoked': (event) => usersChanged(event, Number(event.payload.user_account_id)),
  'eoi.created': quoteChanged,
  'eoi.updated': quoteChanged,
  'eoi.expired': quoteChanged,
  'eoi.closed': quoteChanged,
  'eoi.replaced': quoteChanged,
  'cluster.opened': negotiationChanged('opened'),
  'cluster.countered': negotiationChanged('countered'),
  'cluster.brokers_changed': negotiationChanged('updated'),
  'cluster.brokerage_set': negotiationChanged('updated'),
  'cluster.accepted': negotiationChanged('accepted'),
  'cluster.closed': negotiationChanged('closed'),
  'cluster.expired': negotiationChanged('expired'),
  'deal.confirmed': negotiationChanged('confirmed'),
  'deal.rejected': negotiationChanged('rejected'),
};

/** The messages `event` makes for `viewer`, in table order. */
export function messagesFor(event: LoggedEvent, viewer: Viewer): LiveServerMessage[] {
  const rule = LIVE_RULES[event.type];
  return rule ? rule(event).filter((d) => canSee(d.audience, viewer)).map((d) => d.message) : [];
}
