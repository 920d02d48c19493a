/**
 * A pricing plan: everything about (terms, settlement) that does not depend on the yield, flattened
 * into typed arrays so pricing and solving are a tight loop over numbers.
 */
import { BondTermsError } from './errors.js';
import { addMonths, days30Bond, days30E, monthDate, monthIndexOf, packedYmd } from './dates.js';
import { accrualFraction } from './daycount.js';
import type { NormTerms } from './validate.js';
import type { BondTerms } from './types.js';

/**
 * The terms object and settlement text a plan was built from, with the terms' fields as they were
 * then: a cache re-checks them on every hit, so terms changed in place are noticed. Kept on the plan
 * itself: a second object per plan cost a fresh universe several per cent in collection alone.
 */
export interface PlanSource {
  terms: BondTerms;
  settlementText: string;
  convention: string;
  maturity: string;
  couponRate: number;
  frequency: number;
  redemption: number | undefined;
  issueDate: string | undefined;
  firstCouponDate: string | undefined;
  callDate: string | undefined;
  callPrice: number | undefined;
  leapRule: string | undefined;
}

export interface Plan extends PlanSource {
  /** Paid on the final date besides its coupon: the redemption or the call price. */
  finalAmount: number;
  /** Number of future cashflows. */
  n: number;
  /**
   * The plan's numbers live at offsets in a shared slab (`num`): `gapCount` distinct gaps from
   * `gapsAt`, then n cashflow times from `timesAt`, then n amounts from `amountsAt`, then the accrued
   * interest, the final coupon and the solver's warm start (see accruedOf). Offsets rather
   * than typed-array views: a universe of fresh plans would otherwise spend much of its time making
   * and collecting small view objects.
   *
   * Times are coupon periods (G-sec) or years of 365 days (corporate); an amount is coupon plus
   * redemption per future date. The gaps are the distinct gaps between consecutive cashflow times:
   * discounting then needs one exp per distinct gap (2 for an annual corporate, 1 for a regular
   * G-sec) and a running product, instead of one exp per cashflow.
   */
  num: Float64Array;
  gapsAt: number;
  gapCount: number;
  timesAt: number;
  amountsAt: number;
  /** Per cashflow j ≥ 1, the index of its gap, from `gapIndexAt` in the `gapIndex` slab. */
  gapIndex: Uint8Array;
  gapIndexAt: number;
  /** Schedule dates (serials) from `datesAt` in the `dates` slab: the previous coupon date, then each future cashflow's date. */
  dates: Int32Array;
  datesAt: number;
  /** Periods per year of the time unit: the frequency for G-secs, 1 for corporates. */
  perYear: number;
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

// Plans take their arrays as ranges of shared slabs: a universe of fresh plans would otherwise spend
// most of its time allocating and collecting one small ArrayBuffer (or view) per array. A slab lives
// as long as any plan using it (a few MB at most beyond the live plans).
const SLAB_LENGTH = 1 << 16;

type SlabArray = Float64Array | Int32Array | Uint8Array;

/** Hands out `count`-long ranges of a slab of `Kind`, starting a new slab when this one is full. */
class Slab<T extends SlabArray> {
  array: T;
  private used = 0;
  constructor(private readonly Kind: new (length: number) => T) {
    this.array = new Kind(SLAB_LENGTH);
  }

