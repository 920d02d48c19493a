import { describe, expect, it } from 'vitest';
import { isinCheckDigit, isValidIsin, makeIsin } from './isin.js';

// Real ISINs, each confirmed against its published check digit.
const REAL = [
  'INE002A01018', // Reliance Industries equity
  'INE062A08215', // State Bank of India bond
  'INE040A01034', // HDFC Bank equity
  'INE733E01010', // NTPC equity
  'IN0020230085', // 7.18% GS 2033
  'IN2920150165', // SDL-style (state code 29, 2015 series)
  'US0378331005', // Apple
  'GB0002634946', // BAE Systems
  'DE000BAY0017', // Bayer
  'AU0000XVGZA3', // letters in the body
];

describe('isinCheckDigit', () => {
  it('computes the published check digit of real ISINs', () => {
    for (const isin of REAL) expect(isinCheckDigit(isin.slice(0, 11)), isin).toBe(Number(isin[11]));
  });

  it('rejects input that is not 11 ISIN characters', () => {
    expect(() => isinCheckDigit('INE002A010')).toThrow();
    expect(() => isinCheckDigit('INE002A01018')).toThrow();
    expect(() => isinCheckDigit('ine002a0101')).toThrow();
    expect(() => isinCheckDigit('1NE002A0101')).toThrow();
  });
});

describe('isValidIsin', () => {
  it('accepts real ISINs', () => {
    for (const isin of REAL) expect(isValidIsin(isin), isin).toBe(true);
  });

  it('rejects a wrong check digit, a transposition, bad characters and bad lengths', () => {
    expect(isValidIsin('INE002A01019')).toBe(false);
    expect(isValidIsin('US0378331006')).toBe(false);
    expect(isValidIsin('IN0020230058')).toBe(false);
    expect(isValidIsin('INE002A0101')).toBe(false);
    expect(isValidIsin('INE002A010180')).toBe(false);
    expect(isValidIsin('ine002a01018')).toBe(false);
    expect(isValidIsin('INE002A0101X')).toBe(false);
    expect(isValidIsin('12E002A01018')).toBe(false);
    expect(isValidIsin('')).toBe(false);
  });
});

describe('makeIsin', () => {
  it('appends the check digit', () => {
    expect(makeIsin('INE', '002A0101')).toBe('INE002A01018');
    expect(makeIsin('IN00', '2023008')).toBe('IN0020230085');
  });

  it('refuses a prefix and body that are not 11 characters together', () => {
    expect(() => makeIsin('INE', '002A010')).toThrow();
  });
});
