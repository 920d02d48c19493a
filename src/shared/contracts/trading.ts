/**
 * Contracts of the EOI-and-market calls of spec 01 §7 with the payloads and defaults of §3: EOI
 * create and update, close, the lists (my quotes, market, private run). Yields are fractions with
 * 6 decimals, prices per 100 face with 4 (DESIGN §4). Cross-field rules are checked first.
 */
import { z } from 'zod';
import { recordIdSchema } from '../validation/ids.js';
import { PRICE_DECIMALS, PRICE_MAX, QUANTUM_MAX_DIGITS, YIELD_API_DECIMALS } from '../constants.js';
import {
  type CrossFieldRule,
  isBlank,
  rejectBoth,
  type NumberRule,
  optionalNumber,
  rejectPriceAndYield,
  rejectSettlementDateAndDelta,
  requiredNumber,
  VALIDATION_MESSAGES as M,
  withCrossFieldFirst,
} from '../validation/index.js';
import { INSTRUMENT_MESSAGES, isoDateSchema, settlementDeltaSchema } from './instruments.js';

export const QUOTE_TYPES = ['BID', 'ASK'] as const;
export const RFQ_MODES = ['OTM', 'OTO'] as const;
/** The RFQ platforms; NSE settles through NSCCL, BSE through ICCL (DOMAIN.md). */
export const RFQ_PLATFORMS = ['NSE', 'BSE'] as const;
export type RfqPlatform = (typeof RFQ_PLATFORMS)[number];
export const EOI_STATUSES = ['draft', 'live', 'negotiating', 'traded', 'expired', 'closed', 'replaced'] as const;
export type EoiStatus = (typeof EOI_STATUSES)[number];

/** Validity in minutes: one minute to one week. */
export const VALIDITY_MAX_MINUTES = 10_080;

/** Ours: the spec names these rules but gives them no text. */
export const TRADING_MESSAGES = {
  priceOrYield: 'Provide a price or a yield',
  validity: 'Validity must be a whole number of minutes from 1 to 10,080',
  otoCounterparty: 'Choose the client a one-to-one quote goes to',
  otoSelf: 'A one-to-one quote cannot go to your own client',
  otoUnknown: 'No such client',
  bondUnknown: 'No such bond',
  bondNotTradable: 'This bond cannot be traded',
  notPriceable: 'This bond cannot be priced for this settlement date',
  exchangeNotAllowed: 'Your client may not trade on this RFQ platform',
  noExchange: 'Your client is not allowed on any RFQ platform',
  endClientNotBroker: 'Only a broker may quote for an end client',
  endClientUnknown: 'This end client does not trade through you',
  confirmClose: 'Please confirm closing this quote',
  noTradeAccess: 'Trading needs trade access. Ask your OpsAdmin to request access to trade.',
  marketClosed: 'The RFQ market is closed. Trading hours are 09:00 to 17:00 IST on business days.',
  eoiNotFound: 'No such quote.',
  notYourQuote: 'Only the client that posted this quote may change it.',
  overrideNeedsYield: 'A price override goes with a yield: the price replaces the one the engine computes from it',
  /** Asked before a quote goes out at a price other than the engine's: a typo here is a live price. */
  overrideConfirm: "Please confirm posting at your price instead of the engine's",
  overrideNotAllowed: "Only a price-override user may quote at a price other than the engine's",
  overridePriceMissing: 'A price override needs the price in override_price',
  validityAndExpiry: 'Cannot provide both validity & expiry date',
  expiryBounds: 'The expiry date must be 1 minute to 7 days from now',
  mandatePast: "The client's mandate must end in the future",
  clearingCorporationMismatch: 'NSE settles through NSCCL and BSE through ICCL: choose the matching exchange and clearing corporation',
  fixedFieldMismatch: 'The fixed field must be the one you gave: PRICE with a price, YIELD with a yield',
  noCallDate: 'This bond has no call date',
  noPutDate: 'This bond has no put date',
  originTradeUnknown: 'No such trade of your client',
  userAccountNotTrader: 'Quote for a user of your own client who may trade',
  brokerNotLinked: 'This broker does not act for your client',
  impliedYieldNegative: 'This price implies a negative yield',
  impliedYieldAbove100: 'This price implies a yield above 100%',
  otoNeedsOtoMode: 'A quote to one client (oto_participant_details) needs rfq_mode "OTO"',
} as const;