  /** Offset of a fresh range in `array` (read `array` after taking: the slab may have changed). */
  take(count: number): number {
    if (this.used + count > this.array.length) {
      this.array = new this.Kind(Math.max(SLAB_LENGTH, count));
      this.used = 0;
    }
    this.used += count;
    return this.used - count;
  }
}

const doubles = new Slab(Float64Array);
const ints = new Slab(Int32Array);
const bytes = new Slab(Uint8Array);

// The walk runs backwards from the final date into these buffers, reused by every build (a build is
// synchronous), so a schedule leaves no garbage behind; `regular` is stored with a period's start.
let walkDates = new Float64Array(256);
let walkGrid = new Int32Array(256);
let walkRegular = new Uint8Array(256);
let walked = 0;

// The schedule just built: its dates (the previous coupon date ≤ settlement, then every future
// cashflow date) in `scheduleDates` from `scheduleAt`, `scheduleLength` of them; per date j its index
// on the maturity grid (the date k coupon steps before maturity, or −1) in gridOf[j], and whether
// the period from date j to date j+1 is a regular coupon period in regularOf[j].
let scheduleDates = ints.array;
let scheduleAt = 0;
let scheduleLength = 0;
let gridOf = new Int32Array(256);
let regularOf = new Uint8Array(256);

function reserve(size: number): void {
  if (size <= walkDates.length) return;
  const capacity = Math.max(size, 2 * walkDates.length);
  const grown = <T extends SlabArray>(old: T, Kind: new (length: number) => T): T => {
    const array = new Kind(capacity);
    array.set(old);
    return array;
  };
  walkDates = grown(walkDates, Float64Array);
  walkGrid = grown(walkGrid, Int32Array);
  walkRegular = grown(walkRegular, Uint8Array);
  gridOf = grown(gridOf, Int32Array);
  regularOf = grown(regularOf, Uint8Array);
}

function step(date: number, gridK: number, regularBefore: boolean): void {
  reserve(walked + 1);
  walkDates[walked] = date;
  walkGrid[walked] = gridK;
  walkRegular[walked++] = regularBefore ? 1 : 0;
}

/** The date k coupon steps before maturity. */
function gridDate(norm: NormTerms, k: number): number {
  return monthDate(norm.maturityMonth - k * norm.step, norm.maturityDay);
}

/** Takes `count` schedule dates from the slab. */
function startSchedule(count: number): Int32Array {
  scheduleAt = ints.take(count);
  scheduleLength = count;
  scheduleDates = ints.array;
  return scheduleDates;
}

/**
 * The schedule grid(kEnd), …, grid(kStart), final — what the walk in scheduleFrom produces when it
 * meets no issue or first coupon date: every period regular but a last one to an off-grid final date.
 */
function gridSchedule(norm: NormTerms, kStart: number, kEnd: number, finalK: number): void {
  const count = kEnd - kStart + 2;
  reserve(count);
  const dates = startSchedule(count);
  const at = scheduleAt;
  for (let j = 0; j < count - 1; j++) {
    dates[at + j] = gridDate(norm, kEnd - j);
    gridOf[j] = kEnd - j;
    regularOf[j] = 1;
  }
  dates[at + count - 1] = norm.final;
  gridOf[count - 1] = finalK;
  regularOf[count - 2] = finalK >= 0 ? 1 : 0;
  regularOf[count - 1] = 0;
}

// A universe's plans all settle on one day: its month index is worked out once.
let settledOn = Number.NaN;
let settledMonth = 0;

function settlementMonth(s: number): number {
  if (s !== settledOn) {
    settledMonth = monthIndexOf(s);
    settledOn = s;
  }
  return settledMonth;
}

/** Builds the schedule from the previous coupon (≤ settlement) to the final date, with a regular flag per period. */
function scheduleFrom(norm: NormTerms, s: number): void {
  const lower = norm.firstCoupon ?? norm.issue;
  let k = 0;
  while (gridDate(norm, k) > norm.final) k++;
  let lastOnGrid = gridDate(norm, k) === norm.final;
  // Usually the grid alone runs from the final date back past settlement: fill it in order.
  const kStart = lastOnGrid ? k + 1 : k;
  let kEnd = Math.max(kStart, Math.floor((norm.maturityMonth - settlementMonth(s)) / norm.step));
  while (kEnd > kStart && gridDate(norm, kEnd - 1) <= s) kEnd--;
  while (gridDate(norm, kEnd) > s) kEnd++;
  if (lower === undefined || lower < gridDate(norm, kEnd)) {
    gridSchedule(norm, kStart, kEnd, lastOnGrid ? k : -1);
    return;
  }
  walked = 0;
  step(norm.final, lastOnGrid ? k : -1, false);
  if (lastOnGrid) k++;
  // Walk the maturity grid backwards until the first date on or before settlement.
  while (walkDates[walked - 1]! > s) {
    const g = gridDate(norm, k++);
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
  // Forward order: dates into the slab, the rest into the scratch buffers (as long as the walk's).
  const dates = startSchedule(walked);
  const at = scheduleAt;
  for (let j = 0; j < walked; j++) {
    const from = walked - 1 - j;
    dates[at + j] = walkDates[from]!;
    gridOf[j] = walkGrid[from]!;
    regularOf[j] = walkRegular[from]!;
  }
}

// BONDYEAR's year length for the bond-year (grid indices [start, end)) last looked up while building
// a plan (emptied per plan): every period of a year shares it.
let bondYearStart = 0;
let bondYearEnd = 0;
let bondYearDays = 0;

/**
 * Year fraction of the days from date j−1 up to `upTo` (≤ date j) of the schedule just built, in
 * the period between them under the leap rule: accrualFraction's result, computed from grid month
 * indices when both ends are adjacent grid dates (every regular period), so a plan for a whole
 * universe converts no dates. Such a period lies inside one bond-year, whose ends are every f-th
 * grid date (BONDYEAR); YEAREND and AFB need the date a year before the period end.
 */
function periodFraction(norm: NormTerms, j: number, upTo: number): number {
  const a = scheduleDates[scheduleAt + j - 1]!;
  const b = scheduleDates[scheduleAt + j]!;
  const kb = gridOf[j]!;
  if (kb < 0 || gridOf[j - 1] !== kb + 1) return accrualFraction(a, upTo, b, norm.maturity, norm.leap);
  if (upTo <= a) return 0;
  // Kept small so it inlines into the plan's loop; the year lengths are looked up out of line.
  const days = norm.leap === 'BONDYEAR' ? bondYearDaysOf(norm, kb) : yearDaysEnding(norm, a, b, norm.maturityMonth - kb * norm.step);
  return days > 0 ? (upTo - a) / days : accrualFraction(a, upTo, b, norm.maturity, norm.leap);
}

/** Days in the bond-year holding grid period kb + 1 → kb. */
function bondYearDaysOf(norm: NormTerms, kb: number): number {
  if (kb < bondYearStart || kb >= bondYearEnd) {
    bondYearStart = Math.floor(kb / norm.freq) * norm.freq;
    bondYearEnd = bondYearStart + norm.freq;
    bondYearDays = gridDate(norm, bondYearStart) - gridDate(norm, bondYearEnd);
  }
  return bondYearDays;
}

/**
 * YEAREND and AFB: days in the year a regular period a → b ending in grid month `month` counts in,
 * or 0 when the period straddles two such years (accrualFraction splits it).
 */
function yearDaysEnding(norm: NormTerms, a: number, b: number, month: number): number {
  const day = b - monthDate(month, 1) + 1;
  if (norm.leap === 'YEAREND') return b - monthDate(month - 12, day);
  // AFB: a year back from 28 Feb is 29 Feb in a leap year (see accrualFraction).
  const yearBefore = monthDate(month - 12, day === 28 && month % 12 === 1 ? 29 : day);
  if (yearBefore < a) return leapDayWithin(a, b, month) ? 366 : 365;
  if (yearBefore === a) return b - yearBefore;
  return 0;
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

/**
 * Coupon amounts and times (years of 365 days) of the corporate schedule just built. BONDYEAR's
 * regular periods — most of a universe's cashflows — divide by their bond-year's length right here;
 * every other period goes through periodFraction.
 */
function corporateFlows(norm: NormTerms, num: Float64Array, amountsAt: number, timesAt: number, s: number): void {
  const d = scheduleDates;
  const at = scheduleAt;
  const n = scheduleLength - 1;
  const c = norm.coupon;
  const bondYear = norm.leap === 'BONDYEAR';
  for (let j = 1; j <= n; j++) {
    const b = d[at + j]!;
    const kb = gridOf[j]!;
    const fraction =
      bondYear && kb >= 0 && gridOf[j - 1] === kb + 1 ? (b - d[at + j - 1]!) / bondYearDaysOf(norm, kb) : periodFraction(norm, j, b);
    num[amountsAt + j - 1] = 100 * c * fraction;
    num[timesAt + j - 1] = (b - s) / 365;
  }
}

// After a plan's amounts in `num`: accrued interest per 100; the coupon part of the final cashflow
// (every other cashflow is all coupon); the last solved log-yield, the warm start for the next solve
// (NaN before the first). In the slab rather than on the plan: a number field would box a fresh
// double per plan, which a fresh universe pays for in collection.
const ACCRUED = 0;
const LAST_COUPON = 1;
const LAST_X = 2;
const EXTRAS = 3;

export function accruedOf(p: Plan): number {
  return p.num[p.amountsAt + p.n + ACCRUED]!;
}

export function lastCouponOf(p: Plan): number {
  return p.num[p.amountsAt + p.n + LAST_COUPON]!;
}

export function lastXOf(p: Plan): number {
  return p.num[p.amountsAt + p.n + LAST_X]!;
}

export function setLastX(p: Plan, x: number): void {
  p.num[p.amountsAt + p.n + LAST_X] = x;
}

const MAX_GAPS = 16;
const scratchGaps = new Float64Array(MAX_GAPS);

/** Builds the plan for `terms` (validated into `norm`) at `settlementText` (validated into serial `s`). */
export function buildPlan(norm: NormTerms, s: number, terms: BondTerms, settlementText: string): Plan {
  scheduleFrom(norm, s);
  const d = scheduleDates;
  const at = scheduleAt;
  const n = scheduleLength - 1;
  const gapIndexAt = bytes.take(n);
  const gapIndex = bytes.array;
  const gapCount = gapTable(norm, gapIndex, gapIndexAt);
  const gapsAt = doubles.take(gapCount + 2 * n + EXTRAS);
  const num = doubles.array;
  const unit = norm.kind === 2 ? 365 : 1;
  for (let k = 0; k < gapCount; k++) num[gapsAt + k] = scratchGaps[k]! / unit;
  const timesAt = gapsAt + gapCount;
  // Coupons go straight into the amounts; the redemption is added to the last one below.
  const amountsAt = timesAt + n;
  const c = norm.coupon;
  const d0 = d[at]!;
  const d1 = d[at + 1]!;
  let accrued: number;
  let accruedDays: number;
  let periodDays: number;
  if (norm.kind === 2) {
    bondYearEnd = bondYearStart;
    corporateFlows(norm, num, amountsAt, timesAt, s);
    accrued = 100 * c * periodFraction(norm, 1, s);
    accruedDays = s - d0;
    periodDays = d1 - d0;
  } else {
    const dc = norm.kind === 0 ? days30Bond : days30E;
    const e = 360 / norm.freq;
    const regularCoupon = (100 * c) / norm.freq;
    for (let j = 1; j <= n; j++) {
      num[amountsAt + j - 1] = regularOf[j - 1] ? regularCoupon : (100 * c * dc(d[at + j - 1]!, d[at + j]!)) / 360;
    }
    accruedDays = dc(d0, s);
    accrued = (100 * c * accruedDays) / 360;
    periodDays = regularOf[0] ? e : dc(d0, d1);
    // DESIGN §5: the first fraction is (E − A)/E; a stub's E is its own 30/360 length.
    let t = ((regularOf[0] ? e : dc(d0, d1)) - accruedDays) / e;
    num[timesAt] = t;
    for (let j = 2; j <= n; j++) {
      t += regularOf[j - 1] ? 1 : dc(d[at + j - 1]!, d[at + j]!) / e;
      num[timesAt + j - 1] = t;
    }
  }
  const lastCoupon = num[amountsAt + n - 1]!;
  num[amountsAt + n - 1] = lastCoupon + norm.finalAmount;
  num[amountsAt + n + ACCRUED] = accrued;
  num[amountsAt + n + LAST_COUPON] = lastCoupon;
  num[amountsAt + n + LAST_X] = Number.NaN;
  return {
    terms,
    settlementText,
    convention: terms.convention,
    maturity: terms.maturity,
    couponRate: terms.couponRate,
    frequency: terms.frequency,
    redemption: terms.redemption,
    issueDate: terms.issueDate,
    firstCouponDate: terms.firstCouponDate,
    callDate: terms.callDate,
    callPrice: terms.callPrice,
    leapRule: terms.leapRule,
    finalAmount: norm.finalAmount,
    n,
    num,
    gapsAt,
    gapCount,
    timesAt,
    amountsAt,
    gapIndex,
    gapIndexAt,
    dates: d,
    datesAt: at,
    perYear: norm.kind === 2 ? 1 : norm.freq,
    prev: d0,
    accruedDays,
    periodDays,
  };
}

/**
 * Gap table of the schedule just built, for the running-product discounting: the distinct gaps
 * between consecutive cashflow times (at most MAX_GAPS, in scratchGaps, in the schedule's key unit)
 * and each cashflow's gap in `gapIndex`; returns how many. Gap keys are exact (whole days, or
 * whole/30-360 periods), so equal gaps share one factor; a plan with too many distinct gaps gets
 * none (one exp per cashflow).
 */
function gapTable(norm: NormTerms, gapIndex: Uint8Array, gapIndexAt: number): number {
  const d = scheduleDates;
  const at = scheduleAt;
  let count = 0;
  for (let j = 2; j < scheduleLength; j++) {
    const key =
      norm.kind === 2
        ? d[at + j]! - d[at + j - 1]!
        : regularOf[j - 1]
          ? 1
          : days30Of(norm.kind, d[at + j - 1]!, d[at + j]!) / (360 / norm.freq);
    // Corporate keys are whole days: they find their slot in one read.
    const days = norm.kind === 2 && key < slotOfDays.length;
    let k = days ? slotOfDays[key]! - 1 : -1;
    if (k < 0) {
      k = 0;
      while (k < count && scratchGaps[k] !== key) k++;
      if (k === count) {
        if (count === MAX_GAPS) return clearSlots(norm, count, 0);
        scratchGaps[count++] = key;
        if (days) slotOfDays[key] = count;
      }
    }
    gapIndex[gapIndexAt + j - 1] = k;
  }
  return clearSlots(norm, count, count);
}

// Slot + 1 of each whole-day gap key in the table being built (0: not in it); cleared after each.
const slotOfDays = new Uint8Array(1024);

function clearSlots(norm: NormTerms, count: number, result: number): number {
  if (norm.kind !== 2) return result;
  for (let k = 0; k < count; k++) {
    const key = scratchGaps[k]!;
    if (key < slotOfDays.length) slotOfDays[key] = 0;
  }
  return result;
}

function days30Of(kind: 0 | 1 | 2, a: number, b: number): number {
  return kind === 0 ? days30Bond(a, b) : days30E(a, b);
}
