// Calendar arithmetic under the engine: serials, month stepping, 30/360 variants, parsing.
import { describe, expect, it } from 'vitest';
import { addMonths, days30Bond, days30E, formatDate, fromYmd, isMonthEnd, packedYmd, parseDate } from './dates.js';
import { accrualFraction, holdsFeb29 } from './daycount.js';

const d = (s: string): number => parseDate(s, 'test');

describe('dates', () => {
  it('serials round-trip every day from 1900 to 2200 and match Date.UTC', () => {
    let mismatches = 0;
    for (let s = fromYmd(1900, 1, 1); s <= fromYmd(2200, 12, 31); s += 1) {
      const p = packedYmd(s);
      if (fromYmd(Math.floor(p / 10000), Math.floor(p / 100) % 100, p % 100) !== s) mismatches++;
    }
    expect(mismatches).toBe(0);
    expect(d('2024-02-29')).toBe(Date.UTC(2024, 1, 29) / 86_400_000);
    expect(formatDate(d('2063-11-06'))).toBe('2063-11-06');
  });
  it('steps months with the day clamped, or to month ends when asked', () => {
    expect(formatDate(addMonths(d('2030-08-31'), -6))).toBe('2030-02-28');
    expect(formatDate(addMonths(d('2030-08-31'), -78, 31))).toBe('2024-02-29');
    expect(formatDate(addMonths(d('2030-02-28'), -6, 28, true))).toBe('2029-08-31');
    expect(isMonthEnd(d('2024-02-29'))).toBe(true);
    expect(isMonthEnd(d('2023-02-28'))).toBe(true);
    expect(isMonthEnd(d('2024-02-28'))).toBe(false);
  });
  it('30/360 bond basis and 30E/360 differ only on the 31st rules', () => {
    expect(days30Bond(d('2024-01-15'), d('2024-03-31'))).toBe(76);
    expect(days30E(d('2024-01-15'), d('2024-03-31'))).toBe(75);
    expect(days30Bond(d('2024-01-30'), d('2024-03-31'))).toBe(60);
    expect(days30Bond(d('2024-01-31'), d('2024-07-31'))).toBe(180);
    expect(days30Bond(d('2024-02-29'), d('2024-08-31'))).toBe(182);
  });
  it('rejects malformed and impossible dates', () => {
    for (const bad of ['2024-2-01', '2024-02-30', '2023-02-29', '2024-00-10', '20240101', '', ' 2024-01-01']) {
      expect(() => parseDate(bad, 'x')).toThrow(/date/);
    }
  });
  it('SEBI year fractions: 29 Feb detection and bond-year lengths', () => {
    expect(holdsFeb29(d('2024-02-29'), d('2024-03-01'))).toBe(true);
    expect(holdsFeb29(d('2024-03-01'), d('2025-02-28'))).toBe(false);
    const m = d('2029-03-15');
    expect(accrualFraction(d('2023-09-15'), d('2024-03-15'), d('2024-03-15'), m, 'BONDYEAR')).toBeCloseTo(182 / 366, 15);
    // A long stub across a bond-year boundary is split at the anniversary.
    expect(accrualFraction(d('2023-01-10'), d('2023-09-15'), d('2023-09-15'), m, 'BONDYEAR')).toBeCloseTo(64 / 365 + 184 / 366, 15);
  });
});