/** Where a quote was entered: the web app, the BondCenter desk, or the demo market simulator. */
export const EOI_SOURCES = ['WEBSITE', 'BONDCENTER', 'SIMULATOR'] as const;
/** YTM prices to the engine's redemption date; YTC / YTP to the bond's next call / put after settlement. */
export const YIELD_TYPES = ['YTM', 'YTC', 'YTP'] as const;
export type YieldType = (typeof YIELD_TYPES)[number];
export const CLEARING_CORPORATIONS = ['NSCCL', 'ICCL'] as const;
export type ClearingCorporation = (typeof CLEARING_CORPORATIONS)[number];
/** The clearing corporation each RFQ platform settles through (DOMAIN.md §1). */
export const CLEARING_CORPORATION_OF: Record<RfqPlatform, ClearingCorporation> = { NSE: 'NSCCL', BSE: 'ICCL' };

const numberMessages = { required: M.required, notNumber: M.notNumber };
const decimalsOf = (text: string) => (text.includes('.') ? text.length - text.indexOf('.') - 1 : 0);
const notNegative: NumberRule = { message: M.negative, fails: (v) => v < 0 };

/** yield_stored: a fraction 0 … 1 with at most 6 decimals (the 7-character rule is the percent input's). */
export const eoiYieldSchema = optionalNumber(numberMessages, [
  notNegative,
  { message: M.yieldAbove100, fails: (v) => v > 1 },
  { message: INSTRUMENT_MESSAGES.yieldDecimals, fails: (_v, text) => decimalsOf(text) > YIELD_API_DECIMALS },
]);

/** unit_price_stored: clean price per 100 face, 0 < p ≤ 250, at most 4 decimals. */
export const eoiPriceSchema = optionalNumber(numberMessages, [
  notNegative,
  { message: M.zero, fails: (v) => v === 0 },
  { message: M.priceAbove250, fails: (v) => v > PRICE_MAX },
  { message: M.priceDecimals, fails: (_v, text) => decimalsOf(text) > PRICE_DECIMALS },
]);

const quantumRules: readonly NumberRule[] = [
  notNegative,
  { message: M.zero, fails: (v) => v === 0 },
  { message: M.max12Digits, fails: (v) => v >= 10 ** QUANTUM_MAX_DIGITS },
  { message: M.wholeNumber, fails: (v) => !Number.isInteger(v) },
];
/** Quantum (face value in INR); the multiple-of-face-value rule needs the bond, so the service checks it. */
export const eoiQuantumSchema = requiredNumber(numberMessages, quantumRules);

const validitySchema = z
  .number({ error: TRADING_MESSAGES.validity })
  .int({ error: TRADING_MESSAGES.validity })
  .min(1, { error: TRADING_MESSAGES.validity })
  .max(VALIDITY_MAX_MINUTES, { error: TRADING_MESSAGES.validity });

const idSchema = recordIdSchema();

/** Neither price nor yield: ours, checked with the spec's cross-field rules. */
export const requirePriceOrYield: CrossFieldRule = Object.assign(
  (value: unknown, ctx: z.RefinementCtx) => {
    if (requirePriceOrYield.violatedBy(value))
      ctx.addIssue({ code: 'custom', message: TRADING_MESSAGES.priceOrYield, path: [], input: value });
  },
  {
    message: TRADING_MESSAGES.priceOrYield,
    violatedBy: (input: unknown) =>
      typeof input === 'object' &&
      input !== null &&
      isBlank((input as Record<string, unknown>).unit_price_stored) &&
      isBlank((input as Record<string, unknown>).yield_stored),
  },
);

const eoiCrossFieldRules = [
  rejectSettlementDateAndDelta({ date: 'settlement', delta: 'settlement_delta' }),
  rejectPriceAndYield(),
  requirePriceOrYield,
];

