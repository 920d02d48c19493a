// Price → yield → price round trips across the robustness ranges of the brief.
import { describe, expect, it } from 'vitest';
import { type BondTerms, type Convention, cleanPriceFromYield, yieldFromCleanPrice, yieldFromPrice } from './index.js';

const conventions: Convention[] = ['IN_GSEC', 'IN_GSEC_30E', 'IN_CORP'];
const maturities = ['2024-04-15', '2024-07-24', '2025-02-28', '2029-02-28', '2034-08-31', '2064-03-10'];
const settlements = ['2024-03-15', '2024-02-29', '2024-01-24', '2024-01-23', '2024-03-31'];
const yields = [-0.05, -0.01, 0, 0.0001, 0.0718, 0.25, 0.6, 1];

describe('round trips', () => {
  for (const convention of conventions) {
    it(`${convention}: yield → clean price → yield within 1e-10 (frequencies 1/2/4/12, coupons 0…15 %)`, () => {
      let checked = 0;
      for (const maturity of maturities)
        for (const frequency of [1, 2, 4, 12] as const)
          for (const couponRate of [0, 0.0526, 0.15]) {
            const terms: BondTerms = { convention, maturity, couponRate, frequency };
            for (const s of settlements)
              for (const y of yields) {
                const p = cleanPriceFromYield(terms, s, y);
                if (!(p > 0) || p > 1e6) continue;
                expect(Math.abs(yieldFromCleanPrice(terms, s, p) - y)).toBeLessThanOrEqual(1e-10);
                checked++;
              }
          }
      expect(checked).toBeGreaterThan(2000);
    });
    it(`${convention}: clean price → yield → clean price within 1e-9 for prices 0.5…250`, () => {
      for (const maturity of maturities)
        for (const frequency of [1, 2, 12] as const) {
          const terms: BondTerms = { convention, maturity, couponRate: 0.0718, frequency };
          for (const s of settlements)
            for (const price of [0.5, 5, 60, 99.99, 100, 101.25, 180, 250]) {
              const y = yieldFromCleanPrice(terms, s, price);
              expect(Number.isFinite(y)).toBe(true);
              // Near −100 % (price 250 two weeks before maturity) a double cannot hold 1 + y to better
              // than ~1e-6 relative, so only the sane range gets the 1e-9 bound.
              const tol = y > -0.9 ? 1e-9 * Math.max(1, price / 100) : 1e-5 * price;
              expect(Math.abs(cleanPriceFromYield(terms, s, y) - price)).toBeLessThanOrEqual(tol);
            }
        }
    });
  }
  it('yieldFromPrice reports the quoted price and the solved yield', () => {
    const terms: BondTerms = { convention: 'IN_CORP', maturity: '2034-09-26', couponRate: 0.0779, frequency: 1 };
    const r = yieldFromPrice(terms, '2024-11-04', 98.5);
    expect(r.cleanPrice).toBe(98.5);
    expect(r.dirtyPrice).toBeCloseTo(98.5 + r.accruedInterest, 12);
    expect(cleanPriceFromYield(terms, '2024-11-04', r.yield)).toBeCloseTo(98.5, 10);
  });
  it('solves long-first-coupon and call-date bonds to 1e-10', () => {
    const terms: BondTerms[] = [
      {
        convention: 'IN_CORP',
        maturity: '2031-06-30',
        couponRate: 0.09,
        frequency: 4,
        issueDate: '2024-01-05',
        firstCouponDate: '2024-06-30',
      },
      {
        convention: 'IN_GSEC',
        maturity: '2031-06-30',
        couponRate: 0.09,
        frequency: 2,
        issueDate: '2023-10-05',
        firstCouponDate: '2024-06-30',
      },
      { convention: 'IN_CORP', maturity: '2039-06-30', couponRate: 0.09, frequency: 2, callDate: '2029-06-30', callPrice: 102 },
    ];
    for (const t of terms)
      for (const y of [-0.05, 0.07, 1]) {
        const p = cleanPriceFromYield(t, '2024-02-29', y);
        expect(Math.abs(yieldFromCleanPrice(t, '2024-02-29', p) - y)).toBeLessThanOrEqual(1e-10);
      }
  });
  it('stays robust when consecutive solves on one bond jump between extreme prices (warm start)', () => {
    let seed = 7;
    const rnd = (): number => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const conventions2: Convention[] = ['IN_GSEC', 'IN_GSEC_30E', 'IN_CORP'];
    for (let b = 0; b < 300; b++) {
      const pad = (x: number): string => String(x).padStart(2, '0');
      const terms: BondTerms = {
        convention: conventions2[b % 3]!,
        maturity: `${2025 + Math.floor(rnd() * 40)}-${pad(1 + Math.floor(rnd() * 12))}-${pad(1 + Math.floor(rnd() * 28))}`,
        couponRate: Math.round(rnd() * 1500) / 1e4,
        frequency: ([1, 2, 4, 12] as const)[Math.floor(rnd() * 4)]!,
      };
      const s = `2024-${pad(1 + Math.floor(rnd() * 12))}-${pad(1 + Math.floor(rnd() * 28))}`;
      for (const price of [0.5, 250, 3, 180, 99.5, 0.8, 245]) {
        const y = yieldFromCleanPrice(terms, s, price);
        if (y > -0.9) expect(Math.abs(cleanPriceFromYield(terms, s, y) - price)).toBeLessThanOrEqual(1e-9 * Math.max(1, price / 100));
      }
    }
  });
});
