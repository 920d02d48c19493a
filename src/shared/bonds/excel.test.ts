// Excel-compatible functions against Microsoft's documented examples and engine cross-checks.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BondTermsError, excel, priceFromYield } from './index.js';

interface ExcelCase {
  fn: keyof typeof excel;
  args: unknown[];
  expected: number | string;
  tolerance?: number;
  derived?: boolean;
}

const file = new URL('../../../tests/vectors/excel-vectors.json', import.meta.url);
const { cases, excelOutputs } = JSON.parse(readFileSync(file, 'utf8')) as { cases: ExcelCase[]; excelOutputs: { cases: ExcelCase[] } };

function check(c: ExcelCase): void {
  const fn = excel[c.fn] as (...a: unknown[]) => number | string;
  const got = fn(...c.args);
  if (typeof c.expected === 'string') expect(got).toBe(c.expected);
  else expect(Math.abs((got as number) - c.expected)).toBeLessThanOrEqual(c.tolerance ?? 0);
}

describe('Excel documented examples', () => {
  it.each(cases.map((c) => [`${c.fn}(${c.args.join(', ')})`, c] as const))('%s', (_label, c) => check(c));
});

describe('Excel outputs for every basis (published Excel-generated test data)', () => {
  it.each(excelOutputs.cases.map((c) => [`${c.fn}(${c.args.join(', ')})`, c] as const))('%s', (_label, c) => check(c));
});

describe('Excel consistency', () => {
  const grid = ['2024-01-31', '2024-02-29', '2024-03-15', '2024-08-30', '2025-12-31'];
  const mats = ['2026-02-28', '2030-08-31', '2034-11-15', '2027-05-30'];
  it('COUPDAYBS + COUPDAYSNC = COUPDAYS on actual bases, and PCD < settlement ≤ ... < NCD', () => {
    for (const s of grid)
      for (const m of mats)
        for (const f of [1, 2, 4])
          for (const b of [1, 2, 3]) {
            const bs = excel.COUPDAYBS(s, m, f, b);
            const nc = excel.COUPDAYSNC(s, m, f, b);
            expect(excel.COUPPCD(s, m, f, b) <= s && s < excel.COUPNCD(s, m, f, b)).toBe(true);
            if (b === 1) expect(bs + nc).toBe(excel.COUPDAYS(s, m, f, b));
          }
  });
  it('applies the end-of-month rule to month-end maturities', () => {
    expect(excel.COUPPCD('2024-03-15', '2030-08-31', 2, 0)).toBe('2024-02-29');
    expect(excel.COUPNCD('2024-03-15', '2030-08-31', 2, 0)).toBe('2024-08-31');
    expect(excel.COUPNCD('2024-03-15', '2030-06-30', 4, 0)).toBe('2024-03-31');
  });
  it('YIELD inverts PRICE for every basis, including the simple final period', () => {
    for (const m of ['2024-09-15', '2034-11-15'])
      for (const b of [0, 1, 2, 3, 4])
        for (const y of [0.0001, 0.07, 0.6]) {
          const p = excel.PRICE('2024-05-10', m, 0.0718, y, 100, 2, b);
          expect(excel.YIELD('2024-05-10', m, 0.0718, p, 100, 2, b)).toBeCloseTo(y, 12);
        }
  });
  it('final period is simple discounting: one coupon left matches the closed form', () => {
    const p = excel.PRICE('2024-05-10', '2024-09-15', 0.08, 0.1, 100, 2, 0);
    const a = excel.COUPDAYBS('2024-05-10', '2024-09-15', 2, 0);
    expect(p).toBeCloseTo(104 / (1 + ((180 - a) / 180) * 0.05) - (4 * a) / 180, 12);
  });
  it('agrees with the IN_GSEC engine when more than one coupon remains (same (E−A)/E compounding)', () => {
    const terms = { convention: 'IN_GSEC', maturity: '2034-11-15', couponRate: 0.0718, frequency: 2 } as const;
    for (const s of ['2024-05-10', '2024-11-15', '2025-02-28', '2031-07-01']) {
      for (const y of [0.01, 0.0718, 0.2]) {
        expect(excel.PRICE(s, terms.maturity, 0.0718, y, 100, 2, 0)).toBeCloseTo(priceFromYield(terms, s, y).cleanPrice, 10);
      }
    }
  });
  it('MDURATION equals −(dP/dy)/P of the dirty price on compound periods', () => {
    const s = '2024-05-10';
    const m = '2034-11-15';
    const dirty = (y: number): number =>
      excel.PRICE(s, m, 0.08, y, 100, 2, 1) + excel.ACCRINT('2023-11-15', '2024-05-15', s, 0.08, 100, 2, 1);
    const h = 1e-5;
    const fd = -(dirty(0.09 + h) - dirty(0.09 - h)) / (2 * h) / dirty(0.09);
    expect(excel.MDURATION(s, m, 0.08, 0.09, 2, 1)).toBeCloseTo(fd, 6);
  });
  it('rejects Excel #NUM! inputs with typed errors', () => {
    const bad = [
      () => excel.PRICE('2024-05-10', '2024-05-10', 0.07, 0.07, 100, 2, 0),
      () => excel.PRICE('2024-05-10', '2030-05-10', 0.07, 0.07, 100, 3, 0),
      () => excel.PRICE('2024-05-10', '2030-05-10', 0.07, 0.07, 100, 2, 5),
      () => excel.PRICE('2024-05-10', '2030-05-10', -0.07, 0.07, 100, 2, 0),
      () => excel.YIELD('2024-05-10', '2030-05-10', 0.07, 0, 100, 2, 0),
      () => excel.YIELD('2024-05-10', '2030-05-10', 0.07, Number.NaN, 100, 2, 0),
      () => excel.COUPNCD('2024-02-30', '2030-05-10', 2, 0),
      () => excel.ACCRINT('2024-05-10', '2024-11-10', '2024-05-01', 0.07, 100, 2, 0),
      () => excel.ACCRINTM('2024-05-10', '2024-05-01', 0.07, 100, 0),
    ];
    for (const f of bad) expect(f).toThrow(BondTermsError);
  });
});
