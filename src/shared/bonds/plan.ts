/**
 * A pricing plan: everything about (terms, settlement) that does not depend on the yield, flattened
 * into typed arrays so pricing and solving are a tight loop over numbers.
 */
import { BondTermsError } from './errors.js';
import { addMonths, days30Bond, days30E, monthDate, monthIndexOf, packedYmd } from './dates.js';
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
  /** Schedule dates (serials): the previous coupon date, then each future cashflow's date. */
  schedule: Int32Array;
  /** Coupon part of the final cashflow (every other cashflow is all coupon). */
  lastCoupon: number;
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

interface Schedule {
  /** The previous coupon date (≤ settlement), then every future cashflow date. */
  dates: Int32Array;
  /** Per period dates[j] → dates[j+1]: a regular coupon period. */
  regular: Uint8Array;
  /** Per date, its index k on the maturity grid (the date k coupon steps before maturity), or −1. */
  gridIndex: Int32Array;
}

// The walk runs backwards from the final date into these buffers, reused by every build (a build is
// synchronous), so a schedule leaves no garbage behind; `regular` is stored with a period's start.
let walkDates = new Float64Array(256);
let walkGrid = new Int32Array(256);
let walkRegular = new Uint8Array(256);
let walked = 0;

function reserve(size: number): void {
  if (size <= walkDates.length) return;
  const capacity = Math.max(size, 2 * walkDates.length);
  const dates = new Float64Array(capacity);
  const grid = new Int32Array(capacity);
  const regular = new Uint8Array(capacity);
  dates.set(walkDates);
  grid.set(walkGrid);
  regular.set(walkRegular);
  [walkDates, walkGrid, walkRegular] = [dates, grid, regular];
}

function step(date: number, gridK: number, regularBefore: boolean): void {
  reserve(walked + 1);
  walkDates[walked] = date;
  walkGrid[walked] = gridK;
  walkRegular[walked++] = regularBefore ? 1 : 0;
}

/**
 * The schedule grid(kEnd), …, grid(kStart), final — what the walk in scheduleFrom produces when it
 * meets no issue or first coupon date: every period regular but a last one to an off-grid final date.
 */
function gridSchedule(norm: NormTerms, grid: (k: number) => number, kStart: number, kEnd: number, finalK: number): Schedule {
  const count = kEnd - kStart + 2;
  reserve(count);
  const dates = ints(count);
  const regular = walkRegular.subarray(0, count);
  const gridIndex = walkGrid.subarray(0, count);
  for (let j = 0; j < count - 1; j++) {
    dates[j] = grid(kEnd - j);
    gridIndex[j] = kEnd - j;
    regular[j] = 1;
  }
  dates[count - 1] = norm.final;
  gridIndex[count - 1] = finalK;
  regular[count - 2] = finalK >= 0 ? 1 : 0;
  regular[count - 1] = 0;
  return { dates, regular, gridIndex };
}

