/** The instrument service: quotes, cashflows, bond detail, related lists and credit rationale. */
import type { Principal } from '../../../shared/accessPolicy.js';
import type { MarketQuoteRequest, QuoteRequest } from '../../../shared/contracts/instruments.js';
import type { ServiceDeps } from '../../serviceDeps.js';
import { marketQuote, quote } from '../pricing/marketQuote.js';
import { cashflowsFor } from './cashflows.js';
import { bondDetail, bondInfo, creditRationale } from './detail.js';
import { sameIssuerBonds, tradableBonds, tradeHistory } from './lists.js';

type CashflowInput = Parameters<typeof cashflowsFor>[3];
type SameIssuerRequest = Parameters<typeof sameIssuerBonds>[3];
type TradesRequest = Parameters<typeof tradeHistory>[2];
type TradableQuery = Parameters<typeof tradableBonds>[3];

export function createInstrumentService({ db, clock }: ServiceDeps) {
  return {
    /** Price info for a yield or price; `defaultDelta` is the settlement offset when none is given. */
    quote: async (id: number, body: Partial<QuoteRequest>, defaultDelta?: number) => (await quote(db, clock, id, body, defaultDelta)).info,
    marketQuote: (id: number, body: MarketQuoteRequest) => marketQuote(db, clock, id, body),
    cashflows: (id: number, input: CashflowInput) => cashflowsFor(db, clock, id, input),
    detail: (id: number) => bondDetail(db, clock, id),
    info: (id: number) => bondInfo(db, clock, id),
    sameIssuer: (id: number, body: SameIssuerRequest) => sameIssuerBonds(db, clock, id, body),
    trades: (id: number, body: TradesRequest) => tradeHistory(db, id, body),
    creditRationale: (id: number) => creditRationale(db, id),
    tradable: (principal: Principal, query: TradableQuery) => tradableBonds(db, clock, principal, query),
  };
}
