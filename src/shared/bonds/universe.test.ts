// Pricing a generated universe (tests/bench/universe.ts) gives the same numbers, to the last bit, as
// the engine did before plans were built for whole universes: the digest below was taken from that
// engine (commit 6a4953d: priceFromYield and modifiedDuration over the same 30,000 bonds).
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateUniverse, UNIVERSE_SETTLEMENT as S } from '../../../tests/bench/universe.js';
import { BondTermsError, clearBondCache, modifiedDuration, priceFromYield, valueBonds } from './index.js';

const BEFORE_SHA256 = '0c92b2dba7a8339fd31122d1a9c62f342322c3f82c911121e1e538a49e56d1d9';
const BEFORE_SAMPLE: [number, number, number, number][] = [
  [0, 107.81139650368753, 0.7235555555555556, 1.7202317713346928],
  [1, 137.46594701440569, 3.3515342465753424, 8.45612168140938],
  [2, 115.02255119562639, 1.0925, 6.280325248457379],
  [29999, 91.32304527017668, 1.8180555555555555, 5.522320420542665],
];

/** (clean, accrued, modified duration) per bond, interleaved, as the digest was taken. */
function digest(values: Float64Array): string {
  return createHash('sha256').update(new Uint8Array(values.buffer)).digest('hex');
}

describe('universe valuation', () => {
  const { bonds, yields } = generateUniverse(30_000);

  it('valueBonds on 30,000 generated bonds equals the engine before, bit for bit', () => {
    clearBondCache();
    const out = {
      cleanPrice: new Float64Array(bonds.length),
      accruedInterest: new Float64Array(bonds.length),
      modifiedDuration: new Float64Array(bonds.length),
    };
    valueBonds(
      bonds.map((b) => ({ ...b })),
      S,
      yields,
      out,
    );
    const all = new Float64Array(3 * bonds.length);
    for (let i = 0; i < bonds.length; i++) {
      all[3 * i] = out.cleanPrice[i]!;
      all[3 * i + 1] = out.accruedInterest[i]!;
      all[3 * i + 2] = out.modifiedDuration[i]!;
    }
    for (const [i, clean, accrued, duration] of BEFORE_SAMPLE)
      expect([all[3 * i], all[3 * i + 1], all[3 * i + 2]]).toEqual([clean, accrued, duration]);
    expect(digest(all)).toBe(BEFORE_SHA256);
  });

  it('valueBonds equals priceFromYield and modifiedDuration bond by bond, with and without durations', () => {
    const some = bonds.slice(0, 3000);
    const lean = { cleanPrice: new Float64Array(some.length), accruedInterest: new Float64Array(some.length) };
    valueBonds(some, S, yields, lean);
    const full = {
      ...lean,
      cleanPrice: new Float64Array(some.length),
      accruedInterest: new Float64Array(some.length),
      modifiedDuration: new Float64Array(some.length),
    };
    valueBonds(some, S, yields, full);
    some.forEach((b, i) => {
      const p = priceFromYield(b, S, yields[i]!);
      expect([lean.cleanPrice[i], lean.accruedInterest[i]]).toEqual([p.cleanPrice, p.accruedInterest]);
      expect([full.cleanPrice[i], full.modifiedDuration![i]]).toEqual([p.cleanPrice, modifiedDuration(b, S, yields[i]!)]);
    });
  });

  it('values again a bond whose terms were changed in place or replaced in the array', () => {
    const some = bonds.slice(0, 10).map((b) => ({ ...b }));
    const value = () => {
      const out = { cleanPrice: new Float64Array(some.length), accruedInterest: new Float64Array(some.length) };
      valueBonds(some, S, yields, out);
      return out;
    };
    const before = value();
    some[3] = { ...some[3]!, couponRate: some[3]!.couponRate + 0.01 };
    some[5]!.maturity = bonds[6]!.maturity;
    const after = value();
    expect(after.cleanPrice[3]).toBeGreaterThan(before.cleanPrice[3]!);
    for (const i of [3, 5]) expect(after.cleanPrice[i]).toBe(priceFromYield({ ...some[i]! }, S, yields[i]!).cleanPrice);
    expect(after.cleanPrice[4]).toBe(before.cleanPrice[4]);
  });

  it('names the bad bond when one cannot be valued', () => {
    const out = { cleanPrice: new Float64Array(2), accruedInterest: new Float64Array(2) };
    const bad = [bonds[0]!, { convention: 'IN_GSEC', maturity: '2025-01-01', couponRate: 0.07, frequency: 2 } as const];
    expect(() => valueBonds(bad, S, yields, out)).toThrow(BondTermsError);
    expect(() => valueBonds(bad, S, yields, out)).toThrow(/^bond 1: settlement 2025-11-25 must be before maturity/);
  });
});
