import { describe, expect, it } from 'vitest';
import {
  formatInr,
  formatPaise,
  formatPaiseIndian,
  paiseFromInr,
  paiseOf,
  parseIndianAmount,
  parseIndianRupees,
  parsePaise,
  roundTo,
} from './money.js';

describe('amounts in paise', () => {
  it('multiplies a 12-digit quantum by a per-100 figure exactly, half-up at the paisa', () => {
    expect(formatPaise(paiseOf(999_999_999_999, 101.2345, 4))).toBe('1012344999998.99');
    expect(formatPaise(paiseOf(100_000, 99.99995, 4))).toBe('100000.00');
    expect(formatPaise(paiseOf(5, 0.1, 4))).toBe('0.01'); // 0.005 rounds up
  });

  it('rounds per-100 figures half-up from their decimal expansion', () => {
    expect(roundTo(101.23455, 4)).toBe(101.2346);
    expect(roundTo(-0.00005, 4)).toBe(-0.0001);
  });

  it('reads and writes API amount strings without floats', () => {
    expect(paiseFromInr('1234.5')).toBe(123450n);
    expect(paiseFromInr('-12.00')).toBe(-1200n);
    expect(paiseFromInr('12.345')).toBeUndefined();
    expect(paiseFromInr('1,234.00')).toBeUndefined();
    expect(() => parsePaise('abc')).toThrow("Not an INR amount: 'abc'");
    expect(formatPaise(-5n)).toBe('-0.05');
  });

  it('shows amounts to people in Indian digit grouping with the rupee sign', () => {
    expect(formatPaiseIndian(50_000_000_00n)).toBe('5,00,00,000.00');
    expect(formatInr('150000000.5')).toBe('₹15,00,00,000.50');
    expect(formatInr('-1234.00')).toBe('-₹1,234.00');
    expect(formatInr(2_500_000)).toBe('₹25,00,000.00');
    expect(formatInr(null)).toBe('—');
  });
});

describe('amounts as desks type them', () => {
  it.each([
    ['1,50,00,000', 15_000_000],
    ['15,000,000', 15_000_000],
    ['150000', 150_000],
    ['₹ 1,00,000', 100_000],
    ['Rs. 25 cr', 250_000_000],
    ['Rs 25 cr', 250_000_000],
    ['2.5 Cr', 25_000_000],
    ['25CR', 250_000_000],
    ['10 crs', 100_000_000],
    ['25 crores', 250_000_000],
    ['50 lakh', 5_000_000],
    ['50 lacs', 5_000_000],
    ['75 lakhs', 7_500_000],
    ['5L', 500_000],
  ])('reads %s as ₹%d', (text, rupees) => {
    expect(parseIndianRupees(text)).toBe(rupees);
  });

  it('reads a bare number as crores where sizes are written that way', () => {
    expect(parseIndianRupees('50', { bare: 'crores' })).toBe(500_000_000);
    expect(parseIndianRupees('50')).toBe(50);
  });

  it('refuses what is not an amount, or not whole rupees', () => {
    for (const text of ['', 'abc', '1,5', '1,50,0000', '12 apples', '-5', '1e6', '1.5']) expect(parseIndianRupees(text)).toBeUndefined();
    expect(parseIndianAmount('1.5')).toBe(150n);
    expect(parseIndianAmount('1.505')).toBeUndefined();
  });
});

describe('INR amount strings', () => {
  it('reads amounts to the exact paisa', () => {
    expect(parsePaise('51851817.89')).toBe(5_185_181_789n);
    expect(parsePaise('1234.5')).toBe(123_450n);
    expect(parsePaise('15000')).toBe(1_500_000n);
    expect(parsePaise('-12.05')).toBe(-1_205n);
    expect(parsePaise('9999999999999999.99')).toBe(999_999_999_999_999_999n);
  });

  it('refuses what is not an amount in rupees and paise', () => {
    for (const bad of ['', '1.234', '1e3', '12,000.00', 'NaN', '.5']) expect(() => parsePaise(bad)).toThrow(/Not an INR amount/);
  });

  it('writes paise in Indian digit grouping', () => {
    expect(formatPaiseIndian(5_000_000_000n)).toBe('5,00,00,000.00');
    expect(formatPaiseIndian(5_185_181_789n)).toBe('5,18,51,817.89');
    expect(formatPaiseIndian(1_500_000n)).toBe('15,000.00');
    expect(formatPaiseIndian(5n)).toBe('0.05');
    expect(formatPaiseIndian(-1_205n)).toBe('-12.05');
  });
});
