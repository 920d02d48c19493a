// Every bad input throws a BondTermsError with a code and a clear message — never a silent NaN.
import { describe, expect, it } from 'vitest';
import { type BondTerms, BondTermsError, cleanPriceFromYield, priceFromYield, yieldFromCleanPrice } from './index.js';

const ok: BondTerms = { convention: 'IN_GSEC', maturity: '2033-07-24', couponRate: 0.0718, frequency: 2 };
const S = '2024-03-15';

function codeOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(BondTermsError);
    expect((e as Error).message.length).toBeGreaterThan(10);
    return (e as BondTermsError).code;
  }
  return 'NO ERROR';
}

const bad = (patch: Record<string, unknown>): BondTerms => ({ ...ok, ...patch }) as BondTerms;

describe('bad terms', () => {
  it.each([
    ['maturity before settlement', bad({ maturity: '2024-01-01' }), S, 'MATURED'],
    ['maturity at settlement', bad({ maturity: S }), S, 'MATURED'],
    ['unknown frequency', bad({ frequency: 3 }), S, 'BAD_FREQUENCY'],
    ['frequency as a string', bad({ frequency: '2' }), S, 'BAD_FREQUENCY'],
    ['unknown convention', bad({ convention: 'US_TSY' }), S, 'BAD_CONVENTION'],
    ['NaN coupon', bad({ couponRate: Number.NaN }), S, 'BAD_NUMBER'],
    ['Infinity coupon', bad({ couponRate: Number.POSITIVE_INFINITY }), S, 'BAD_NUMBER'],
    ['negative coupon', bad({ couponRate: -0.01 }), S, 'BAD_TERMS'],
    ['coupon in percent', bad({ couponRate: 7.18 }), S, 'BAD_TERMS'],
    ['NaN redemption', bad({ redemption: Number.NaN }), S, 'BAD_NUMBER'],
    ['zero redemption', bad({ redemption: 0 }), S, 'BAD_TERMS'],
    ['malformed maturity', bad({ maturity: '24-07-2033' }), S, 'BAD_DATE'],
    ['impossible maturity', bad({ maturity: '2033-02-29' }), S, 'BAD_DATE'],
    ['maturity not a string', bad({ maturity: 20330724 }), S, 'BAD_DATE'],
    ['malformed settlement', ok, '2024-3-15', 'BAD_DATE'],
    ['impossible settlement', ok, '2024-13-01', 'BAD_DATE'],
    ['issue after maturity', bad({ issueDate: '2034-01-01' }), S, 'BAD_TERMS'],
    ['settlement before issue', bad({ issueDate: '2024-06-01' }), S, 'BEFORE_ISSUE'],
    ['first coupon before issue', bad({ issueDate: '2023-06-01', firstCouponDate: '2023-05-01' }), S, 'BAD_TERMS'],
    ['call after maturity', bad({ callDate: '2034-01-01' }), S, 'BAD_TERMS'],
    ['call already passed', bad({ callDate: '2024-01-24' }), S, 'CALL_PASSED'],
    ['callPrice without callDate', bad({ callPrice: 101 }), S, 'BAD_TERMS'],
    ['NaN callPrice', bad({ callDate: '2030-01-24', callPrice: Number.NaN }), S, 'BAD_NUMBER'],
    ['leapRule on a G-sec', bad({ leapRule: 'AFB' }), S, 'BAD_TERMS'],
    ['unknown leapRule', bad({ convention: 'IN_CORP', leapRule: 'ISDA' }), S, 'BAD_TERMS'],
    ['terms not an object', null as unknown as BondTerms, S, 'BAD_TERMS'],
  ])('%s', (_name, terms, settlement, code) => {
    expect(codeOf(() => priceFromYield(terms, settlement, 0.07))).toBe(code);
    expect(codeOf(() => cleanPriceFromYield(terms, settlement, 0.07))).toBe(code);
    expect(codeOf(() => yieldFromCleanPrice(terms, settlement, 100))).toBe(code);
  });
});

describe('bad prices and yields', () => {
  it.each([
    ['price 0', () => yieldFromCleanPrice(ok, S, 0), 'BAD_PRICE'],
    ['negative price', () => yieldFromCleanPrice(ok, S, -5), 'BAD_PRICE'],
    ['NaN price', () => yieldFromCleanPrice(ok, S, Number.NaN), 'BAD_PRICE'],
    ['Infinity price', () => yieldFromCleanPrice(ok, S, Number.POSITIVE_INFINITY), 'BAD_PRICE'],
    ['NaN yield', () => cleanPriceFromYield(ok, S, Number.NaN), 'BAD_YIELD'],
    ['Infinity yield', () => priceFromYield(ok, S, Number.NEGATIVE_INFINITY), 'BAD_YIELD'],
    ['G-sec yield at −200 %', () => cleanPriceFromYield(ok, S, -2), 'BAD_YIELD'],
    ['corporate yield at −100 %', () => cleanPriceFromYield({ ...ok, convention: 'IN_CORP' }, S, -1), 'BAD_YIELD'],
  ])('%s', (_name, f, code) => {
    expect(codeOf(f)).toBe(code);
  });
  it('a bad call after a good one with the same terms object still throws (cache does not mask input checks)', () => {
    expect(cleanPriceFromYield(ok, S, 0.07)).toBeGreaterThan(0);
    expect(codeOf(() => cleanPriceFromYield(ok, S, Number.NaN))).toBe('BAD_YIELD');
    expect(codeOf(() => cleanPriceFromYield(ok, '2099-01-01', 0.07))).toBe('MATURED');
  });
});
