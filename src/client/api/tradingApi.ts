/**
 * The dart page's reads (spec 01 §7 EOI and market, Trade): public and private runs, the exchange
 * RFQ quote book, the caller's quotes and negotiations, depth for one bond, trading timings. Writes
 * live in tradingCommandsApi.ts.
 */
import { z } from 'zod';
import {
  clusterListSchema, eoiListSchema, eoiPageSchema, QUOTE_TYPES, RFQ_PLATFORMS, tradingTimingsSchema, type ClusterView, type EoiPage, type EoiView,
  type TradingTimings,
} from '../../shared/contracts/trading';
import { api } from './http';

/** The most rows one page of a run may hold (spec 01 §7: page_size at most 100). */
export const RUN_PAGE_SIZE = 100;

export function fetchPublicRuns(signal?: AbortSignal): Promise<EoiPage> {
  return api.get('/api/trade/d/market/', { query: { page: 1, page_size: RUN_PAGE_SIZE }, schema: eoiPageSchema, signal });
}

export function fetchPrivateRuns(signal?: AbortSignal): Promise<EoiPage> {
  return api.get('/api/eoi/private-run/', { query: { page: 1, page_size: RUN_PAGE_SIZE }, schema: eoiPageSchema, signal });
}

export async function fetchMyQuotes(signal?: AbortSignal): Promise<EoiView[]> {
  return (await api.get('/api/trade/eoi/', { schema: eoiListSchema, signal })).results;
}

export async function fetchNegotiations(signal?: AbortSignal): Promise<ClusterView[]> {
  return (await api.get('/api/trade/cluster/', { schema: clusterListSchema, signal })).results;
}

export function fetchTimings(signal?: AbortSignal): Promise<TradingTimings> {
  return api.get('/api/trade/timings', { schema: tradingTimingsSchema, signal });
}

/**
 * A quote of the exchange's RFQ book as the panel reads it. The server's contract for
 * api/eoi/rfq-quote/ is the trading core's; this reads the fields the panel shows and keeps the rest.
 */
export const rfqQuoteSchema = z.looseObject({
  id: z.union([z.number(), z.string()]).transform(String),
  isin: z.string(),
  bond_name: z.string().optional(),
  quote_type: z.enum(QUOTE_TYPES),
  quantum: z.number(),
  unit_price_stored: z.number().nullish(),
  yield_stored: z.number().nullish(),
  exchange: z.enum(RFQ_PLATFORMS).optional(),
  finstrument_id: z.number().optional(),
});
export type RfqQuote = z.infer<typeof rfqQuoteSchema>;
const rfqPageSchema = z.looseObject({ results: z.array(rfqQuoteSchema), restriction: z.string().nullish() });
export type RfqPage = z.infer<typeof rfqPageSchema>;

export function fetchRfqQuotes(signal?: AbortSignal): Promise<RfqPage> {
  return api.get('/api/eoi/rfq-quote/', { query: { paginate: true, page: 1, page_size: RUN_PAGE_SIZE }, schema: rfqPageSchema, signal });
}

/** One price level of a bond's depth: the side, price, yield and the quantum quoted there. */
const depthLevelSchema = z.looseObject({
  unit_price_stored: z.number().nullish(),
  yield_stored: z.number().nullish(),
  quantum: z.number(),
  count: z.number().optional(),
});
export type DepthLevel = z.infer<typeof depthLevelSchema>;
const depthSchema = z.looseObject({ bids: z.array(depthLevelSchema).default([]), asks: z.array(depthLevelSchema).default([]) });
export type Depth = z.infer<typeof depthSchema>;

/** GET api/quote/depth/ (PREMIUM: 402 for a basic client). */
export function fetchDepth(bond: { finstrumentId: number; isin: string }, signal?: AbortSignal): Promise<Depth> {
  return api.get('/api/quote/depth/', { query: { finstrument_id: bond.finstrumentId, isin: bond.isin }, schema: depthSchema, signal });
}
