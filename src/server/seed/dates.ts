/** Calendar arithmetic on 'YYYY-MM-DD' strings, free of time zones so none can shift a business date. */

import { addMonths as addSerialMonths, formatDate, fromYmd } from '../../shared/bonds/dates.js';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * The fixed date every instrument is generated around, so the seed is identical whatever day it
 * runs on; only T-bill auctions follow the caller's reference date (see tbills.ts).
 */
export const SEED_ANCHOR_DATE = '2026-01-01';

// Integer day serials from the bond engine's calendar: the seed does ~10⁶ date steps, and
// parsing through Date objects made that the slowest part of the whole seed.
const toDayNumber = (iso: string) => fromYmd(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)), Number(iso.slice(8, 10)));

/** The date `days` calendar days later (negative for earlier). */
export function addDays(iso: string, days: number): string {
  return formatDate(toDayNumber(iso) + days);
}

/** The same day `months` later, clamped to the month's length (31 Aug + 6 months = 28/29 Feb). */
export function addMonths(iso: string, months: number): string {
  return formatDate(addSerialMonths(toDayNumber(iso), months));
}

/** Day of week, 0 = Sunday … 6 = Saturday. */
export function weekday(iso: string): number {
  // Day 0 (1970-01-01) was a Thursday.
  return (((toDayNumber(iso) + 4) % 7) + 7) % 7;
}

/** True on Saturday and Sunday. */
export function isWeekend(iso: string): boolean {
  const w = weekday(iso);
  return w === 0 || w === 6;
}

/** The nearest weekday on or after `iso`. */
export function nextWeekday(iso: string): string {
  let d = iso;
  while (isWeekend(d)) d = addDays(d, 1);
  return d;
}

/** Whole days from `from` to `to`. */
export function daysBetween(from: string, to: string): number {
  return toDayNumber(to) - toDayNumber(from);
}

/** The calendar year of a date. */
export function yearOf(iso: string): number {
  return Number(iso.slice(0, 4));
}

/** '12-Mar-2027', the T-bill display style. */
export function formatDayMonYear(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}-${MONTHS[Number(m) - 1]}-${y}`;
}