/** Dates from the previous coupon (≤ settlement) to the final date, with a regular flag per period. */
function scheduleFrom(norm: NormTerms, s: number): Schedule {
  const base = monthIndexOf(norm.maturity);
  const grid = (k: number): number => monthDate(base - k * norm.step, norm.maturityDay);
  const lower = norm.firstCoupon ?? norm.issue;
  let k = 0;
  while (grid(k) > norm.final) k++;
  let lastOnGrid = grid(k) === norm.final;
  // Usually the grid alone runs from the final date back past settlement: fill it in order.
  const kStart = lastOnGrid ? k + 1 : k;
  let kEnd = Math.max(kStart, Math.floor((base - monthIndexOf(s)) / norm.step));
  while (kEnd > kStart && grid(kEnd - 1) <= s) kEnd--;
  while (grid(kEnd) > s) kEnd++;
  if (lower === undefined || lower < grid(kEnd)) return gridSchedule(norm, grid, kStart, kEnd, lastOnGrid ? k : -1);
  walked = 0;
  step(norm.final, lastOnGrid ? k : -1, false);
  if (lastOnGrid) k++;
  // Walk the maturity grid backwards until the first date on or before settlement.
  while (walkDates[walked - 1]! > s) {
    const g = grid(k++);
    if (lower !== undefined && g <= lower) {
      if (norm.firstCoupon !== undefined) {
        const f = norm.firstCoupon;
        if (f < walkDates[walked - 1]!) step(f, g === f ? k - 1 : -1, lastOnGrid && g === f);
        if (f > s) {
          const start = norm.issue ?? addMonths(f, -norm.step);
          if (norm.issue === undefined && start > s) {
            throw new BondTermsError('BEFORE_ISSUE', 'settlement is before the first coupon period: give issueDate');
          }
          step(start, -1, norm.issue === undefined || (onGrid(norm, start) && onGrid(norm, f)));
        }
      } else {
        step(norm.issue!, g === norm.issue ? k - 1 : -1, lastOnGrid && g === norm.issue);
      }
      break;
    }
    step(g, k - 1, lastOnGrid);
    lastOnGrid = true;
  }
  // Forward order: dates into the plan's slab, the rest into the buffers' upper halves.
  reserve(2 * walked);
  const dates = ints(walked);
  const regular = walkRegular.subarray(walked, 2 * walked);
  const gridIndex = walkGrid.subarray(walked, 2 * walked);
  for (let j = 0; j < walked; j++) {
    const from = walked - 1 - j;
    dates[j] = walkDates[from]!;
    gridIndex[j] = walkGrid[from]!;
    regular[j] = walkRegular[from]!;
  }
  return { dates, regular, gridIndex };
}

/**
 * Year fraction of the days from d[j-1] up to `upTo` (≤ d[j]) in the period d[j-1] → d[j] under the
 * leap rule: accrualFraction's result, computed from grid month indices when both ends are adjacent
 * grid dates (every regular period), so a plan for a whole universe converts no dates. Such a period
 * lies inside one bond-year, whose ends are every f-th grid date (BONDYEAR); YEAREND and AFB need the
 * date a year before the period end.
 */
function periodFraction(norm: NormTerms, sch: Schedule, j: number, base: number, upTo: number): number {
  const a = sch.dates[j - 1]!;
  const b = sch.dates[j]!;
  const kb = sch.gridIndex[j]!;
  if (kb < 0 || sch.gridIndex[j - 1] !== kb + 1) return accrualFraction(a, upTo, b, norm.maturity, norm.leap);
  if (upTo <= a) return 0;
  const month = base - kb * norm.step;
  if (norm.leap === 'BONDYEAR') {
    const year = Math.floor(kb / norm.freq) * norm.freq;
    return (upTo - a) / (monthDate(base - year * norm.step, norm.maturityDay) - monthDate(base - (year + norm.freq) * norm.step, norm.maturityDay));
  }
  const day = b - monthDate(month, 1) + 1;
  if (norm.leap === 'YEAREND') return (upTo - a) / (b - monthDate(month - 12, day));
  // AFB: a year back from 28 Feb is 29 Feb in a leap year (see accrualFraction).
  const yearBefore = monthDate(month - 12, day === 28 && month % 12 === 1 ? 29 : day);
  if (yearBefore < a) return (upTo - a) / (leapDayWithin(a, b, month) ? 366 : 365);
  if (yearBefore === a) return (upTo - a) / (b - yearBefore);
  return accrualFraction(a, upTo, b, norm.maturity, norm.leap);
}

/** holdsFeb29(a, b) for a period of at most a year ending in grid month `month`: 29 Feb of b's year or the one before. */
function leapDayWithin(a: number, b: number, month: number): boolean {
  const february = month - (month % 12) + 1;
  return isLeapDayWithin(february, a, b) || isLeapDayWithin(february - 12, a, b);
}

function isLeapDayWithin(february: number, a: number, b: number): boolean {
  const day29 = monthDate(february, 29);
  return day29 !== monthDate(february, 28) && day29 >= a && day29 < b;
}

