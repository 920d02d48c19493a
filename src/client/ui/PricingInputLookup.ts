/** The pricing input's default lookup callback (spec 02 §7): `POST /api/quote/:id/`. */
import type { PriceInfo, PriceLookup } from '../../../machines/pricingValues';
import { priceInfoSchema, type PriceInfo as QuoteInfo } from '../../shared/contracts/instruments';
import { api } from '../api/http';

/** The quote request body for a lookup: the fixed value, the settlement date or delta, the quantity. */
export function quoteBody(request: PriceLookup) {
  return {
    ...(request.fixedField === 'yield' ? { bond_yield: request.bondYield } : { clean_price: request.cleanPrice }),
    ...(request.settlementDate ? { settlement_date: request.settlementDate } : { settlement_delta: request.settlementDelta }),
    ...(request.quantity === undefined ? {} : { quantity: request.quantity }),
  };
}

/** The widget's price info from a quote answer, with the whole quote (durations, consideration). */
export function toPriceInfo(quote: QuoteInfo): PriceInfo {
  return {
    cleanPrice: quote.price.unit_clean_price,
    bondYield: quote.price.bond_yield,
    settlementDate: quote.price.settlement_date,
    canBePriced: quote.can_be_priced,
    allowPriceModification: quote.allow_price_modification,
    quote,
  };
}

/** The lookup callback the widget uses unless its caller gives one: `POST /api/quote/:id/`. */
export async function quoteLookup(request: PriceLookup): Promise<PriceInfo> {
  return toPriceInfo(await api.post(`/api/quote/${request.finstrumentId}/`, quoteBody(request), { schema: priceInfoSchema }));
}
