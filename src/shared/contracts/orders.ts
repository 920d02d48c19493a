/**
 * Contracts of the Orders calls of spec 01 §7: reporting a trade, accept-reject, cancel, modify,
 * settle-or-cancel, one order, the unified list. One trade is one order; the seller sees it under
 * `api/orders/`, the buyer under `api/procurement-orders/` (`kind` SALE or PROCUREMENT for the
 * caller). Amounts are INR strings with 2 decimals, prices per 100 face with 4, yields fractions
 * with 6 (DESIGN §4). Statuses are the order machine's states (machines/order.machine.ts).
 */
import { z } from 'zod';
import { ID_MAX, recordIdSchema } from '../validation/ids.js';
import { isIsoDate, rejectPriceAndYield, rejectSettlementDateAndDelta, tradeTimeSchema, withCrossFieldFirst } from '../validation/index.js';
import { businessDateOf } from '../businessDate.js';
import { isoDateSchema, settlementDeltaSchema } from './instruments.js';
import { brokerageSchema, eoiPriceSchema, eoiQuantumSchema, eoiYieldSchema, requirePriceOrYield, RFQ_PLATFORMS } from './trading.js';

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
  legNotReceived: 'The clearing corporation did not receive your leg. Try again before the pay-in cut-off.',
  cancelTooLate: 'Obligations are due: the trade can no longer be cancelled.',
  idempotencyMismatch: 'This Idempotency-Key was already used with a different request.',
  idempotencyKeyFormat: 'Idempotency-Key must be 1 to 200 visible characters',
  counterpartyInactive: 'This client cannot trade on the platform now',
  counterpartyUserUnknown: 'This user is not an active user of the counterparty',
  counterpartyExchange: 'The counterparty may not trade on this exchange',
  noSharedExchange: 'You and the counterparty share no exchange',
  tradeDateFuture: 'Trade date cannot be later than today.',
  settlementPast: 'Settlement date cannot be in the past.',
  brokerageNeedsBroker: 'Brokerage is owed to a broker: choose the broker firm',
  withdrawn: 'The reporter withdrew this report.',
  reportAnswered: 'The counterparty has answered this report: it can no longer be changed or withdrawn.',
  nothingToChange: 'Give at least one field to change',
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

const idSchema = recordIdSchema();
const brokerageField = brokerageSchema.shape.brokerage;

/** The trade date given in a raw body, when it is a real date: the trade time is checked against it. */
export function tradeDateIn(body: unknown): string | undefined {
  const date = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).trade_date : undefined;
  return typeof date === 'string' && isIsoDate(date.trim()) ? date.trim() : undefined;
}

/** trade_date: a real date, today (IST) or earlier. */
const tradeDateSchema = (now: () => Date) =>
  isoDateSchema.refine((date) => date <= businessDateOf(now()), { error: ORDER_MESSAGES.tradeDateFuture });

const orderCrossFieldRules = [rejectSettlementDateAndDelta(), rejectPriceAndYield()];

/**
 * POST api/orders/ (the caller sells) and api/procurement-orders/ (the caller buys): a trade struck
 * with another client, to report. The trade time (spec 01 §5) is checked against the trade date of
 * the body (default today), so the schema is made per request with the injected clock's `now`.
 */
export function reportOrderSchema(now: () => Date, body: unknown) {
  return withCrossFieldFirst(
    z.object({
      counterparty_client_id: z.coerce
        .number({ error: ORDER_MESSAGES.counterpartyRequired })
        .int({ error: ORDER_MESSAGES.counterpartyRequired })
        .positive({ error: ORDER_MESSAGES.counterpartyRequired })
        .max(ID_MAX, { error: ORDER_MESSAGES.counterpartyUnknown }),
      counterparty_user_account_id: idSchema.nullish(),
      finstrument_id: idSchema,
      quantity: eoiQuantumSchema,
      unit_price_stored: eoiPriceSchema,
      yield_stored: eoiYieldSchema,
      trade_time: tradeTimeSchema(now, { tradeDate: tradeDateIn(body) }),
      trade_date: tradeDateSchema(now).nullish(),
      settlement_date: isoDateSchema.nullish(),
      settlement_delta: settlementDeltaSchema.nullish(),
      exchange: z.enum(RFQ_PLATFORMS).nullish(),
      broker_client_id: idSchema.nullish(),
      brokerage: brokerageField.nullish(),
    }),
    [...orderCrossFieldRules, requirePriceOrYield],
  );
}
export type ReportOrder = z.infer<ReturnType<typeof reportOrderSchema>>;

/**
 * PUT api/orders/{id}/modify/, PATCH api/procurement-orders/{id}/modify/: the reporter changes what
 * it reported while the counterparty has not answered; what is not sent stays. A trade time is
 * checked against the trade date sent, else the order's own (`tradeDate`).
 */
export function modifyOrderSchema(now: () => Date, body: unknown, tradeDate: string) {
  return withCrossFieldFirst(
    z.object({
      quantity: eoiQuantumSchema.optional(),
      unit_price_stored: eoiPriceSchema,
      yield_stored: eoiYieldSchema,
      trade_time: tradeTimeSchema(now, { tradeDate: tradeDateIn(body) ?? tradeDate }).optional(),
      trade_date: tradeDateSchema(now).nullish(),
      settlement_date: isoDateSchema.nullish(),
      settlement_delta: settlementDeltaSchema.nullish(),
      brokerage: brokerageField.nullish(),
    }),
    orderCrossFieldRules,
  );
}
export type ModifyOrder = z.infer<ReturnType<typeof modifyOrderSchema>>;

/** PUT api/{orders|procurement-orders}/{id}/accept-reject/: the counterparty's answer (spec 01 §3). */
export const acceptRejectSchema = z.object({
  reported_order_status: z.enum(['ACCEPTED', 'REJECTED'], { error: "Answer 'ACCEPTED' or 'REJECTED'" }),
  reason: z.string().trim().max(500).nullish(),
  /**
   * The order's revision the counterparty saw (issue #27): an accept is bound to those figures, and a
   * report changed since is answered 409 FIGURES_CHANGED with the new ones. The app always sends it.
   */
  revision: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .optional(),
});
export type AcceptReject = z.infer<typeof acceptRejectSchema>;

export const orderIdParamsSchema = z.object({ id: idSchema });

const flagSchema = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

/** GET api/orders/unified/: the caller's client's orders, both sides, newest trade first. */
export const orderListQuerySchema = z.object({
  state: z.enum([...ORDER_STATUSES, 'open', 'all']).default('open'),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  /** false: the first 100 in one page. */
  paginate: flagSchema,
  counterparty_client_id: idSchema.optional(),
  finstrument_id: idSchema.optional(),
  /** ISIN or bond name. */
  search: z.string().trim().max(100).optional(),
  /** Trade dates, inclusive. */
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;
