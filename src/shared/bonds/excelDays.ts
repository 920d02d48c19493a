/**
 * Excel's day-count and coupon-date rules for bases 0-4 (0 US 30/360, 1 Act/Act, 2 Act/360,
 * 3 Act/365, 4 European 30/360). Unlike DESIGN §5's own schedules, Excel applies an end-of-month
 * rule: a month-end maturity puts every coupon on a month end.
 */
import { BondTermsError, requireFinite } from './errors.js';
import { addMonths, daysInMonth, diff360, isLeap, isMonthEnd, packedYmd, parseDate } from './dates.js';

export type Basis = 0 | 1 | 2 | 3 | 4;

/** Validates Excel's basis argument (default 0). */
export function toBasis(basis: number | undefined): Basis {
  const b = basis === undefined ? 0 : requireFinite(basis, 'basis');
  if (b !== 0 && b !== 1 && b !== 2 && b !== 3 && b !== 4) throw new BondTermsError('BAD_TERMS', `basis must be 0, 1, 2, 3 or 4, got ${b}`);
  return b;
}

/** Validates Excel's frequency argument: 1, 2 or 4 only, as in Excel. */
export function toFreq(frequency: number): number {
  const f = requireFinite(frequency, 'frequency');
  if (f !== 1 && f !== 2 && f !== 4) throw new BondTermsError('BAD_FREQUENCY', `frequency must be 1, 2 or 4, got ${f}`);
  return f;
}

/** Parses settlement and maturity and checks settlement < maturity. */
export function settleMat(settlement: string, maturity: string): [number, number] {
  const s = parseDate(settlement, 'settlement');
  const m = parseDate(maturity, 'maturity');
  if (s >= m) throw new BondTermsError('MATURED', `settlement ${settlement} must be before maturity ${maturity}`);
  return [s, m];
}

function lastOfFeb(p: number): boolean {
  const m = Math.floor(p / 100) % 100;
  return m === 2 && p % 100 === daysInMonth(Math.floor(p / 10000), 2);
}

/** Excel's US (NASD) 30/360; `both` is the variant Excel uses for whole coupon periods. */
export function days360US(a: number, b: number, both: boolean): number {
  const pa = packedYmd(a);
  const pb = packedYmd(b);
  const sd = pa % 100;
  let d1 = sd;
  let d2 = pb % 100;
  if (lastOfFeb(pb) && (lastOfFeb(pa) || both)) d2 = 30;
  if (d2 === 31 && (sd >= 30 || both)) d2 = 30;
  if (d1 === 31) d1 = 30;
  if (lastOfFeb(pa)) d1 = 30;
  return diff360(pa, pb, d1, d2);
}

/** Excel's European 30/360: any 31st becomes 30. */
export function days360EU(a: number, b: number): number {
  const pa = packedYmd(a);
  const pb = packedYmd(b);
  return diff360(pa, pb, pa % 100 === 31 ? 30 : pa % 100, pb % 100 === 31 ? 30 : pb % 100);
}

/** Days from a to b as Excel counts them in a numerator. */
export function daysBetween(a: number, b: number, basis: Basis): number {
  if (basis === 0) return days360US(a, b, false);
  if (basis === 4) return days360EU(a, b);
  return b - a;
}

/** Excel's coupon dates around settlement: [previous, next, number remaining]. */
export function couponDates(s: number, m: number, freq: number): [number, number, number] {
  const step = 12 / freq;
  const eom = isMonthEnd(m);
  const day = packedYmd(m) % 100;
  let k = Math.max(0, Math.floor((m - s) / (31 * step)) - 1);
  while (addMonths(m, -(k + 1) * step, day, eom) > s) k++;
  // Coupon dates are m − j·step for j ≥ 0; the previous one is the first on or before settlement.
  const pcd = addMonths(m, -(k + 1) * step, day, eom);
  const ncd = k === 0 ? m : addMonths(m, -k * step, day, eom);
  return [pcd, ncd, k + 1];
}

/** COUPDAYS for a period [pcd, ncd]. */
export function periodDays(pcd: number, ncd: number, freq: number, basis: Basis): number {
  if (basis === 1) return ncd - pcd;
  return (basis === 3 ? 365 : 360) / freq;
}

/** Excel's year length for ACCRINTM and friends (basis 1 averages over the years spanned). */
export function daysInYear(a: number, b: number, basis: Basis): number {
  if (basis === 3) return 365;
  if (basis !== 1) return 360;
  const pa = packedYmd(a);
  const pb = packedYmd(b);
  const y1 = Math.floor(pa / 10000);
  const y2 = Math.floor(pb / 10000);
  const md1 = pa % 10000;
  const md2 = pb % 10000;
  if (y1 === y2 || (y2 === y1 + 1 && md1 >= md2)) {
    // Within a year: 366 when a 29 Feb can fall between the two dates (Excel's test, verbatim rules).
    const leapish =
      (y1 === y2 && isLeap(y1)) || md2 === 229 || (y2 === y1 + 1 && ((isLeap(y1) && md1 <= 229) || (isLeap(y2) && md2 > 229)));
    return leapish ? 366 : 365;
  }
  let total = 0;
  for (let y = y1; y <= y2; y++) total += isLeap(y) ? 366 : 365;
  return total / (y2 - y1 + 1);
}
