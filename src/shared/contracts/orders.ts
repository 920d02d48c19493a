/**
 * Contracts of the Orders calls of spec 01 §7: reporting a trade, accept-reject, cancel, modify,
 * settle-or-cancel, one order, the unified list. One trade is one order; the seller sees it under
 * `api/orders/`, the buyer under `api/procurement-orders/` (`kind` SALE or PROCUREMENT for the
 * caller). Amounts are INR strings with 2 decimals, prices per 100 face with 4, yields fractions
 * with 6 (DESIGN §4). Statuses are the order machine's states (machines/order.machine.ts).
 */
import { z } from 'zod';
import { RFQ_PLATFORMS } from './trading.js';

/** The order machine's states (machines/order.machine.ts; a test keeps the two in step). */
export const ORDER_STATUSES = ['reported', 'accepted', 'due', 'settled', 'failed', 'rejected', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** Statuses that count as open (the live `open orders count`). */
export const OPEN_ORDER_STATUSES: readonly OrderStatus[] = ['reported', 'accepted', 'due'];
export const ORDER_KINDS = ['SALE', 'PROCUREMENT'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];
/** How the counterparty answered a report (spec 01 §3: REJECTED is sent via accept-reject). */
export const REPORTED_ORDER_STATUSES = ['PENDING', 'ACCEPTED', 'REJECTED'] as const;
/** The user actions the order machine may allow the caller (spec 01 §4 Orders). */
export const ORDER_ACTIONS = ['accept', 'reject', 'modify', 'cancel', 'pay_in', 'request_cancel'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];
/** `{b}` of PATCH api/orders/settle-cancel/{a}/{b}/: pay in the caller's leg, or ask to cancel by consent. */
export const SETTLE_CANCEL_DECISIONS = ['settle', 'cancel'] as const;

/** An OTC trade must be reported within this many minutes of its trade time (DOMAIN.md §1 Reporting). */
export const LATE_REPORT_MINUTES = 15;

/** Ours: the spec names these rules but gives them no text. */
export const ORDER_MESSAGES = {
  orderNotFound: 'No such order.',
  counterpartyRequired: 'Choose the counterparty',
  counterpartySelf: 'The counterparty cannot be your own client',
  counterpartyUnknown: 'No such client',
  notCounterparty: 'Only the counterparty accepts or rejects a reported trade.',
  notReporter: 'Only the client that reported this trade may change or cancel it.',
  notAParty: 'Only the buyer and the seller act on this trade.',
  alreadyAnswered: 'The counterparty has already answered this report.',
  notOpen: 'This trade is no longer open.',
  notDue: 'Legs are paid in on the settlement date, before the pay-in cut-off.',
  legAlreadyIn: 'Your leg is already paid in.',
  cancelTooLate: 'Obligations are due: the trade can no longer be cancelled.',
  idempotencyMismatch: 'This Idempotency-Key was already used with a different request.',
  idempotencyKeyFormat: 'Idempotency-Key must be 1 to 200 visible characters',
} as const;

const amount = z.string();
const party = z.object({ client_id: z.number().int(), name: z.string() });
const timelineEntry = z.object({
  event_id: z.number().int(),
  type: z.string(),
  /** The event's meaning for users, e.g. 'Accepted by Vasuki Capital'. */
  label: z.string(),
  at: z.string(),
  actor: z.string().nullable(),
});

/** One order as the caller sees it (GET api/orders/{id}/, rows of the unified list). */
export const orderSchema = z.object({
  id: z.number().int(),
  kind: z.enum(ORDER_KINDS),
  status: z.enum(ORDER_STATUSES),
  reported_order_status: z.enum(REPORTED_ORDER_STATUSES),
  source: z.enum(['REPORTED', 'RFQ_DEAL']),
  deal_id: z.number().int().nullable(),
  finstrument_id: z.number().int(),
  isin: z.string(),
  bond_name: z.string(),
  buyer: party,
  seller: party,
  /** The other party, as the caller sees it. */
  counterparty: party,
  reported_by_me: z.boolean(),
  broker: party.nullable(),
  quantity: z.number(),
  unit_price: z.string(),
  yield: z.string(),
  trade_date: z.string(),
  trade_time: z.string(),
  settlement_date: z.string(),
  principal: amount,
  accrued_interest: amount,
  consideration: amount,
  stamp_duty: amount,
  brokerage: amount,
  exchange: z.enum(RFQ_PLATFORMS),
  clearing_corporation: z.enum(['NSCCL', 'ICCL']),
  late_reported: z.boolean(),
  funds_paid_in: z.boolean(),
  securities_paid_in: z.boolean(),
  cancel_requested_by_me: z.boolean(),
  cancel_requested_by_counterparty: z.boolean(),
  reason: z.string().nullable(),
  revision: z.number().int(),
  actions: z.array(z.enum(ORDER_ACTIONS)),
  created_at: z.string(),
  updated_at: z.string(),
});
export type OrderView = z.infer<typeof orderSchema>;

/** GET api/orders/{id}/ adds the timeline read from the event log. */
export const orderDetailSchema = orderSchema.extend({ timeline: z.array(timelineEntry) });
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** GET api/orders/unified/: `state` is a status, 'open' (reported, accepted, due) or 'all'. */
export const orderListResponseSchema = z.object({
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  results: z.array(orderSchema),
});
export type OrderListResponse = z.infer<typeof orderListResponseSchema>;
