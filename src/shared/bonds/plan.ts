/**
 * A pricing plan: everything about (terms, settlement) that does not depend on the yield, flattened
 * into typed arrays so pricing and solving are a tight loop over numbers.
 */
import { BondTermsError } from './errors.js';
import { addMonths, days30Bond, days30E, packedYmd } from './dates.js';
import { accrualFraction } from './daycount.js';
import type { NormTerms } from './validate.js';

export interface Plan {
  norm: NormTerms;
  settlement: number;
  /** Number of future cashflows. */
  n: number;
  /** Cashflow times: coupon periods (G-sec) or years of 365 days (corporate). */
  times: Float64Array;
  /** Coupon plus redemption per future date. */
  amounts: Float64Array;
  /** Future cashflow dates (serials) and their coupon part. */
  dates: Float64Array;
  coupons: Float64Array;
  /**
   * Distinct gaps between consecutive cashflow times and, per cashflow j ≥ 1, the index of its gap:
   * discounting then needs one exp per distinct gap (2 for an annual corporate, 1 for a regular
   * G-sec) and a running product, instead of one exp per cashflow.
   */
  gaps: Float64Array;
  gapIndex: Uint8Array;
  /** Periods per year of the time unit: the frequency for G-secs, 1 for corporates. */
  perYear: number;
  accrued: number;
  /** Last solved log-yield: warm start for the next solve on this plan (NaN before the first). */
  lastX: number;
  prev: number;
  accruedDays: number;
  periodDays: number;
}

/** True when `d` is one of the coupon dates counted back from maturity. */
function onGrid(norm: NormTerms, d: number): boolean {
  const p = packedYmd(d);
  const q = packedYmd(norm.maturity);
  const months = (Math.floor(q / 10000) - Math.floor(p / 10000)) * 12 + (Math.floor(q / 100) % 100) - (Math.floor(p / 100) % 100);
  return months >= 0 && months % norm.step === 0 && addMonths(norm.maturity, -months, norm.maturityDay) === d;
}

/** Dates from the previous coupon (≤ settlement) to the final date, with a regular flag per period. */
function scheduleFrom(norm: NormTerms, s: number): { dates: number[]; regular: boolean[] } {
  const grid = (k: number): number => addMonths(norm.maturity, -k * norm.step, norm.maturityDay);
  const lower = norm.firstCoupon ?? norm.issue;
  const desc: number[] = [norm.final];
  const reg: boolean[] = [];
  let k = 0;
  while (grid(k) > norm.final) k++;
  let lastOnGrid = grid(k) === norm.final;
  if (lastOnGrid) k++;
  // Walk the maturity grid backwards until the first date on or before settlement.
  while (desc[desc.length - 1]! > s) {
    const g = grid(k++);
    if (lower !== undefined && g <= lower) {
      if (norm.firstCoupon !== undefined) {
        const f = norm.firstCoupon;
        if (f < desc[desc.length - 1]!) {
          desc.push(f);
          reg.push(lastOnGrid && g === f);
        }
        if (f > s) {
          const start = norm.issue ?? addMonths(f, -norm.step);
          if (norm.issue === undefined && start > s) {
            throw new BondTermsError('BEFORE_ISSUE', 'settlement is before the first coupon period: give issueDate');
          }
          desc.push(start);
          reg.push(norm.issue === undefined || (onGrid(norm, start) && onGrid(norm, f)));
        }
      } else {
        desc.push(norm.issue!);
        reg.push(lastOnGrid && g === norm.issue);
      }
      break;
    }
    desc.push(g);
    reg.push(lastOnGrid);
    lastOnGrid = true;
  }
  return { dates: desc.reverse(), regular: reg.reverse() };
}

/** Builds the plan for validated terms and a validated settlement serial. */
export function buildPlan(norm: NormTerms, s: number): Plan {
  const { dates: d, regular } = scheduleFrom(norm, s);
  const n = d.length - 1;
  const times = new Float64Array(n);
  const amounts = new Float64Array(n);
  const dates = new Float64Array(n);
  const coupons = new Float64Array(n);
  const c = norm.coupon;
  const d0 = d[0]!;
  const d1 = d[1]!;
  let accrued: number;
  let accruedDays: number;
  let periodDays: number;
  if (norm.kind === 2) {
    for (let j = 1; j <= n; j++) {
      coupons[j - 1] = 100 * c * accrualFraction(d[j - 1]!, d[j]!, d[j]!, norm.maturity, norm.leap);
      times[j - 1] = (d[j]! - s) / 365;
    }
    accrued = 100 * c * accrualFraction(d0, s, d1, norm.maturity, norm.leap);
    accruedDays = s - d0;
    periodDays = d1 - d0;
  } else {
    const dc = norm.kind === 0 ? days30Bond : days30E;
    const e = 360 / norm.freq;
    for (let j = 1; j <= n; j++) {
      coupons[j - 1] = regular[j - 1] ? (100 * c) / norm.freq : (100 * c * dc(d[j - 1]!, d[j]!)) / 360;
    }
    accruedDays = dc(d0, s);
    accrued = (100 * c * accruedDays) / 360;
    periodDays = regular[0] ? e : dc(d0, d1);
    // DESIGN §5: the first fraction is (E − A)/E; a stub's E is its own 30/360 length.
    let t = ((regular[0] ? e : dc(d0, d1)) - accruedDays) / e;
    times[0] = t;
    for (let j = 2; j <= n; j++) {
      t += regular[j - 1] ? 1 : dc(d[j - 1]!, d[j]!) / e;
      times[j - 1] = t;
    }
  }
  for (let j = 0; j < n; j++) {
    dates[j] = d[j + 1]!;
    amounts[j] = coupons[j]! + (j === n - 1 ? norm.finalAmount : 0);
  }
  // Gap keys are exact (whole days, or whole/30-360 periods), so equal gaps share one factor.
  const keys: number[] = [];
  for (let j = 2; j <= n; j++) {
    keys.push(norm.kind === 2 ? d[j]! - d[j - 1]! : regular[j - 1] ? 1 : days30Of(norm.kind, d[j - 1]!, d[j]!) / (360 / norm.freq));
  }
  const { gaps, gapIndex } = gapTable(keys, norm.kind === 2 ? 365 : 1);
  return {
    norm, settlement: s, n, times, amounts, dates, coupons, gaps, gapIndex,
    perYear: norm.kind === 2 ? 1 : norm.freq,
    accrued, lastX: Number.NaN, prev: d0, accruedDays, periodDays,
  };
}

/**
 * Gap table for the running-product discounting. Corporate gaps are whole days (exact keys); the
 * table is capped, and a plan with too many distinct gaps gets an empty table (one exp per cashflow).
 */
function gapTable(keys: number[], unit: number): { gaps: Float64Array; gapIndex: Uint8Array } {
  const distinct: number[] = [];
  const gapIndex = new Uint8Array(keys.length + 1);
  for (let j = 0; j < keys.length; j++) {
    let k = distinct.indexOf(keys[j]!);
    if (k < 0) {
      if (distinct.length === 16) return { gaps: new Float64Array(0), gapIndex };
      k = distinct.push(keys[j]!) - 1;
    }
    gapIndex[j + 1] = k;
  }
  return { gaps: Float64Array.from(distinct, (g) => g / unit), gapIndex };
}

function days30Of(kind: 0 | 1 | 2, a: number, b: number): number {
  return kind === 0 ? days30Bond(a, b) : days30E(a, b);
}
