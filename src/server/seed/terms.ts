/** Term helpers shared by every bond generator: dates, schedules, face values, leap rules. */
import { FACE_VALUES } from '../../shared/instruments.js';
import type { LeapRule } from '../../shared/instruments.js';
import { addDays, addMonths, daysBetween, nextWeekday, SEED_ANCHOR_DATE, yearOf } from './dates.js';
import type { Rng } from './rng.js';
import type { Schedule } from './types.js';

/**
 * The first coupon date after `issue`, on the schedule generated backwards from `anchor` (the
 * maturity, or a perpetual's first call) every 12/frequency months, as the bond math does.
 */
export function firstCouponDate(issue: string, anchor: string, frequency: number): string {
  const step = 12 / frequency;
  // Start a little short of the whole periods between the dates, then walk back to the issue date.
  let k = Math.max(1, Math.floor(monthsBetween(issue, anchor) / step) - 1);
  while (addMonths(anchor, -k * step) > issue) k++;
  while (k > 1 && addMonths(anchor, -(k - 1) * step) <= issue) k--;
  return addMonths(anchor, -(k - 1) * step);
}

/** An issue date: a weekday in a year drawn by `yearWeight`, from `fromYear` up to the anchor. */
export function issueDate(rng: Rng, fromYear: number, yearWeight: (year: number) => number): string {
  const lastYear = yearOf(SEED_ANCHOR_DATE) - 1;
  const years: [number, number][] = [];
  for (let y = fromYear; y <= lastYear; y++) years.push([y, yearWeight(y)]);
  const year = rng.weighted(years);
  const start = `${year}-01-01`;
  return nextWeekday(addDays(start, rng.int(0, daysBetween(start, `${year}-12-28`))));
}

/** Recent years issue more paper (the market grew), and a demo wants most of its bonds alive. */
export function growingMarket(year: number): number {
  return Math.max(1, year - 2008) ** 3;
}

function monthsBetween(from: string, to: string): number {
  return (yearOf(to) - yearOf(from)) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7));
}

/** Maturity `years` (+ `extraMonths` months and `extraDays` days) after the issue date. */
export function maturityAfter(issue: string, years: number, extraMonths = 0, extraDays = 0): string {
  return addDays(addMonths(issue, years * 12 + extraMonths), extraDays);
}

/** Option dates every `everyMonths` months from `first` while before `end` (exclusive), all at `price`. */
export function optionSchedule(first: string, end: string | null, everyMonths: number, count: number, price = 100): Schedule[] {
  const out: Schedule[] = [];
  for (let i = 0; i < count; i++) {
    const date = addMonths(first, i * everyMonths);
    if (end !== null && date >= end) break;
    out.push({ date, price });
  }
  return out;
}

/**
 * Face value by issue date, following SEBI's cuts for privately placed debt: ₹10 lakh (and
 * ₹1 crore) before Oct 2022, ₹1 lakh after, ₹10,000 from July 2024.
 */
export function faceValueFor(rng: Rng, issue: string, large: boolean): number {
  const [tenThousand, lakh, tenLakh, crore] = FACE_VALUES;
  if (issue < '2022-10-27') {
    return rng.weighted([
      [tenLakh, large ? 55 : 80],
      [crore, large ? 40 : 10],
      [lakh, 7],
      [tenThousand, 3],
    ]);
  }
  if (issue < '2024-07-04')
    return rng.weighted([
      [lakh, 85],
      [tenLakh, 10],
      [crore, large ? 10 : 2],
    ]);
  return rng.weighted([
    [tenThousand, 55],
    [lakh, 40],
    [tenLakh, 5],
  ]);
}

/** SEBI's bond-year reading is the norm; a few issues document one of the other rules. */
export function leapRuleFor(rng: Rng): LeapRule {
  return rng.weighted([
    ['BONDYEAR', 90],
    ['AFB', 6],
    ['YEAREND', 4],
  ]);
}

/** Roman numerals for series labels ("SR XIV"). */
export function roman(n: number): string {
  const table: [number, string][] = [
    [100, 'C'],
    [90, 'XC'],
    [50, 'L'],
    [40, 'XL'],
    [10, 'X'],
    [9, 'IX'],
    [5, 'V'],
    [4, 'IV'],
    [1, 'I'],
  ];
  let rest = n;
  let out = '';
  for (const [value, letters] of table) {
    while (rest >= value) {
      out += letters;
      rest -= value;
    }
  }
  return out;
}
