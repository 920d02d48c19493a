/** Excel's ACCRINT: accrued interest of a security paying periodic interest, per `par`. */
import { BondTermsError, requireFinite } from './errors.js';
import { addMonths, isMonthEnd, packedYmd, parseDate } from './dates.js';
import { type Basis, days360EU, days360US, daysBetween, toBasis, toFreq } from './excelDays.js';

/** Length of a quasi-coupon period [a, b] when it is only partly accrued from its start. */
function startDenominator(a: number, b: number, f: number, basis: Basis): number {
  if (basis === 0) return days360US(a, b, true);
  if (basis === 3) return 365 / f;
  if (basis === 4) return days360EU(a, b);
  // Excel's Actual/360 measures this denominator on 30/360, Actual/Actual in actual days.
  return basis === 2 ? days360US(a, b, false) : b - a;
}

/** Numerator for a period accrued from `x` (the issue) to the period end `b`. */
function startNumerator(x: number, b: number, basis: Basis): number {
  return basis === 0 ? days360US(x, b, false) : daysBetween(x, b, basis);
}

/**
 * ACCRINT(issue, first_interest, settlement, rate, par, frequency, basis, calc_method), in Excel's own
 * way of counting: quasi-coupon dates step back from first_interest (month ends when it is one);
 * from the quasi-coupon date P that closes the accrual (first_interest − 1 period, or with
 * calc_method TRUE and settlement after first_interest, the first coupon date on or after
 * settlement) the days from P to settlement count (negatively when settlement is before P) over
 * the period length, each whole period between the issue date and P counts one coupon (zero with
 * calc_method FALSE), and the period holding the issue date counts its days over its own length.
 * This reproduces Excel's results for long first periods, where it counts actual days over 360/f.
 */
export function ACCRINT(
  issue: string,
  firstInterest: string,
  settlement: string,
  rate: number,
  par = 1000,
  frequency = 2,
  basis?: number,
  calcMethod = true,
): number {
  const b = toBasis(basis);
  const f = toFreq(frequency);
  const i = parseDate(issue, 'issue');
  const fi = parseDate(firstInterest, 'first_interest');
  const s = parseDate(settlement, 'settlement');
  if (s <= i) throw new BondTermsError('BAD_TERMS', `settlement ${settlement} must be after issue ${issue}`);
  if (fi <= i) throw new BondTermsError('BAD_TERMS', `first_interest ${firstInterest} must be after issue ${issue}`);
  if (requireFinite(rate, 'rate') <= 0) throw new BondTermsError('BAD_TERMS', `rate must be positive, got ${rate}`);
  if (requireFinite(par, 'par') <= 0) throw new BondTermsError('BAD_TERMS', `par must be positive, got ${par}`);
  const step = 12 / f;
  const eom = isMonthEnd(fi);
  const day = packedYmd(fi) % 100;
  const q = (j: number): number => (j === 0 ? fi : addMonths(fi, j * step, day, eom));
  let k = -1;
  if (calcMethod && s > fi) {
    k = 1;
    while (q(k) < s) k++;
  }
  const p = q(k);
  // Actual/Actual measures the quasi-coupon period that starts at P, as Excel does.
  const periodLength = b === 1 ? q(k + 1) - p : (b === 3 ? 365 : 360) / f;
  let total = daysBetween(i > p ? i : p, s, b) / periodLength;
  for (let j = k; q(j) > i; j--) {
    const a = q(j - 1);
    if (i <= a) total += calcMethod ? 1 : 0;
    else total += startNumerator(i, q(j), b) / startDenominator(a, q(j), f, b);
  }
  return ((par * rate) / f) * total;
}
