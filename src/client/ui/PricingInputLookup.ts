/** The pricing input's default lookup callback (spec 02 §7): `POST /api/quote/:id/`. */
import type { PriceInfo, PriceLookup } from '../../../machines/pricingMode.machine';
import { priceInfoSchema, type PriceInfo as QuoteInfo } from '../../shared/contracts/instruments';
import { api } from '../api/http';

/** The quote request body for a lookup: the fixed value and the settlement date or delta. */
export function quoteBody(request: PriceLookup, extra: { quantity?: number } = {}) {
  return {
    ...(request.fixedField === 'yield' ? { bond_yield: request.bondYield } : { clean_price: request.cleanPrice }),
    ...(request.settlementDate ? { settlement_date: request.settlementDate } : { settlement_delta: request.settlementDelta }),
    ...extra,
  };
}

/** The widget's price info from a quote answer. */
export function toPriceInfo(quote: QuoteInfo): PriceInfo {
  return {
    cleanPrice: quote.price.unit_clean_price,
    bondYield: quote.price.bond_yield,
    settlementDate: quote.price.settlement_date,
    canBePriced: quote.can_be_priced,
    allowPriceModification: quote.allow_price_modification,
  };
}

/** Posts a quote for `request` and returns the full answer (with durations and consideration). */
export function fetchQuote(request: PriceLookup, extra: { quantity?: number } = {}): Promise<QuoteInfo> {
  return api.post(`/api/quote/${request.finstrumentId}/`, quoteBody(request, extra), { schema: priceInfoSchema });
}

/** The lookup callback the widget uses unless its caller gives one. */
export async function quoteLookup(request: PriceLookup): Promise<PriceInfo> {
  return toPriceInfo(await fetchQuote(request));
}
