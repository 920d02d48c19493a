/**
 * A finstrument row → the bond engine's BondTerms for one settlement date. A bond with a call or
 * put after settlement is priced to the first such date (perpetuals always are); a zero-coupon bond
 * becomes coupon 0 at the convention's natural frequency, since the engine takes 1|2|4|12 only.
 */
import { BondTermsError, cleanPriceFromYield, type BondTerms, type Frequency } from '../../../shared/bonds/index.js';
import type { finstruments } from '../../db/schema.js';

export type FinstrumentRow = typeof finstruments.$inferSelect;

export type PricedTo = 'MATURITY' | 'CALL' | 'PUT';

export type TermsResult = { ok: true; terms: BondTerms; pricedTo: PricedTo; pricedToDate: string } | { ok: false; reason: string };

/** The option a yield is asked to: the next call (YTC) or put (YTP); none for the engine's default. */
export type OptionKind = 'CALL' | 'PUT';

/**
 * The first call or put strictly after settlement (a redemption on the settlement date goes to the
 * seller); only the calls or only the puts when `only` is given.
 */
export function firstOption(
  row: FinstrumentRow,
  settlement: string,
  only?: OptionKind,
): { date: string; price: number; kind: OptionKind } | null {
  const options = [
    ...(only === 'PUT' ? [] : row.callSchedule.map((o) => ({ ...o, kind: 'CALL' as const }))),
    ...(only === 'CALL' ? [] : row.putSchedule.map((o) => ({ ...o, kind: 'PUT' as const }))),
  ].filter((o) => o.date > settlement && (row.maturityDate === null || o.date <= row.maturityDate));
  options.sort((a, b) => a.date.localeCompare(b.date));
  return options[0] ?? null;
}

/** True once the bond has redeemed by `date`. */
export function isMatured(row: FinstrumentRow, date: string): boolean {
  return row.maturityDate !== null && row.maturityDate <= date;
}

export function termsFor(row: FinstrumentRow, settlement: string, only?: OptionKind): TermsResult {
  if (isMatured(row, settlement)) return { ok: false, reason: 'matured' };
  const option = firstOption(row, settlement, only);
  if (only && !option) return { ok: false, reason: `no ${only.toLowerCase()} after settlement` };
  const maturity = row.maturityDate ?? option?.date;
  if (!maturity) return { ok: false, reason: 'no maturity and no future call' };
  const zeroCoupon = row.frequency === 0;
  const terms: BondTerms = {
    convention: row.convention,
    maturity,
    couponRate: zeroCoupon ? 0 : Number(row.couponRate),
    frequency: (zeroCoupon ? (row.convention === 'IN_CORP' ? 1 : 2) : row.frequency) as Frequency,
    redemption: Number(row.redemption),
    issueDate: row.issueDate,
    ...(row.firstCouponDate && !zeroCoupon ? { firstCouponDate: row.firstCouponDate } : {}),
    ...(row.leapRule && row.convention === 'IN_CORP' ? { leapRule: row.leapRule } : {}),
    ...(option ? { callDate: option.date, callPrice: option.price } : {}),
  };
  return { ok: true, terms, pricedTo: option ? option.kind : 'MATURITY', pricedToDate: option?.date ?? maturity };
}

/** Terms that the engine accepts for `settlement` (it validates on first use), or why not. */
export function priceableTerms(row: FinstrumentRow, settlement: string, only?: OptionKind): TermsResult {
  const result = termsFor(row, settlement, only);
  if (!result.ok) return result;
  try {
    cleanPriceFromYield(result.terms, settlement, 0.07);
    return result;
  } catch (error) {
    if (error instanceof BondTermsError) return { ok: false, reason: error.message };
    throw error;
  }
}
