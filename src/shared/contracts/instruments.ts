/**
 * Contracts of the instrument calls of spec 01 §7 (quote, market quote, cashflows, bond detail,
 * same-issuer bonds, trade history, credit rationale, tradable list, downloads) and the price info
 * of spec 02 §3. Yields are fractions with 6 decimals, prices per 100 face with 4, amounts in INR
 * as 2-decimal strings computed in integer paise (DESIGN §4).
 */
import { z } from 'zod';
import { idParamsSchema } from '../validation/ids.js';
import { PRICE_DECIMALS, PRICE_MAX, QUANTUM_MAX_DIGITS, YIELD_API_DECIMALS } from '../constants.js';
import { CONVENTIONS, DAY_COUNTS, RATING_AGENCIES, RATING_OUTLOOKS, SECURITY_TYPES, SENIORITIES } from '../instruments.js';
import {
  isIsoDate,
  type NumberRule,
  optionalNumber,
  rejectPriceAndYield,
  rejectSettlementDateAndDelta,
  VALIDATION_MESSAGES as M,
  withCrossFieldFirst,
} from '../validation/index.js';

/** Ours: the spec gives these rules no text. */
export const INSTRUMENT_MESSAGES = {
  yieldRange: 'Yield must be a fraction between -0.05 and 1',
  yieldDecimals: 'Max 6 decimals',
  priceRange: 'Price must be above 0 and at most 250',
  settlementDelta: 'Settlement delta must be 0, 1 or 2',
  settlementNotBusinessDay: 'Settlement date must be a business day',
  settlementPast: 'Settlement date cannot be earlier than the trade date.',
  isinRequired: 'ISIN is required',
} as const;

const decimalsOf = (text: string) => (text.includes('.') ? text.length - text.indexOf('.') - 1 : 0);
const numberMessages = { required: M.required, notNumber: M.notNumber };

/** Yield as an API fraction: -5 % … 100 %, at most 6 decimals (DESIGN §4). */
export const apiYieldSchema = optionalNumber(numberMessages, [
  { message: INSTRUMENT_MESSAGES.yieldRange, fails: (v) => v < -0.05 || v > 1 },
  { message: INSTRUMENT_MESSAGES.yieldDecimals, fails: (_v, text) => decimalsOf(text) > YIELD_API_DECIMALS },
]);

/** Clean price per 100 face: 0 < p ≤ 250, at most 4 decimals. */
export const apiPriceSchema = optionalNumber(numberMessages, [
  { message: INSTRUMENT_MESSAGES.priceRange, fails: (v) => v <= 0 || v > PRICE_MAX },
  { message: M.priceDecimals, fails: (_v, text) => decimalsOf(text) > PRICE_DECIMALS },
]);

const quantumRules: readonly NumberRule[] = [
  { message: M.negative, fails: (v) => v < 0 },
  { message: M.zero, fails: (v) => v === 0 },
  { message: M.max12Digits, fails: (v) => v >= 10 ** QUANTUM_MAX_DIGITS },
  { message: M.wholeNumber, fails: (v) => !Number.isInteger(v) },
];
/** Quantum (face value in INR); the multiple-of-face-value rule needs the bond, so the server checks it. */
export const apiQuantumSchema = optionalNumber(numberMessages, quantumRules);

export const isoDateSchema = z.string({ error: M.date }).refine(isIsoDate, { error: M.date });
export const settlementDeltaSchema = z.union([z.literal(0), z.literal(1), z.literal(2)], { error: INSTRUMENT_MESSAGES.settlementDelta });

export const finstrumentIdParamsSchema = idParamsSchema;

/**
 * POST api/quote/{id}/ (and its download): give a yield or a price, and a settlement date or delta
 * (default T+1). With neither price nor yield the bond is priced at its market yield (the last
 * trading day's VWAP, else the fair-value curve). Cross-field rules are checked first.
 */
export const quoteRequestSchema = withCrossFieldFirst(
  z.object({
    bond_yield: apiYieldSchema,
    clean_price: apiPriceSchema,
    quantity: apiQuantumSchema,
    settlement_date: isoDateSchema.nullish(),
    settlement_delta: settlementDeltaSchema.nullish(),
  }),
  [
    rejectSettlementDateAndDelta({ date: 'settlement_date', delta: 'settlement_delta' }),
    rejectPriceAndYield({ price: 'clean_price', yield: 'bond_yield' }),
  ],
);
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;

