/**
 * Quotes as the routes ask for them: the bond, the settlement date and the yield resolved, then
 * priced. Without a price or yield the market yield is used: the VWAP of the bond's last trading
 * day on the tape, else the fair-value curve for its rating and tenor.
 */
import { businessDateOf } from '../../../shared/businessDate.js';
import type { Clock } from '../../../shared/clock.js';
import type { MarketQuoteRequest, PriceInfo, QuoteRequest } from '../../../shared/contracts/instruments.js';
import type { DbOrTx } from '../../db/database.js';
import { lastTradingDay, loadFinstrument, loadRatings } from '../instruments/repository.js';
import { priceableTerms, type FinstrumentRow } from '../instruments/terms.js';
import { fairYield, yearsBetween } from './curve.js';
import { priceInfo } from './quote.js';
import { resolveSettlement } from './settlement.js';

export interface MarketYield {
  yield: number;
  source: 'MARKET' | 'FAIR_VALUE';
}

/** The yield the market puts on `row` today, or null when the bond cannot be priced at `settlement`. */
export async function marketYield(db: DbOrTx, row: FinstrumentRow, today: string, settlement: string): Promise<MarketYield | null> {
  const last = await lastTradingDay(db, row.id, today);
  if (last) return { yield: last.last_yield, source: 'MARKET' };
  const terms = priceableTerms(row, settlement);
  if (!terms.ok) return null;
  const [best] = await loadRatings(db, row);
  const y = fairYield({
    securityType: row.securityType,
    grade: best?.rating ?? null,
    tenorYears: yearsBetween(settlement, terms.pricedToDate),
  });
  return { yield: Number(y.toFixed(6)), source: 'FAIR_VALUE' };
}

/** POST api/quote/{id}/ (and the master quote): the request's price or yield, else the market's. */
export async function quote(
  db: DbOrTx,
  clock: Clock,
  id: number,
  body: Partial<QuoteRequest>,
  defaultDelta = 1,
): Promise<{ row: FinstrumentRow; info: PriceInfo }> {
  const row = await loadFinstrument(db, id);
  const settlement = await resolveSettlement(db, clock, body, defaultDelta);
  const quantity = body.quantity;
  if (body.clean_price !== undefined)
    return { row, info: priceInfo(row, settlement, { price: body.clean_price, quantity, source: 'INPUT' }) };
  if (body.bond_yield !== undefined)
    return { row, info: priceInfo(row, settlement, { yield: body.bond_yield, quantity, source: 'INPUT' }) };
  const market = await marketYield(db, row, businessDateOf(clock.now()), settlement);
  return { row, info: priceInfo(row, settlement, { yield: market?.yield, quantity, source: market?.source ?? 'FAIR_VALUE' }) };
}

/** POST api/quote/market/{id}/: always at the market yield; `quote_type` is echoed back. */
export async function marketQuote(db: DbOrTx, clock: Clock, id: number, body: MarketQuoteRequest): Promise<PriceInfo> {
  const { info } = await quote(db, clock, id, { settlement_delta: body.settlement_delta });
  return { ...info, quote_type: body.quote_type ?? null };
}
