/**
 * Trading timings (DOMAIN.md §1, DESIGN §4): the RFQ session 09:00–17:00 IST on business days and
 * the T+0 cut-offs of the two platforms. With MARKET_HOURS=open (the demo default) the market never
 * closes and a quote without a validity lives 24 hours; otherwise until the session ends.
 */
import { businessDateOf } from '../../../shared/businessDate.js';
import type { Principal } from '../../../shared/accessPolicy.js';
import type { Clock } from '../../../shared/clock.js';
import { TRADING_MESSAGES, type TradingTimings } from '../../../shared/contracts/trading.js';
import type { DbOrTx } from '../../db/database.js';
import { isBusinessDay, loadHolidays } from '../pricing/settlement.js';

export type MarketHours = 'open' | 'real';

/** IST is UTC+05:30 all year. */
const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;

export const RFQ_SESSION = { open: '09:00', close: '17:00' } as const;
/** The last time a T+0 deal can be struck per platform, and the clearing corporations' pay-in. */
export const SETTLEMENT_CUTOFFS = {
  NSE: { clearing_corporation: 'NSCCL', t0_cutoff: '15:00', pay_in: '17:45' },
  BSE: { clearing_corporation: 'ICCL', t0_cutoff: '14:50', pay_in: '17:45' },
} as const;

/** The instant of `hhmm` IST on business date `date`. */
export function istInstant(date: string, hhmm: string): Date {
  return new Date(Date.parse(`${date}T${hhmm}:00Z`) - IST_OFFSET_MS);
}

/** Whether the RFQ session is open at `now`. */
export async function isMarketOpen(db: DbOrTx, hours: MarketHours, now: Date): Promise<boolean> {
  if (hours === 'open') return true;
  const today = businessDateOf(now);
  if (!isBusinessDay(today, await loadHolidays(db, today))) return false;
  return now >= istInstant(today, RFQ_SESSION.open) && now < istInstant(today, RFQ_SESSION.close);
}

/** When a quote posted at `now` without a validity stops being live. */
export function endOfValidity(hours: MarketHours, now: Date, validityMinutes: number | null | undefined): Date {
  if (validityMinutes) return new Date(now.getTime() + validityMinutes * 60_000);
  if (hours === 'open') return new Date(now.getTime() + DAY_MS);
  return istInstant(businessDateOf(now), RFQ_SESSION.close);
}

/** A quote's end: its validity's, or its client's mandate's when that comes first. */
export function quoteExpiry(validityEnd: Date, mandateEnd: Date | null): Date {
  return mandateEnd && mandateEnd < validityEnd ? mandateEnd : validityEnd;
}

/** GET api/trade/timings: the RFQ session, the settlement cut-offs, whether the market is open and why the caller may not trade. */
export async function tradingTimings(
  { db, clock, marketHours }: { db: DbOrTx; clock: Clock; marketHours: MarketHours },
  principal: Principal,
): Promise<TradingTimings> {
  const now = clock.now();
  const open = await isMarketOpen(db, marketHours, now);
  const canTrade = principal.permissions.includes('client.can_trade');
  return {
    business_date: businessDateOf(now),
    timezone: 'Asia/Kolkata',
    market_hours: marketHours,
    is_open: open,
    rfq_session: RFQ_SESSION,
    settlement_cutoffs: SETTLEMENT_CUTOFFS,
    can_trade: canTrade,
    restriction: !canTrade ? TRADING_MESSAGES.noTradeAccess : open ? null : TRADING_MESSAGES.marketClosed,
  };
}