/** POST api/quote/market/{id}/: price at the market; `quote_type` is echoed (the tape has no sides). */
export const marketQuoteRequestSchema = z.object({
  infer_from_market: z.boolean().default(true),
  quote_type: z.string().trim().max(40).nullish(),
  settlement_delta: settlementDeltaSchema.nullish(),
});
export type MarketQuoteRequest = z.infer<typeof marketQuoteRequestSchema>;

export const YIELD_SOURCES = ['INPUT', 'MARKET', 'FAIR_VALUE'] as const;
export const PRICED_TO = ['MATURITY', 'CALL', 'PUT'] as const;

/** Per 100 face; all null when the bond cannot be priced. */
export const priceSchema = z.object({
  unit_clean_price: z.number().nullable(),
  bond_yield: z.number().nullable(),
  settlement_date: z.string(),
  dirty_price: z.number().nullable(),
  accrued_interest: z.number().nullable(),
  modified_duration: z.number().nullable(),
  macaulay_duration: z.number().nullable(),
  convexity: z.number().nullable(),
  /** The redemption the yield is to: maturity, or the first call/put after settlement. */
  priced_to: z.enum(PRICED_TO).nullable(),
  priced_to_date: z.string().nullable(),
});

/** Amounts for `quantity` (INR, 2-decimal strings, paise-exact, half-up). */
export const considerationSchema = z.object({
  quantity: z.number(),
  number_of_bonds: z.number(),
  principal: z.string(),
  accrued_interest_amount: z.string(),
  consideration: z.string(),
  stamp_duty: z.string(),
  total_payable: z.string(),
});
export type Consideration = z.infer<typeof considerationSchema>;

/** Spec 02 §3 Price info. */
export const priceInfoSchema = z.object({
  price: priceSchema,
  can_be_priced: z.boolean(),
  allow_price_modification: z.boolean(),
  yield_source: z.enum(YIELD_SOURCES),
  quote_type: z.string().nullable().optional(),
  consideration: considerationSchema.optional(),
});
export type PriceInfo = z.infer<typeof priceInfoSchema>;

/** POST api/cashflow/{id}/: cashflows after `ref_date` (default today) for `quantity` (default one bond). */
export const cashflowRequestSchema = z.object({ quantity: apiQuantumSchema, ref_date: isoDateSchema.nullish() });
export const cashflowSchema = z.object({
  /** The unadjusted due (record) date the engine discounts on (DESIGN §5). */
  date: z.string(),
  /** The payment date rolled to the next business day. */
  payment_date: z.string(),
  coupon: z.string(),
  principal: z.string(),
  total: z.string(),
});
export const cashflowListSchema = z.object({
  finstrument_id: z.number(),
  quantity: z.number(),
  ref_date: z.string(),
  cashflows: z.array(cashflowSchema),
  total: z.string(),
});
export type Cashflow = z.infer<typeof cashflowSchema>;
export type CashflowList = z.infer<typeof cashflowListSchema>;

export const ratingSchema = z.object({
  agency: z.enum(RATING_AGENCIES),
  rating: z.string(),
  outlook: z.enum(RATING_OUTLOOKS),
  rated_on: z.string(),
  /** 'INSTRUMENT' when rated for this bond, 'ISSUER' for the issuer's senior debt. */
  level: z.enum(['INSTRUMENT', 'ISSUER']),
});
export const issuerRefSchema = z.object({ id: z.number(), name: z.string(), sector: z.string() });
const scheduleSchema = z.array(z.object({ date: z.string(), price: z.number() }));

