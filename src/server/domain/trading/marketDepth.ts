/**
 * GET api/quote/depth/ (PREMIUM): the live public quotes of one bond by price level, bids best
 * (highest price) first and offers best (lowest) first, each level's total quantum and number of
 * quotes. It is market data, so it is empty with the restriction text when the market lists are.
 */
import { and, asc, count, desc, eq, inArray, gt, sum } from 'drizzle-orm';
import { EOI_ON_MARKET } from '../../../../machines/stateSets.js';
import type { Principal } from '../../../shared/accessPolicy.js';
import { type Depth, type DepthQuery, TRADE_MESSAGES, TRADING_MESSAGES } from '../../../shared/contracts/trading.js';
import { eois, finstruments } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { TradingDeps } from './eoiCommands.js';
import { tradingTimings } from './timings.js';

/** Price levels shown per side. */
const DEPTH_LEVELS = 10;

export async function marketDepth(deps: TradingDeps, principal: Principal, query: DepthQuery): Promise<Depth> {
  const { db, clock } = deps;
  if (query.isin === undefined && query.finstrument_id === undefined)
    throw new AppError('VALIDATION_FAILED', TRADE_MESSAGES.bondRequired, { isin: TRADE_MESSAGES.bondRequired });
  const [bond] = await db
    .select({ id: finstruments.id, isin: finstruments.isin, name: finstruments.displayName })
    .from(finstruments)
    .where(
      and(
        query.finstrument_id ? eq(finstruments.id, query.finstrument_id) : undefined,
        query.isin ? eq(finstruments.isin, query.isin.toUpperCase()) : undefined,
      ),
    );
  if (!bond) throw new AppError('NOT_FOUND', TRADING_MESSAGES.bondUnknown);
  const { restriction } = await tradingTimings(deps, principal);
  const empty: Depth = { finstrument_id: bond.id, isin: bond.isin, bond_name: bond.name, bids: [], asks: [], restriction };
  if (restriction) return empty;
  const side = async (quoteType: 'BID' | 'ASK') => {
    const rows = await db
      .select({ price: eois.unitPrice, yield: eois.yield, quantum: sum(eois.quantum), quotes: count() })
      .from(eois)
      .where(
        and(
          eq(eois.finstrumentId, bond.id),
          eq(eois.quoteType, quoteType),
          eq(eois.rfqMode, 'OTM'),
          inArray(eois.status, EOI_ON_MARKET),
          gt(eois.expiresAt, clock.now()),
        ),
      )
      .groupBy(eois.unitPrice, eois.yield)
      .orderBy(quoteType === 'BID' ? desc(eois.unitPrice) : asc(eois.unitPrice))
      .limit(DEPTH_LEVELS);
    return rows.map((r) => ({ unit_price: Number(r.price), yield: Number(r.yield), quantum: Number(r.quantum), quotes: r.quotes }));
  };
  return { ...empty, bids: await side('BID'), asks: await side('ASK') };
}