/** An instant with its offset, e.g. 2026-11-21T12:00:00+05:30. */
const instantSchema = z.iso.datetime({ offset: true }).transform((v) => new Date(v));

/** POST api/trade/eoi/ and api/eoi/add/ (spec 01 §3 EOI create payload). */
export const createEoiSchema = withCrossFieldFirst(
  z.object({
    finstrument_id: idSchema,
    quantum: eoiQuantumSchema,
    unit_price_stored: eoiPriceSchema,
    yield_stored: eoiYieldSchema,
    quote_type: z.enum(QUOTE_TYPES).default('BID'),
    settlement: isoDateSchema.nullish(),
    settlement_delta: settlementDeltaSchema.nullish(),
    validity: validitySchema.nullish(),
    /** An absolute end instead of `validity` minutes, within the same bounds. */
    expiry_date_stored: instantSchema.nullish(),
    /** The client's mandate ends then: the quote expires at the earlier of this and its validity. */
    mandate_expires_at: instantSchema.nullish(),
    source: z.enum(EOI_SOURCES).default('WEBSITE'),
    whatsapp_consent: z.boolean().default(false),
    /** The sender marks this as their best price; lists show it as a flag. */
    is_best: z.boolean().default(false),
    state: z.string().trim().min(1).max(40).default('DEFAULT'),
    /** Which of price and yield the user fixed; it must be the one given. */
    fixed_field: z.enum(['PRICE', 'YIELD']).nullish(),
    yield_type: z.enum(YIELD_TYPES).default('YTM'),
    /** An order (trade) of the caller's client that this quote re-offers. */
    origin_trade: idSchema.nullish(),
    /** A can_trade user of the caller's client the quote is entered for; the caller by default. */
    user_account_id: idSchema.nullish(),
    /** Price-override users only; the price goes in `override_price`. */
    price_overridden: z.boolean().nullish(),
    /** Picks the exchange when `exchange` is not given; must match it when it is. */
    clearing_corporation: z.enum(CLEARING_CORPORATIONS).nullish(),
    send_to_rfq: z.boolean().default(false),
    rfq_mode: z.enum(RFQ_MODES).default('OTM'),
    /** The addressed client of a one-to-one quote. */
    oto_participant_details: z.object({ client_id: idSchema }).nullish(),
    /** Disclosed unless asked: an anonymous quote never reveals its client to another client. */
    anonymous: z.boolean().default(false),
    exchange: z.enum(RFQ_PLATFORMS).nullish(),
    end_client_id: idSchema.nullish(),
    /** A live quote of the caller's client this one replaces (it ends as replaced). */
    replaces: idSchema.nullish(),
    /** Price-override users only: this price instead of the engine's for the typed yield (spec 01 §6). */
    override_price: eoiPriceSchema,
  }),
  [...eoiCrossFieldRules, rejectBoth('validity', 'expiry_date_stored', TRADING_MESSAGES.validityAndExpiry)],
);
export type CreateEoi = z.infer<typeof createEoiSchema>;

/** PUT api/eoi/update/{id}/: a new quantum, price or yield, settlement or validity; the rest stays. */
export const updateEoiSchema = withCrossFieldFirst(
  z.object({
    quantum: optionalNumber(numberMessages, quantumRules),
    unit_price_stored: eoiPriceSchema,
    yield_stored: eoiYieldSchema,
    settlement: isoDateSchema.nullish(),
    settlement_delta: settlementDeltaSchema.nullish(),
    validity: validitySchema.nullish(),
    override_price: eoiPriceSchema,
  }),
  eoiCrossFieldRules.slice(0, 2),
);
export type UpdateEoi = z.infer<typeof updateEoiSchema>;

/** PUT api/trade/d/eoi/{id}/close/: closing needs the user's confirmation. */
export const closeEoiSchema = z.object({
  confirm: z.literal(true, { error: TRADING_MESSAGES.confirmClose }),
  /** The EOI this one was closed against, when the dealer matched it off another quote. */
  opposing_eoi: idSchema.nullish(),
  broker_id: idSchema.nullish(),
});
export type CloseEoi = z.infer<typeof closeEoiSchema>;