/** Bond detail: POST api/v1/finstrument/{id}/, GET api/finstrument/{id}/, GET api/v2/finstrument/info/{id}. */
export const bondDetailSchema = z.object({
  id: z.number(),
  isin: z.string(),
  display_name: z.string(),
  identifiers: z.object({ ISIN: z.string() }),
  issuer: issuerRefSchema,
  security_type: z.enum(SECURITY_TYPES),
  convention: z.enum(CONVENTIONS),
  day_count: z.enum(DAY_COUNTS),
  coupon_rate: z.number(),
  frequency: z.number(),
  issue_date: z.string(),
  first_coupon_date: z.string().nullable(),
  maturity_date: z.string().nullable(),
  redemption: z.number(),
  call_schedule: scheduleSchema,
  put_schedule: scheduleSchema,
  face_value: z.number(),
  is_listed: z.boolean(),
  is_secured: z.boolean(),
  is_tax_free: z.boolean(),
  is_perpetual: z.boolean(),
  seniority: z.enum(SENIORITIES),
  ratings: z.array(ratingSchema),
  available: z.boolean(),
  matured: z.boolean(),
  can_be_priced: z.boolean(),
});
export type BondDetail = z.infer<typeof bondDetailSchema>;

/** The v2 info adds the latest trade on the tape (null when none). */
export const bondInfoSchema = bondDetailSchema.extend({
  market: z
    .object({
      last_trade_date: z.string(),
      last_yield: z.number(),
      last_price: z.number(),
      trades_on_last_day: z.number(),
    })
    .nullable(),
});
export type BondInfo = z.infer<typeof bondInfoSchema>;

const listQuery = <S extends string, F extends z.ZodRawShape>(sortFields: readonly [S, ...S[]], filters: F) =>
  z.object({
    pagination: z
      .object({ page: z.number().int().min(1).default(1), page_size: z.number().int().min(1).max(100).default(20) })
      .default({ page: 1, page_size: 20 }),
    sort: z.object({ field: z.enum(sortFields), direction: z.enum(['asc', 'desc']).default('desc') }).nullish(),
    filters: z.object(filters).default({} as never),
  });
const pageOf = <T extends z.ZodType>(row: T) =>
  z.object({
    results: z.array(row),
    count: z.number(),
    page: z.number(),
    page_size: z.number(),
  });

/** POST api/bonds-by-same-issuer/{id}/ (excludes the bond itself). */
export const sameIssuerRequestSchema = listQuery(['maturity_date', 'coupon_rate', 'display_name'], {
  include_matured: z.boolean().optional(),
});
export const sameIssuerRowSchema = z.object({
  id: z.number(),
  isin: z.string(),
  display_name: z.string(),
  coupon_rate: z.number(),
  maturity_date: z.string().nullable(),
  security_type: z.enum(SECURITY_TYPES),
  is_listed: z.boolean(),
  available: z.boolean(),
  matured: z.boolean(),
});
export const sameIssuerPageSchema = pageOf(sameIssuerRowSchema);

/** POST api/trades/{id}/: the reported-trade tape of one bond. */
export const tradesRequestSchema = listQuery(['traded_at', 'yield', 'clean_price', 'quantity'], {
  from_date: isoDateSchema.optional(),
  to_date: isoDateSchema.optional(),
  exchange: z.enum(['NSE', 'BSE']).optional(),
});
export const tradeRowSchema = z.object({
  id: z.number(),
  traded_at: z.string(),
  trade_date: z.string(),
  settlement_date: z.string(),
  quantity: z.number(),
  clean_price: z.number(),
  yield: z.number(),
  exchange: z.enum(['NSE', 'BSE']),
});
export const tradesPageSchema = pageOf(tradeRowSchema);
export type TradeRow = z.infer<typeof tradeRowSchema>;

/** GET api/credit-rationale/{id}/: instrument-level ratings first, then issuer-level. */
export const creditRationaleSchema = z.object({ results: z.array(ratingSchema.extend({ rationale: z.string() })) });

/** GET api/trade/finstrument/: bonds tradable now (empty without `client.can_trade`). */
export const tradableQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  search: z.string().trim().max(100).optional(),
});
export const tradableRowSchema = z.object({
  id: z.number(),
  isin: z.string(),
  display_name: z.string(),
  maturity_date: z.string().nullable(),
  face_value: z.number(),
});
export const tradablePageSchema = pageOf(tradableRowSchema);

/** POST api/im/download/. */
export const imDownloadRequestSchema = z.object({
  isin: z
    .string({ error: INSTRUMENT_MESSAGES.isinRequired })
    .trim()
    .toUpperCase()
    .min(1, { error: INSTRUMENT_MESSAGES.isinRequired })
    .max(12),
});
