/**
 * Credit ratings: one or two agencies per non-government issuer (sovereign and state paper is
 * not rated), plus instrument ratings for capital instruments, notched below the senior rating.
 */
import { RATING_AGENCIES, RATING_SCALE, type RatingAgency, type RatingOutlook } from '../../shared/instruments.js';
import { addDays, nextWeekday, SEED_ANCHOR_DATE } from './dates.js';
import { instrumentRationale, issuerRationale } from './rationale.js';
import { createRng } from './rng.js';
import type { Grade, SeedInstrument, SeedIssuer } from './types.js';

export interface SeedRating {
  issuerCode: string;
  /** Null for the issuer-level rating of its senior debt. */
  isin: string | null;
  agency: RatingAgency;
  rating: string;
  outlook: RatingOutlook;
  ratedOn: string;
  rationale: string;
}

// The big four rate most of the market; the smaller agencies mostly rate smaller issuers.
const AGENCY_WEIGHTS: Readonly<Record<RatingAgency, readonly [large: number, small: number]>> = {
  CRISIL: [32, 14],
  ICRA: [28, 14],
  CARE: [24, 20],
  'India Ratings': [16, 14],
  Acuité: [1, 16],
  Brickwork: [0.5, 11],
  Infomerics: [0.5, 11],
};

const NOTCHES = { TIER2: 1, SUBORDINATED: 1, AT1: 2 } as const;

/** Issuer-level ratings of every non-government issuer in `issuers`. */
export function buildIssuerRatings(issuers: readonly SeedIssuer[]): SeedRating[] {
  const out: SeedRating[] = [];
  for (const issuer of issuers) {
    if (issuer.isGovernment || issuer.grade === null) continue;
    const rng = createRng(`rating:${issuer.name}`);
    const large = issuer.grade.startsWith('AA');
    const pairs = RATING_AGENCIES.map((a) => [a, AGENCY_WEIGHTS[a][large ? 0 : 1]] as const);
    const first = rng.weighted(pairs);
    const agencies = rng.chance(0.55) ? [first, rng.weighted(pairs.filter(([a]) => a !== first))] : [first];
    agencies.forEach((agency, i) => {
      // Agencies sometimes disagree by a notch.
      const grade = i > 0 && rng.chance(0.2) ? notch(issuer.grade!, rng.pick([-1, 1])) : issuer.grade!;
      const outlook: RatingOutlook =
        grade === 'D'
          ? 'Negative'
          : rng.weighted([
              ['Stable', 80],
              ['Positive', 8],
              ['Negative', 6],
              ['Watch', 3],
              ['Developing', 3],
            ]);
      out.push({
        issuerCode: issuer.isinIssuerCode,
        isin: null,
        agency,
        rating: grade,
        outlook,
        ratedOn: nextWeekday(addDays(SEED_ANCHOR_DATE, -rng.int(10, 420))),
        rationale: issuerRationale(rng, issuer, agency, grade, outlook),
      });
    });
  }
  return out;
}

/** Instrument ratings of Tier 2, AT1 and subordinated bonds, by the issuer's first agency. */
export function buildInstrumentRatings(
  issuerRatings: readonly SeedRating[],
  issuers: readonly SeedIssuer[],
  instruments: readonly SeedInstrument[],
): SeedRating[] {
  const firstRating = new Map<string, SeedRating>();
  for (const r of issuerRatings) if (!firstRating.has(r.issuerCode)) firstRating.set(r.issuerCode, r);
  const byCode = new Map(issuers.map((i) => [i.isinIssuerCode, i]));
  const out: SeedRating[] = [];
  for (const bond of instruments) {
    if (bond.seniority === 'SENIOR') continue;
    const senior = firstRating.get(bond.issuerCode);
    const issuer = byCode.get(bond.issuerCode);
    if (!senior || !issuer) continue;
    const grade = notch(senior.rating as Grade, NOTCHES[bond.seniority]);
    // Assigned before the bond was issued, or at the issuer's latest review if that came later.
    const ratedOn = senior.ratedOn > bond.issueDate ? senior.ratedOn : nextWeekday(addDays(bond.issueDate, -7));
    out.push({
      issuerCode: bond.issuerCode,
      isin: bond.isin,
      agency: senior.agency,
      rating: grade,
      outlook: senior.outlook,
      ratedOn,
      rationale: instrumentRationale(senior.agency, issuer, bond.seniority, grade, senior.outlook),
    });
  }
  return out;
}

/** Moves a grade `by` notches down the scale (negative for up), staying on it. */
function notch(grade: Grade, by: number): Grade {
  if (grade === 'D') return grade;
  const scale = RATING_SCALE as readonly string[];
  const i = Math.min(scale.indexOf('C'), Math.max(0, scale.indexOf(grade) + by));
  return scale[i] as Grade;
}
