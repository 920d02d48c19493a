/**
 * A generated bond universe for the universe benchmark and its bit-identity test: G-secs
 * (semi-annual) and corporates (frequencies 1/2/4/12, every leap rule, some with an issue date and
 * a short or long first coupon, some callable), maturities up to 30 years after the settlement.
 */
import { addMonths, formatDate, fromYmd } from '../../src/shared/bonds/dates.js';
import type { BondTerms, Frequency, LeapRule } from '../../src/shared/bonds/index.js';

export const UNIVERSE_SETTLEMENT = '2025-11-25';

/** `count` bonds and a yield for each; the same seed gives the same universe. */
export function generateUniverse(count: number, seed = 7): { bonds: BondTerms[]; yields: Float64Array } {
  let state = seed >>> 0;
  const rand = (): number => {
    // mulberry32: small, fast, good enough to spread terms.
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const s = fromYmd(2025, 11, 25);
  const bonds: BondTerms[] = [];
  const yields = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const gsec = rand() < 0.4;
    const frequency: Frequency = gsec ? 2 : pick([1, 2, 4, 12] as const);
    const maturity = s + 30 + Math.floor(rand() * 30 * 365);
    const couponRate = Math.round(500 + rand() * 700) / 1e4;
    const terms: BondTerms = gsec
      ? { convention: rand() < 0.9 ? 'IN_GSEC' : 'IN_GSEC_30E', maturity: formatDate(maturity), couponRate, frequency }
      : {
          convention: 'IN_CORP',
          maturity: formatDate(maturity),
          couponRate,
          frequency,
          leapRule: pick<LeapRule>(['BONDYEAR', 'BONDYEAR', 'AFB', 'YEAREND']),
        };
    const step = 12 / frequency;
    const r = rand();
    if (!gsec && r < 0.15) {
      // Recently issued with an odd first coupon: the first coupon is the grid date after settlement.
      let k = 0;
      while (addMonths(maturity, -(k + 1) * step) > s) k++;
      const first = addMonths(maturity, -k * step);
      const periods = rand() < 0.5 ? 1 : 2;
      const issue = addMonths(first, -periods * step) + 1 + Math.floor(rand() * 20);
      if (issue < s && first < maturity) Object.assign(terms, { issueDate: formatDate(issue), firstCouponDate: formatDate(first) });
    } else if (!gsec && r < 0.25 && maturity - s > 3 * 365) {
      terms.callDate = formatDate(addMonths(maturity, -12 * (1 + Math.floor(rand() * 2))));
      terms.callPrice = pick([100, 101, 102]);
    }
    bonds.push(terms);
    yields[i] = 0.05 + rand() * 0.06;
  }
  return { bonds, yields };
}

/** Fresh copies of the terms (new objects), so a run starts with no cached plan for any of them. */
export function copies(bonds: readonly BondTerms[]): BondTerms[] {
  return bonds.map((b) => ({ ...b }));
}
