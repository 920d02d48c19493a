/**
 * Excel-compatible bond functions (Excel's argument order; dates as 'YYYY-MM-DD'; bases 0-4).
 * Kept for calculators and as a cross-check: they follow Excel, not DESIGN §5 — notably simple
 * discounting in the final coupon period and Excel's end-of-month coupon rule.
 */
import { BondTermsError, requireFinite } from './errors.js';
import { formatDate, parseDate } from './dates.js';
import {
  type Basis,
  couponDates,
  daysBetween,
  daysInYear,
  days360EU,
  days360US,
  periodDays,
  settleMat,
  toBasis,
  toFreq,
} from './excelDays.js';

function nonNegative(x: number, what: string): number {
  if (requireFinite(x, what) < 0) throw new BondTermsError('BAD_TERMS', `${what} must not be negative, got ${x}`);
  return x;
}

function positive(x: number, what: string): number {
  if (requireFinite(x, what) <= 0)
    throw new BondTermsError(what === 'pr' ? 'BAD_PRICE' : 'BAD_TERMS', `${what} must be positive, got ${x}`);
  return x;
}

/** COUPPCD: the coupon date on or before settlement. */
export function COUPPCD(settlement: string, maturity: string, frequency: number, basis?: number): string {
  toBasis(basis);
  const [s, m] = settleMat(settlement, maturity);
  return formatDate(couponDates(s, m, toFreq(frequency))[0]);
}

/** COUPNCD: the first coupon date after settlement. */
export function COUPNCD(settlement: string, maturity: string, frequency: number, basis?: number): string {
  toBasis(basis);
  const [s, m] = settleMat(settlement, maturity);
  return formatDate(couponDates(s, m, toFreq(frequency))[1]);
}

/** COUPNUM: coupons payable between settlement and maturity. */
export function COUPNUM(settlement: string, maturity: string, frequency: number, basis?: number): number {
  toBasis(basis);
  const [s, m] = settleMat(settlement, maturity);
  return couponDates(s, m, toFreq(frequency))[2];
}

/** COUPDAYBS: days from the start of the coupon period to settlement. */
export function COUPDAYBS(settlement: string, maturity: string, frequency: number, basis?: number): number {
  const b = toBasis(basis);
  const [s, m] = settleMat(settlement, maturity);
  return daysBetween(couponDates(s, m, toFreq(frequency))[0], s, b);
}

/** COUPDAYS: days in the coupon period that contains settlement. */
export function COUPDAYS(settlement: string, maturity: string, frequency: number, basis?: number): number {
  const b = toBasis(basis);
  const [s, m] = settleMat(settlement, maturity);
  const f = toFreq(frequency);
  const [pcd, ncd] = couponDates(s, m, f);
  return periodDays(pcd, ncd, f, b);
}

/** COUPDAYSNC: days from settlement to the next coupon date. */
export function COUPDAYSNC(settlement: string, maturity: string, frequency: number, basis?: number): number {
  const b = toBasis(basis);
  const [s, m] = settleMat(settlement, maturity);
  const [pcd, ncd] = couponDates(s, m, toFreq(frequency));
  // Excel's basis 0 measures the whole period with both-dates 30/360, then subtracts the days passed.
  if (b === 0) return days360US(pcd, ncd, true) - days360US(pcd, s, false);
  if (b === 4) return days360EU(s, ncd);
  return ncd - s;
}

interface Factors {
  n: number;
  a: number;
  e: number;
  dsc: number;
}

function factors(s: number, m: number, f: number, b: Basis): Factors {
  const [pcd, ncd, n] = couponDates(s, m, f);
  const a = daysBetween(pcd, s, b);
  const e = periodDays(pcd, ncd, f, b);
  return { n, a, e, dsc: e - a };
}

function priceAt(k: Factors, rate: number, yld: number, redemption: number, f: number): number {
  const c = (100 * rate) / f;
  const accrued = (c * k.a) / k.e;
  // One coupon left: Excel discounts simply over the final period.
  if (k.n === 1) return (redemption + c) / (1 + ((k.dsc / k.e) * yld) / f) - accrued;
  const g = 1 + yld / f;
  const first = Math.pow(g, -k.dsc / k.e);
  let sum = 0;
  let df = first;
  for (let i = 1; i <= k.n; i++) {
    sum += c * df;
    if (i < k.n) df /= g;
  }
  return sum + redemption * df - accrued;
}

