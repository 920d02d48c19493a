/**
 * SEBI Actual/Actual year fractions for corporate bonds, with the three leap-year readings.
 * Every rule splits time into year-long segments counted back from an anchor and divides the
 * days in each segment by that segment's length (365, or 366 when it holds 29 Feb), which is
 * exactly "actual days over the length of the year containing them".
 */
import { addMonths, dayOf, fromYmd, isLeap, monthOf, yearOf } from './dates.js';
import type { LeapRule } from './types.js';

/** The anniversary `i` years before `anchor`, clamped to month length (29 Feb → 28 Feb). */
function anniversary(anchor: number, anchorDay: number, i: number): number {
  return i === 0 ? anchor : addMonths(anchor, -12 * i, anchorDay);
}

/** True when 29 February falls on an accrual day in [a, b). */
export function holdsFeb29(a: number, b: number): boolean {
  const y1 = yearOf(a);
  const y2 = yearOf(b);
  for (let y = y1; y <= y2; y++) {
    if (!isLeap(y)) continue;
    const f = fromYmd(y, 2, 29);
    if (f >= a && f < b) return true;
  }
  return false;
}

/**
 * Year fraction of the days [start, upTo) inside the accrual period [start, end), for the leap rule.
 * BONDYEAR anchors the years on maturity; AFB anchors them on the period end and divides a leading
 * part-year by 366 only when that part-year itself holds 29 Feb. YEAREND names one year, the one
 * ending on the period end, so every day of the period takes its length — also the days of a long
 * first period that lie before that year began.
 */
export function accrualFraction(start: number, upTo: number, end: number, maturity: number, rule: LeapRule): number {
  if (upTo <= start) return 0;
  if (rule === 'YEAREND') return (upTo - start) / (end - anniversary(end, dayOf(end), 1));
  const anchor = rule === 'BONDYEAR' ? maturity : end;
  // AFB, as QuantLib's ActualActual(AFB): a year back from 28 Feb is 29 Feb in a leap year, so an
  // annual period from 29 Feb to 28 Feb is one whole year, not 365/366.
  const anchorDay = rule === 'AFB' && monthOf(anchor) === 2 && dayOf(anchor) === 28 ? 29 : dayOf(anchor);
  // Jump close to the year that holds `start`: a year never exceeds 366 days.
  let i = Math.max(0, Math.floor((anchor - start) / 366) - 1);
  while (anniversary(anchor, anchorDay, i + 1) > start) i++;
  let sum = 0;
  let cur = start;
  while (cur < upTo) {
    const segStart = anniversary(anchor, anchorDay, i + 1);
    const segEnd = anniversary(anchor, anchorDay, i);
    const stop = segEnd < upTo ? segEnd : upTo;
    let den = segEnd - segStart;
    if (rule === 'AFB' && segStart < start) den = holdsFeb29(start, segEnd) ? 366 : 365;
    sum += (stop - cur) / den;
    cur = stop;
    i--;
    // Past the anchor (only BONDYEAR with a period beyond maturity, which validation forbids).
    if (i < 0 && cur < upTo) return sum + (upTo - cur) / 365;
  }
  return sum;
}
