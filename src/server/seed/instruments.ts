/** The instrument universe: how many of each kind, spread over the issuers, in a fixed order. */
import type { SecurityType } from '../../shared/instruments.js';
import { makeCorporateBond } from './corporateBonds.js';
import { GovernmentSerials, makeGsec, makeSdl } from './government.js';
import { createRng, type Rng } from './rng.js';
import { makeTbills } from './tbills.js';
import type { CorporateKind, SeedInstrument, SeedIssuer } from './types.js';
import { CorporateSerials, VARIANTS_BY_KIND, type BondVariant } from './variants.js';

export type SeedSize = 'full' | 'small';

/** Bonds per kind (T-bills: weekly auctions, three tenors each). `full` sums to ≈ 30,000. */
export const INSTRUMENT_PLAN: Readonly<Record<SeedSize, Readonly<Record<SecurityType, number>>>> = {
  full: { GSEC: 240, SDL: 4_200, TBILL: 104, PSU: 3_300, BANK: 1_500, NBFC: 9_800, HFC: 3_400, CORPORATE: 7_250 },
  small: { GSEC: 25, SDL: 45, TBILL: 5, PSU: 60, BANK: 45, NBFC: 110, HFC: 45, CORPORATE: 95 },
};

const CORPORATE_KINDS: readonly CorporateKind[] = ['PSU', 'BANK', 'NBFC', 'HFC', 'CORPORATE'];

/** Every instrument of the seed for `size`; only T-bills depend on `referenceDate`. */
export function buildInstruments(issuers: readonly SeedIssuer[], size: SeedSize, referenceDate: string): SeedInstrument[] {
  const plan = INSTRUMENT_PLAN[size];
  const goi = issuers.find((i) => i.kind === 'GSEC');
  if (!goi) throw new Error('The Government of India is missing from the issuers');
  const govSerials = new GovernmentSerials();
  const govNames = new Set<string>();
  const out: SeedInstrument[] = [];

  const gsecRng = createRng('gsec');
  for (let i = 0; i < plan.GSEC; i++) out.push(makeGsec(gsecRng, goi, govSerials, govNames));

  const states = issuers.filter((i) => i.kind === 'SDL');
  const stateCounts = allocate(states, plan.SDL, size, createRng('sdl-allocation'));
  let sdlIndex = 0;
  for (const state of states) {
    const rng = createRng(`sdl:${state.name}`);
    for (let i = 0; i < (stateCounts.get(state) ?? 0); i++, sdlIndex++) {
      // The first SDL always takes the 30E/360 variant so even the small seed covers it.
      out.push(makeSdl(rng, state, govSerials, govNames, sdlIndex === 0 || rng.chance(0.02)));
    }
  }

  out.push(...makeTbills(goi, referenceDate, plan.TBILL));

  const serials = new CorporateSerials();
  for (const kind of CORPORATE_KINDS) {
    const ofKind = issuers.filter((i) => i.kind === kind);
    const counts = allocate(ofKind, plan[kind], size, createRng(`allocation:${kind}`));
    const variants = VARIANTS_BY_KIND[kind];
    ofKind.forEach((issuer, index) => {
      const rng = createRng(`bonds:${issuer.name}`);
      // The kind's largest issuer (listed first) opens with one bond of every variant it can issue.
      const forced: BondVariant[] = index === 0 ? variants.map(([v]) => v) : [];
      for (let i = 0; i < (counts.get(issuer) ?? 0); i++) {
        let variant = forced[i] ?? rng.weighted(variants);
        if (variant === 'taxfree' && !issuer.taxFree) variant = 'plain';
        out.push(makeCorporateBond(rng, issuer, variant, serials));
      }
    });
  }
  return out;
}

/**
 * How many bonds each issuer gets. `full` gives everyone at least one and shares the rest by
 * weight (largest remainder); `small` draws by weight, so the big names dominate.
 */
function allocate(issuers: readonly SeedIssuer[], total: number, size: SeedSize, rng: Rng): Map<SeedIssuer, number> {
  const counts = new Map<SeedIssuer, number>();
  if (size === 'small') {
    const pairs = issuers.map((i) => [i, i.weight] as const);
    for (let n = 0; n < total; n++) {
      const issuer = rng.weighted(pairs);
      counts.set(issuer, (counts.get(issuer) ?? 0) + 1);
    }
    return counts;
  }
  const rest = total - issuers.length;
  if (rest < 0) throw new Error(`Fewer bonds (${total}) than issuers (${issuers.length})`);
  const weightSum = issuers.reduce((s, i) => s + i.weight, 0);
  const shares = issuers.map((issuer) => {
    const exact = (rest * issuer.weight) / weightSum;
    return { issuer, whole: Math.floor(exact), fraction: exact - Math.floor(exact) };
  });
  let left = rest - shares.reduce((s, x) => s + x.whole, 0);
  const byFraction = [...shares].sort((a, b) => b.fraction - a.fraction);
  for (const share of byFraction) {
    if (left-- <= 0) break;
    share.whole++;
  }
  for (const s of shares) counts.set(s.issuer, 1 + s.whole);
  return counts;
}
