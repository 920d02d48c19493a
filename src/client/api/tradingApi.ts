/**
 * The dart page's reads (spec 01 §7 EOI and market, Trade): public and private runs, the exchange
 * RFQ quote book, the caller's quotes and negotiations, depth for one bond, trading timings. Writes
 * live in tradingCommandsApi.ts.
 */
import {
  clusterListSchema,
  depthSchema,
  eoiListSchema,
  eoiPageSchema,
  tradingTimingsSchema,
  type ClusterView,
  type Depth,
  type EoiPage,
  type EoiView,
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

/** GET api/eoi/rfq-quote/: the exchanges' RFQ quote book, quotes as every list shows them. */
export function fetchRfqQuotes(signal?: AbortSignal): Promise<EoiPage> {
  return api.get('/api/eoi/rfq-quote/', { query: { page: 1, page_size: RUN_PAGE_SIZE }, schema: eoiPageSchema, signal });
}

/** GET api/quote/depth/ (PREMIUM: 402 for a basic client): the bond's live public quotes by price level, best first. */
export function fetchDepth(bond: { finstrumentId: number; isin: string }, signal?: AbortSignal): Promise<Depth> {
  return api.get('/api/quote/depth/', { query: { finstrument_id: bond.finstrumentId, isin: bond.isin }, schema: depthSchema, signal });
}