export const eoiIdParamsSchema = z.object({ id: idSchema });

/** PUT api/trade/d/eoi/close/: close the caller's client's live quotes (all, or those listed), after confirming. */
export const closeEoisSchema = z.object({
  confirm: z.literal(true, { error: TRADING_MESSAGES.confirmClose }),
  eoi_ids: z.array(idSchema).max(500).nullish(),
});
export type CloseEois = z.infer<typeof closeEoisSchema>;
export const closedEoisSchema = z.object({ closed: z.array(z.number()) });

/** Who posted a quote; null on an anonymous quote seen by another client. */
const counterpartySchema = z.object({ id: z.number(), name: z.string() }).nullable();

/** An EOI as every list and answer shows it. */
export const eoiSchema = z.object({
  id: z.number(),
  finstrument_id: z.number(),
  isin: z.string(),
  bond_name: z.string(),
  issuer_name: z.string(),
  quote_type: z.enum(QUOTE_TYPES),
  quantum: z.number(),
  unit_price_stored: z.number(),
  yield_stored: z.number(),
  fixed_field: z.enum(['price', 'yield']),
  settlement_date: z.string(),
  settlement_delta: z.number().nullable(),
  validity: z.number().nullable(),
  expires_at: z.string(),
  status: z.enum(EOI_STATUSES),
  rfq_mode: z.enum(RFQ_MODES),
  anonymous: z.boolean(),
  exchange: z.enum(RFQ_PLATFORMS),
  send_to_rfq: z.boolean(),
  source: z.enum(EOI_SOURCES),
  client: counterpartySchema,
  /** The addressed client of a one-to-one quote. */
  oto_client: counterpartySchema,
  end_client_id: z.number().nullable(),
  is_mine: z.boolean(),
  /** The price was set by a price-override user, not computed by the engine. */
  price_overridden: z.boolean(),
  clearing_corporation: z.enum(CLEARING_CORPORATIONS),
  yield_type: z.enum(YIELD_TYPES),
  /** The sender's best price. */
  is_best: z.boolean(),
  /** The rest are the poster's own: null (false for the flag) to another client. */
  mandate_expires_at: z.string().nullable(),
  whatsapp_consent: z.boolean(),
  state: z.string().nullable(),
  origin_trade: z.number().nullable(),
  user_account_id: z.number().nullable(),
  /** The RFQ platform's id once the quote is in the exchange's quote book (`send_to_rfq`). */
  exchange_quote_id: z.string().nullable(),
  open_negotiations: z.number(),
  /** A deal on the quote waits for the exchange's answer: until then the quote cannot be closed or expired. */
  deal_pending: z.boolean(),
  revision: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type EoiView = z.infer<typeof eoiSchema>;

const pageSchema = z.coerce.number().int().min(1).default(1);
const pageSizeSchema = z.coerce.number().int().min(1).max(100).default(20);
const searchSchema = z.string().trim().max(100).optional();
const flagSchema = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

/** GET api/trade/d/market/ (public runs). */
export const marketQuerySchema = z.object({ page: pageSchema, page_size: pageSizeSchema, search: searchSchema, my_quotes: flagSchema });
export type MarketQuery = z.infer<typeof marketQuerySchema>;

/** GET api/eoi/private-run/ (one-to-one quotes to or from the caller's client). */
export const privateRunQuerySchema = z.object({ page: pageSchema, page_size: pageSizeSchema, search: searchSchema });
export type PrivateRunQuery = z.infer<typeof privateRunQuerySchema>;

/** GET api/trade/eoi/ (the caller's client's quotes). */
export const myEoisQuerySchema = z.object({
  quote_type: z.enum(QUOTE_TYPES).optional(),
  finstrument_data__finstrument_id: idSchema.optional(),
});
export type MyEoisQuery = z.infer<typeof myEoisQuerySchema>;

/** A page of quotes; `restriction` is the text the UI shows when the list is empty by rule (spec 01 §6). */
export const eoiPageSchema = z.object({
  results: z.array(eoiSchema),
  count: z.number(),
  page: z.number(),
  page_size: z.number(),
  restriction: z.string().nullable(),
});
export type EoiPage = z.infer<typeof eoiPageSchema>;

export const eoiListSchema = z.object({ results: z.array(eoiSchema) });

/** Ours, for negotiation: the spec gives these no text. */
export const NEGOTIATION_MESSAGES = {
  ownQuote: 'You cannot respond to your own quote.',
  quoteExpired: 'This quote has expired.',
  notLive: 'This quote is no longer live.',
  clusterNotFound: 'No such negotiation.',
  yourPrice: 'Give your price',
  notYourTurn: 'It is not your turn: the other party has your quote.',
  negotiationOver: 'This negotiation is over.',
  brokerFollows: 'Only the parties act on a negotiation; its brokers follow it.',
  exchangeNotShared: 'Both parties must be allowed on this RFQ platform',
  accruedFormat: 'Give the accrued interest in INR with at most 2 decimals',
  /** A quote cannot end while a deal on it waits for the exchange: the exchange's answer must find it (issue #27). */
  dealPending:
    "A deal on this quote is waiting for the exchange's answer; the quote can end only once the exchange confirms or rejects it.",
  otherDealPending: "Another deal on this quote is waiting for the exchange's answer; accept again once the exchange has answered it.",
} as const;

/** POST api/eoi/add-negotiation/ (spec 01 §3 EOI response payload). */
export const respondSchema = withCrossFieldFirst(
  z.object({
    respond_eoi_id: idSchema,
    client_id: idSchema.nullish(),
    finstrumentId: idSchema.nullish(),
    /** The quantum the responder deals in; the quote's own by default. */
    maximum_lot_stored: optionalNumber(numberMessages, quantumRules),
    unit_price_stored: eoiPriceSchema,
    yield_stored: eoiYieldSchema,
    source: z.string().trim().min(1).max(40).default('BONDCENTER'),
    /** Answer at the quote's own price. */
    use_respond_eoi_price: z.boolean().default(false),
  }),
  [rejectPriceAndYield()],
);
export type RespondEoi = z.infer<typeof respondSchema>;

/** seller_spread: per 100 face like a price, zero or more, at most 4 decimals. */
const eoiSpreadSchema = optionalNumber(numberMessages, [
  notNegative,
  { message: M.priceAbove250, fails: (v) => v > PRICE_MAX },
  { message: M.priceDecimals, fails: (_v, text) => decimalsOf(text) > PRICE_DECIMALS },
]);

/** PUT api/trade/cluster/{id}/ (spec 01 §3 cluster update payload): counter by price, or close. */
export const clusterUpdateSchema = z.object({
  quantity: optionalNumber(numberMessages, quantumRules),
  buyer_price: eoiPriceSchema,
  seller_price: eoiPriceSchema,
  /** A broker party's spread per 100 face on `seller_price`: the buyer's price is seller_price + seller_spread. */
  seller_spread: eoiSpreadSchema,
  settlement_date: isoDateSchema.nullish(),
  close: z.boolean().default(false),
  /** Names the broker firm facilitating the negotiation (one of GET api/trade/facilitator/). */
  facilitator: idSchema.nullish(),
});
export type ClusterUpdate = z.infer<typeof clusterUpdateSchema>;

const inrSchema = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .refine((v) => /^\d+(\.\d{1,2})?$/.test(v), { error: NEGOTIATION_MESSAGES.accruedFormat });

/** POST api/cluster/{id}/accept/: the figures the acceptor confirmed, and the platform. */
export const acceptSchema = z.object({
  bond_yield: requiredNumber(numberMessages, []),
  unit_clean_price: requiredNumber(numberMessages, []),
  total_accrued_interest: inrSchema,
  /** The broker's spread the acceptor saw (none: 0); a different one on the table is a figure change. */
  seller_spread: eoiSpreadSchema.optional(),
  exchange: z.enum(RFQ_PLATFORMS),
});
export type AcceptCluster = z.infer<typeof acceptSchema>;

/** The figures of a cluster's quote for its quantity and settlement date, as the accept dialog shows them. */
export const dealFiguresSchema = z.object({
  unit_clean_price: z.number(),
  bond_yield: z.number(),
  settlement_date: z.string(),
  quantity: z.number(),
  principal: z.string(),
  total_accrued_interest: z.string(),
  consideration: z.string(),
  stamp_duty: z.string(),
});
export type DealFigures = z.infer<typeof dealFiguresSchema>;

export const CLUSTER_STATUSES = [
  'withOwner',
  'withResponder',
  'accepted',
  'onExchange',
  'confirmed',
  'rejected',
  'closed',
  'expired',
] as const;

export const dealSchema = z.object({
  id: z.number(),
  exchange: z.enum(RFQ_PLATFORMS),
  exchange_deal_id: z.string().nullable(),
  exchange_status: z.enum(['PENDING', 'CONFIRMED', 'REJECTED']),
  rejection_reason: z.string().nullable(),
  brokerage: z.string(),
  /** The seller's figures; with a broker's spread the buyer's are `buyer_figures`. */
  figures: dealFiguresSchema,
  seller_spread: z.string(),
  buyer_figures: dealFiguresSchema,
});

export const clusterSchema = z.object({
  id: z.number(),
  eoi_id: z.number(),
  finstrument_id: z.number(),
  isin: z.string(),
  bond_name: z.string(),
  /** The side of the caller in this negotiation; null for a broker on it, who reads it without acting. */
  my_side: z.enum(['BUY', 'SELL']).nullable(),
  my_role: z.enum(['owner', 'responder', 'broker']),
  status: z.enum(CLUSTER_STATUSES),
  /** The quote on the table: the seller's price and figures. */
  figures: dealFiguresSchema,
  /** A broker party's spread per 100 face ('0.0000' without one) and the buyer's figures at price + spread. */
  seller_spread: z.string(),
  buyer_figures: dealFiguresSchema,
  /** The other party; null when the quote is anonymous and the caller is the responder. */
  counterparty: counterpartySchema,
  can_counter: z.boolean(),
  can_accept: z.boolean(),
  can_close: z.boolean(),
  /** The RFQ platforms both parties may deal on: the accept dialog offers only these. */
  exchanges: z.array(z.enum(RFQ_PLATFORMS)),
  revision: z.number(),
  /** Broker firms on the negotiation (PATCH api/trade/members/{id}/). */
  facilitator: counterpartySchema,
  agent: counterpartySchema,
  /** Brokerage in INR on the deal (PATCH api/trade/{id}/brokerage/); null until set. */
  brokerage: z.string().nullable(),
  deal: dealSchema.nullable(),
  updated_at: z.string(),
});
export type ClusterView = z.infer<typeof clusterSchema>;
export const clusterListSchema = z.object({ results: z.array(clusterSchema) });
export const clusterIdParamsSchema = z.object({ id: idSchema });

const cutoffSchema = z.object({ clearing_corporation: z.enum(['NSCCL', 'ICCL']), t0_cutoff: z.string(), pay_in: z.string() });

/** GET api/trade/timings (times are HH:MM in Asia/Kolkata). */
export const tradingTimingsSchema = z.object({
  business_date: z.string(),
  timezone: z.literal('Asia/Kolkata'),
  /** `open`: the demo market never closes; `real`: RFQ hours on business days. */
  market_hours: z.enum(['open', 'real']),
  is_open: z.boolean(),
  rfq_session: z.object({ open: z.string(), close: z.string() }),
  settlement_cutoffs: z.object({ NSE: cutoffSchema, BSE: cutoffSchema }),
  can_trade: z.boolean(),
  /** The text the UI shows instead of market, run and RFQ lists; null when the caller may trade now. */
  restriction: z.string().nullable(),
});
export type TradingTimings = z.infer<typeof tradingTimingsSchema>;

/** Ours, for the Trade calls of spec 01 §7. */
export const TRADE_MESSAGES = {
  notABroker: 'Choose a broker firm',
  spreadNotBroker: "Only a broker may quote a spread on the seller's price",
  spreadNeedsSellerPrice: "Give the seller's price with the spread",
  notYourAgent: 'Your client does not trade through this broker',
  brokerage: 'Give the brokerage in INR with at most 2 decimals',
  bondRequired: 'Give the bond: isin or finstrument_id',
  clientNotFound: 'No such client.',
} as const;

/** A broker firm that can facilitate a negotiation or act as a party's agent. */
export const brokerFirmSchema = z.object({ id: z.number(), name: z.string() });
export const brokerFirmListSchema = z.object({ results: z.array(brokerFirmSchema) });

/** GET api/trade/client/users/{id}/: the client's traders, for the counterparty search (page size: spec "Chatter user search page size"). */
export const clientUsersQuerySchema = z.object({ search_param: searchSchema, page: pageSchema });
export type ClientUsersQuery = z.infer<typeof clientUsersQuerySchema>;
export const clientUserSchema = z.object({ id: z.number(), client_id: z.number(), name: z.string() });
export const clientUsersPageSchema = z.object({
  results: z.array(clientUserSchema),
  count: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type ClientUsersPage = z.infer<typeof clientUsersPageSchema>;

/** PATCH api/trade/members/{id}/: name (or remove, null) the facilitator and the agent of a negotiation. */
export const clusterMembersSchema = z
  .object({ facilitator_id: idSchema.nullish(), agent_id: idSchema.nullish() })
  .refine((v) => v.facilitator_id !== undefined || v.agent_id !== undefined, { error: 'Give facilitator_id or agent_id' });
export type ClusterMembers = z.infer<typeof clusterMembersSchema>;

/** PATCH api/trade/{id}/brokerage/: the brokerage in INR on the negotiation's deal. */
export const brokerageSchema = z.object({
  brokerage: z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .refine((v) => /^\d{1,16}(\.\d{1,2})?$/.test(v), { error: TRADE_MESSAGES.brokerage }),
});

/** GET api/eoi/rfq-quote/: the exchanges' RFQ quote book; `paginate=false` answers the first 100 in one page. */
export const rfqQuoteQuerySchema = z.object({
  page: pageSchema,
  page_size: pageSizeSchema,
  search: searchSchema,
  my_quotes: flagSchema,
  paginate: flagSchema,
});
export type RfqQuoteQuery = z.infer<typeof rfqQuoteQuerySchema>;

/** GET api/quote/depth/: the bond's live public quotes by price level (PREMIUM). */
export const depthQuerySchema = z.object({ isin: z.string().trim().max(12).optional(), finstrument_id: idSchema.optional() });
export type DepthQuery = z.infer<typeof depthQuerySchema>;
const depthLevelSchema = z.object({ unit_price: z.number(), yield: z.number(), quantum: z.number(), quotes: z.number() });
export const depthSchema = z.object({
  finstrument_id: z.number(),
  isin: z.string(),
  bond_name: z.string(),
  /** Best (highest) bid first. */
  bids: z.array(depthLevelSchema),
  /** Best (lowest) offer first. */
  asks: z.array(depthLevelSchema),
  restriction: z.string().nullable(),
});
export type Depth = z.infer<typeof depthSchema>;

/** POST api/eoi/upload/: every row is created, or none and the report says why per row (1-based, after the header). */
export const EOI_UPLOAD_MAX_ROWS = 500;
export const UPLOAD_MESSAGES = {
  noFile: 'Attach a CSV or XLSX file in the field `file`',
  fileType: 'Upload a .csv or .xlsx file',
  unreadable: 'This file could not be read as CSV or XLSX',
  empty: 'The file has no quotes',
  tooMany: `At most ${EOI_UPLOAD_MAX_ROWS} quotes per file`,
  rowsFailed: 'Some rows are not valid: nothing was created',
  tooLarge: 'A file is at most 2 MB',
} as const;
export const uploadRowErrorSchema = z.object({ row: z.number(), field: z.string(), message: z.string() });
export const eoiUploadSchema = z.object({ created: z.array(eoiSchema), errors: z.array(uploadRowErrorSchema) });
export type EoiUploadResult = z.infer<typeof eoiUploadSchema>;