const MAX_GAPS = 16;

// Plans take their arrays as views of shared slabs: a universe of fresh plans would otherwise spend
// most of its time allocating and collecting one small ArrayBuffer per array. A slab lives as long
// as any plan viewing it (a few MB at most beyond the live plans).
const SLAB_LENGTH = 1 << 16;

type SlabArray = Float64Array | Int32Array | Uint8Array;

/** Hands out `count`-long views of a slab of `Kind`, starting a new slab when this one is full. */
function slabOf<T extends SlabArray>(Kind: new (length: number) => T): (count: number) => T {
  let slab = new Kind(SLAB_LENGTH);
  let used = 0;
  return (count) => {
    if (used + count > slab.length) {
      slab = new Kind(Math.max(SLAB_LENGTH, count));
      used = 0;
    }
    used += count;
    return slab.subarray(used - count, used) as T;
  };
}

const doubles = slabOf(Float64Array);
const ints = slabOf(Int32Array);
const bytes = slabOf(Uint8Array);

/** Builds the plan for validated terms and a validated settlement serial. */
export function buildPlan(norm: NormTerms, s: number): Plan {
  const sch = scheduleFrom(norm, s);
  const { dates: d, regular } = sch;
  const n = d.length - 1;
  const times = doubles(n);
  const amounts = doubles(n);
  // Coupons go straight into the amounts; the redemption is added to the last one below.
  const coupons = amounts;
  const c = norm.coupon;
  const d0 = d[0]!;
  const d1 = d[1]!;
  let accrued: number;
  let accruedDays: number;
  let periodDays: number;
  if (norm.kind === 2) {
    const base = monthIndexOf(norm.maturity);
    for (let j = 1; j <= n; j++) {
      coupons[j - 1] = 100 * c * periodFraction(norm, sch, j, base, d[j]!);
      times[j - 1] = (d[j]! - s) / 365;
    }
    accrued = 100 * c * periodFraction(norm, sch, 1, base, s);
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
  const lastCoupon = coupons[n - 1]!;
  amounts[n - 1] = lastCoupon + norm.finalAmount;
  const gapIndex = bytes(n);
  const gaps = gapTable(norm, d, regular, gapIndex);
  return {
    norm, settlement: s, n, times, amounts, schedule: d, lastCoupon, gaps, gapIndex,
    perYear: norm.kind === 2 ? 1 : norm.freq,
    accrued, lastX: Number.NaN, prev: d0, accruedDays, periodDays,
  };
}

/**
 * Gap table for the running-product discounting: the distinct gaps between consecutive cashflow
 * times (at most MAX_GAPS) and each cashflow's gap in `gapIndex`. Gap keys are
 * exact (whole days, or whole/30-360 periods), so equal gaps share one factor; a plan with too many
 * distinct gaps gets an empty table (one exp per cashflow).
 */
function gapTable(norm: NormTerms, d: Int32Array, regular: Uint8Array, gapIndex: Uint8Array): Float64Array {
  const table = scratchGaps;
  let count = 0;
  for (let j = 2; j < d.length; j++) {
    const key = norm.kind === 2 ? d[j]! - d[j - 1]! : regular[j - 1] ? 1 : days30Of(norm.kind, d[j - 1]!, d[j]!) / (360 / norm.freq);
    let k = 0;
    while (k < count && table[k] !== key) k++;
    if (k === count) {
      if (count === MAX_GAPS) return doubles(0);
      table[count++] = key;
    }
    gapIndex[j - 1] = k;
  }
  const unit = norm.kind === 2 ? 365 : 1;
  const gaps = doubles(count);
  for (let k = 0; k < count; k++) gaps[k] = table[k]! / unit;
  return gaps;
}
const scratchGaps = new Float64Array(MAX_GAPS);

function days30Of(kind: 0 | 1 | 2, a: number, b: number): number {
  return kind === 0 ? days30Bond(a, b) : days30E(a, b);
}
