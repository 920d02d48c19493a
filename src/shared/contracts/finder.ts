/**
 * Contracts of market browse (spec 01 §7): POST api/client-finstrument-list/ (keyset-paged bond
 * list) and POST api/categories/ (facet options with live counts under the other filters).
 */
import { z } from 'zod';
import { recordIdSchema } from '../validation/ids.js';
import { BOND_TYPE, MARKET_LIST_PAGE_SIZE } from '../constants.js';
import { RATING_AGENCIES, SECURITY_TYPES, SENIORITIES } from '../instruments.js';

/** Bond categories: government paper, corporate bonds (PSU/bank/NBFC/HFC/corporate), tax-free, perpetual. */
export const BOND_CATEGORIES = ['GOVERNMENT', 'CORPORATE', 'TAX_FREE', 'PERPETUAL'] as const;
export type BondCategory = (typeof BOND_CATEGORIES)[number];

/** Remaining tenor buckets; a perpetual counts to its first future call. */
export const TIME_TO_MATURITY_BUCKETS = ['<1Y', '1-3Y', '3-5Y', '5-10Y', '>10Y'] as const;
export type TimeToMaturityBucket = (typeof TIME_TO_MATURITY_BUCKETS)[number];

export const BOND_SECURITY = ['SECURED', 'UNSECURED'] as const;

/** Rating buckets of the finder: the long-term scale grouped by notch family, plus sovereign and unrated. */
export const CREDIT_RATING_BUCKETS = ['SOV', 'AAA', 'AA', 'A', 'BBB', 'BELOW_BBB', 'UNRATED'] as const;
export type CreditRatingBucket = (typeof CREDIT_RATING_BUCKETS)[number];

export const FINDER_SORTS = ['relevance', 'maturity_asc', 'maturity_desc', 'coupon_desc', 'coupon_asc', 'name_asc'] as const;
export type FinderSort = (typeof FINDER_SORTS)[number];

export const FINDER_CATEGORIES = ['bondCategory', 'securityType', 'creditRating', 'timeToMaturity', 'bondSecurity'] as const;
export type FinderCategory = (typeof FINDER_CATEGORIES)[number];

export const FINDER_MESSAGES = {
  cursor: 'Invalid cursor',
  finstrumentType: `Only ${BOND_TYPE} is supported`,
} as const;

/** The filters shared by the list and the facet counts. `sort` only orders the list. */
export const categoryValuesSchema = z
  .object({
    keyword_string: z.string().trim().max(100).optional(),
    finstrument_ids: z.array(recordIdSchema()).max(500).optional(),
    /** True: only bonds available for trading (the "preferred" shelf). */
    preferred: z.boolean().optional(),
    finstrument_type: z.literal(BOND_TYPE, { error: FINDER_MESSAGES.finstrumentType }).default(BOND_TYPE),
    bondCategory: z.array(z.enum(BOND_CATEGORIES)).optional(),
    securityType: z.array(z.enum(SECURITY_TYPES)).optional(),
    creditRating: z.array(z.enum(CREDIT_RATING_BUCKETS)).optional(),
    timeToMaturity: z.array(z.enum(TIME_TO_MATURITY_BUCKETS)).optional(),
    bondSecurity: z.array(z.enum(BOND_SECURITY)).optional(),
    /** Default: relevance with a keyword, else maturity ascending. */
    sort: z.enum(FINDER_SORTS).optional(),
  })
  .default({ finstrument_type: BOND_TYPE });
export type CategoryValues = z.infer<typeof categoryValuesSchema>;

export const finderListRequestSchema = z.object({
  pagination_params: z
    .object({
      /** Opaque; from the previous page's `next_cursor`. Absent = first page. */
      cursor: z.string().max(500).nullish(),
      limit: z.number().int().min(1).max(100).default(MARKET_LIST_PAGE_SIZE),
    })
    .default({ limit: MARKET_LIST_PAGE_SIZE }),
  category_values: categoryValuesSchema,
});
export type FinderListRequest = z.infer<typeof finderListRequestSchema>;

export const finderBondSchema = z.object({
  id: z.number(),
  display_name: z.string(),
  identifiers: z.object({ ISIN: z.string() }),
  available: z.boolean(),
  contract_parameters: z.object({
    is_listed: z.boolean(),
    maturity_date: z.string().nullable(),
    face_value: z.number(),
    coupon_rate: z.number(),
    frequency: z.number(),
    security_type: z.enum(SECURITY_TYPES),
    is_secured: z.boolean(),
    is_tax_free: z.boolean(),
    is_perpetual: z.boolean(),
    seniority: z.enum(SENIORITIES),
  }),
  issuer: z.object({ id: z.number(), name: z.string(), sector: z.string() }),
  /** The best current rating (instrument-level before issuer-level); null when unrated. */
  rating: z.object({ agency: z.enum(RATING_AGENCIES), rating: z.string() }).nullable(),
  /** Latest trade on the tape (yield fraction, clean price per 100); absent when never traded. */
  last_yield: z.number().optional(),
  last_price: z.number().optional(),
});
export type FinderBond = z.infer<typeof finderBondSchema>;

export const finderListResponseSchema = z.object({
  results: z.array(finderBondSchema),
  pagination_response: z.object({
    next_cursor: z.string().nullable(),
    /** Matches for the whole filter set, not this page. */
    count: z.number(),
  }),
});
export type FinderListResponse = z.infer<typeof finderListResponseSchema>;

export const categoriesRequestSchema = z.object({
  category_list: z
    .array(z.enum(FINDER_CATEGORIES))
    .min(1)
    .default([...FINDER_CATEGORIES]),
  category_values: categoryValuesSchema,
});
export type CategoriesRequest = z.infer<typeof categoriesRequestSchema>;

export const categoryOptionSchema = z.object({
  value: z.string(),
  label: z.string(),
  /** Bonds matching every OTHER category's filter plus this option. */
  count: z.number(),
  selected: z.boolean(),
});
export type CategoryOption = z.infer<typeof categoryOptionSchema>;

export const categoriesResponseSchema = z.object({
  categories: z.array(z.object({ category: z.enum(FINDER_CATEGORIES), options: z.array(categoryOptionSchema) })),
  /** Matches with every filter applied (equals the list's `count`). */
  count: z.number(),
});
export type CategoriesResponse = z.infer<typeof categoriesResponseSchema>;
