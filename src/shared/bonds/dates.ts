/**
 * Dates as integer day serials (days since 1970-01-01, UTC-free civil calendar).
 * Integers keep the hot paths free of Date objects and strings; ISO strings only at the edges.
 */
import { BondTermsError } from './errors.js';

/** True for Gregorian leap years. */
export function isLeap(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

/** Days in month `m` (1-12) of year `y`. */
export function daysInMonth(y: number, m: number): number {
  if (m === 2) return isLeap(y) ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

/** Serial of a civil date (Hinnant's days_from_civil: exact for any Gregorian date). */
export function fromYmd(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const mp = (m + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** Packs a serial into y*10000 + m*100 + d, so callers split it without allocating. */
export function packedYmd(serial: number): number {
  const z = serial + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return y * 10000 + m * 100 + d;
}

/** Year of a serial. */
export function yearOf(serial: number): number {
  return Math.floor(packedYmd(serial) / 10000);
}

/** Month (1-12) of a serial. */
export function monthOf(serial: number): number {
  return Math.floor(packedYmd(serial) / 100) % 100;
}

/** Day of month of a serial. */
export function dayOf(serial: number): number {
  return packedYmd(serial) % 100;
}

/** The number of the `count` ASCII digits at `from`, or −1 if any is not a digit. */
function digitsAt(text: string, from: number, count: number): number {
  let value = 0;
  for (let i = from; i < from + count; i++) {
    const c = text.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    value = value * 10 + c;
  }
  return value;
}

/**
 * Parses a strict 'YYYY-MM-DD' into a serial; throws BAD_DATE on anything else. Read char by char
 * rather than with a regular expression: a universe of plans parses several dates per bond, and the
 * match arrays and substrings were most of that cost.
 */
export function parseDate(text: unknown, what: string): number {
  const wellFormed = typeof text === 'string' && text.length === 10 && text.charCodeAt(4) === 45 && text.charCodeAt(7) === 45;
  const y = wellFormed ? digitsAt(text, 0, 4) : -1;
  const mo = wellFormed ? digitsAt(text, 5, 2) : -1;
  const d = wellFormed ? digitsAt(text, 8, 2) : -1;
  if (y < 0 || mo < 0 || d < 0) throw new BondTermsError('BAD_DATE', `${what} must be a date 'YYYY-MM-DD', got ${JSON.stringify(text)}`);
  if (y < 1900 || y > 2200 || mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) {
    throw new BondTermsError('BAD_DATE', `${what} is not a valid calendar date: '${String(text)}'`);
  }
  return fromYmd(y, mo, d);
}

/** Formats a serial as 'YYYY-MM-DD'. */
export function formatDate(serial: number): string {
  const p = packedYmd(serial);
  const y = Math.floor(p / 10000);
  const m = Math.floor(p / 100) % 100;
  const d = p % 100;
  return `${y}-${m < 10 ? '0' : ''}${m}-${d < 10 ? '0' : ''}${d}`;
}

/** True when the serial is the last day of its month. */
export function isMonthEnd(serial: number): boolean {
  const p = packedYmd(serial);
  return p % 100 === daysInMonth(Math.floor(p / 10000), Math.floor(p / 100) % 100);
}

/**
 * Moves `serial` by `months`, putting the result on `day` (default: the source day) clamped to the
 * month length; with `monthEnd` the result is the month's last day (Excel's end-of-month rule).
 */
export function addMonths(serial: number, months: number, day?: number, monthEnd = false): number {
  const p = packedYmd(serial);
  const total = Math.floor(p / 10000) * 12 + (Math.floor(p / 100) % 100) - 1 + months;
  const y = Math.floor(total / 12);
  const m = total - y * 12 + 1;
  const dim = daysInMonth(y, m);
  const want = monthEnd ? dim : (day ?? p % 100);
  return fromYmd(y, m, want > dim ? dim : want);
}

// Serials of the first day of every month from 1890 to 2210: a coupon grid date is then one table
// read and a clamp instead of a civil-date conversion (plans for a whole universe walk millions).
const TABLE_FIRST_YEAR = 1890;
const TABLE_MONTHS = (2211 - TABLE_FIRST_YEAR) * 12;
const monthStarts = new Int32Array(TABLE_MONTHS + 1);
for (let i = 0; i <= TABLE_MONTHS; i++) monthStarts[i] = fromYmd(TABLE_FIRST_YEAR + Math.floor(i / 12), (i % 12) + 1, 1);

/** Month index of a serial for `monthDate`: months since January 1890. */
export function monthIndexOf(serial: number): number {
  const p = packedYmd(serial);
  return (Math.floor(p / 10000) - TABLE_FIRST_YEAR) * 12 + (Math.floor(p / 100) % 100) - 1;
}

/** The date on `day` (clamped to the month's length) of month `index`: addMonths without conversions. */
export function monthDate(index: number, day: number): number {
  if (index < 0 || index >= TABLE_MONTHS) {
    const y = TABLE_FIRST_YEAR + Math.floor(index / 12);
    const m = index - 12 * Math.floor(index / 12) + 1;
    const dim = daysInMonth(y, m);
    return fromYmd(y, m, day > dim ? dim : day);
  }
  const start = monthStarts[index]!;
  const length = monthStarts[index + 1]! - start;
  return start + (day > length ? length : day) - 1;
}

/** 30/360 bond basis (ISDA 2006 4.16(f)): D1=31→30; D2=31 and D1≥30 → 30. */
export function days30Bond(a: number, b: number): number {
  const pa = packedYmd(a);
  const pb = packedYmd(b);
  let d1 = pa % 100;
  let d2 = pb % 100;
  if (d1 === 31) d1 = 30;
  if (d2 === 31 && d1 === 30) d2 = 30;
  return diff360(pa, pb, d1, d2);
}

/** 30E/360 (Eurobond basis): any 31st becomes 30. */
export function days30E(a: number, b: number): number {
  const pa = packedYmd(a);
  const pb = packedYmd(b);
  const d1 = pa % 100 === 31 ? 30 : pa % 100;
  const d2 = pb % 100 === 31 ? 30 : pb % 100;
  return diff360(pa, pb, d1, d2);
}

/** 360-day difference of two packed dates after their days were adjusted by the caller. */
export function diff360(pa: number, pb: number, d1: number, d2: number): number {
  const y1 = Math.floor(pa / 10000);
  const y2 = Math.floor(pb / 10000);
  const m1 = Math.floor(pa / 100) % 100;
  const m2 = Math.floor(pb / 100) % 100;
  return 360 * (y2 - y1) + 30 * (m2 - m1) + (d2 - d1);
}
