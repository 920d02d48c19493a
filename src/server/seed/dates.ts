/** Calendar arithmetic on 'YYYY-MM-DD' strings, free of time zones so none can shift a business date. */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * The fixed date every instrument is generated around, so the seed is identical whatever day it
 * runs on; only T-bill auctions follow the caller's reference date (see tbills.ts).
 */
export const SEED_ANCHOR_DATE = '2026-01-01';

// Integer civil-calendar arithmetic (H. Hinnant's days-from-civil): the seed does ~10⁶ date
// steps, and parsing through Date objects made that the slowest part of the whole seed.
function toDayNumber(iso: string): number {
  let y = Number(iso.slice(0, 4));
  const m = Number(iso.slice(5, 7));
  const d = Number(iso.slice(8, 10));
  y -= m <= 2 ? 1 : 0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

function fromDayNumber(n: number): string {
  const z = n + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return ymd(yoe + era * 400 + (m <= 2 ? 1 : 0), m, d);
}

function ymd(y: number, m: number, d: number): string {
  return `${y}-${m < 10 ? '0' : ''}${m}-${d < 10 ? '0' : ''}${d}`;
}

function daysInMonth(y: number, m: number): number {
  if (m === 2) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

/** The date `days` calendar days later (negative for earlier). */
export function addDays(iso: string, days: number): string {
  return fromDayNumber(toDayNumber(iso) + days);
}

/** The same day `months` later, clamped to the month's length (31 Aug + 6 months = 28/29 Feb). */
export function addMonths(iso: string, months: number): string {
  const total = Number(iso.slice(0, 4)) * 12 + Number(iso.slice(5, 7)) - 1 + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12 + 1;
  return ymd(year, month, Math.min(Number(iso.slice(8, 10)), daysInMonth(year, month)));
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