/** PRICE: clean price per 100 face from a yield. */
export function PRICE(
  settlement: string,
  maturity: string,
  rate: number,
  yld: number,
  redemption: number,
  frequency: number,
  basis?: number,
): number {
  const b = toBasis(basis);
  const [s, m] = settleMat(settlement, maturity);
  const f = toFreq(frequency);
  return priceAt(factors(s, m, f, b), nonNegative(rate, 'rate'), nonNegative(yld, 'yld'), positive(redemption, 'redemption'), f);
}

/** YIELD: yield from a clean price per 100 face (closed form with one coupon left, else solved). */
export function YIELD(
  settlement: string,
  maturity: string,
  rate: number,
  pr: number,
  redemption: number,
  frequency: number,
  basis?: number,
): number {
  const b = toBasis(basis);
  const [s, m] = settleMat(settlement, maturity);
  const f = toFreq(frequency);
  nonNegative(rate, 'rate');
  positive(pr, 'pr');
  positive(redemption, 'redemption');
  const k = factors(s, m, f, b);
  if (k.n <= 1) {
    const paid = pr / 100 + ((k.a / k.e) * rate) / f;
    return ((redemption / 100 + rate / f - paid) / paid) * ((f * k.e) / k.dsc);
  }
  // Price is decreasing in the yield: Newton from 5 % with a bisection guard.
  let lo = -f + 1e-9;
  let hi = 1e3;
  let y = 0.05;
  for (let i = 0; i < 200; i++) {
    const p = priceAt(k, rate, y, redemption, f) - pr;
    if (p > 0) lo = y;
    else hi = y;
    const h = 1e-7 * (1 + Math.abs(y));
    const slope = (priceAt(k, rate, y + h, redemption, f) - priceAt(k, rate, y - h, redemption, f)) / (2 * h);
    let next = y - p / slope;
    if (!(next > lo && next < hi)) next = (lo + hi) / 2;
    if (Math.abs(next - y) < 1e-14) return next;
    y = next;
  }
  throw new BondTermsError('NO_SOLUTION', `no yield reproduces a price of ${pr}`);
}

/** DURATION (Macaulay, years) as Excel computes it: compound discounting in every period. */
export function DURATION(settlement: string, maturity: string, coupon: number, yld: number, frequency: number, basis?: number): number {
  const b = toBasis(basis);
  const [s, m] = settleMat(settlement, maturity);
  const f = toFreq(frequency);
  nonNegative(coupon, 'coupon');
  nonNegative(yld, 'yld');
  const [pcd, ncd, n] = couponDates(s, m, f);
  const e = periodDays(pcd, ncd, f, b);
  const x = (e - daysBetween(pcd, s, b)) / e;
  const g = 1 + yld / f;
  const c = (100 * coupon) / f;
  let weighted = 0;
  let total = 0;
  for (let i = 1; i <= n; i++) {
    const t = i - 1 + x;
    const pv = (c + (i === n ? 100 : 0)) * Math.pow(g, -t);
    weighted += t * pv;
    total += pv;
  }
  return weighted / total / f;
}

/** MDURATION: DURATION / (1 + yld/frequency). */
export function MDURATION(settlement: string, maturity: string, coupon: number, yld: number, frequency: number, basis?: number): number {
  return DURATION(settlement, maturity, coupon, yld, frequency, basis) / (1 + yld / toFreq(frequency));
}

/** ACCRINTM: interest accrued from issue to maturity (settlement) of a bond paying at maturity. */
export function ACCRINTM(issue: string, settlement: string, rate: number, par = 1000, basis?: number): number {
  const b = toBasis(basis);
  const i = parseDate(issue, 'issue');
  const s = parseDate(settlement, 'settlement');
  if (s <= i) throw new BondTermsError('BAD_TERMS', `settlement ${settlement} must be after issue ${issue}`);
  positive(rate, 'rate');
  positive(par, 'par');
  return (par * rate * daysBetween(i, s, b)) / daysInYear(i, s, b);
}

export { ACCRINT } from './excelAccrint.js';
