import { describe, expect, it } from 'vitest';
import { formatPaiseIndian, parsePaise } from './amounts.js';

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
