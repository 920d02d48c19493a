/**
 * The fair-value curve: a deterministic yield for a bond from its kind, rating and remaining tenor.
 * The trade-tape seed draws its trades around it, and a market quote falls back to it for a bond
 * that never traded, so both agree on where a bond "should" trade.
 */
import type { SecurityType } from '../../../shared/instruments.js';

/** Spread over the G-sec curve in basis points by long-term grade (AAA PSU paper: see below). */
const GRADE_SPREAD_BP: Readonly<Record<string, number>> = {
  AAA: 60,
  'AA+': 140,
  AA: 190,
  'AA-': 240,
  'A+': 300,
  A: 350,
  'A-': 420,
  'BBB+': 500,
  BBB: 600,
  'BBB-': 700,
  'BB+': 850,
  BB: 950,
  'BB-': 1050,
  B: 1250,
  C: 1600,
  D: 2500,
};
/** Unrated corporate paper trades like a weak single-A. */
const UNRATED_SPREAD_BP = 400;

/** G-sec par curve: ≈6.4 % at the short end rising to ≈7.1 % at 30 years. */
export function gsecYield(tenorYears: number): number {
  const t = Math.max(0, tenorYears);
  return 0.064 + 0.0071 * (1 - Math.exp(-t / 6));
}

export interface CurveInput {
  securityType: SecurityType;
  /** The bond's best long-term grade ('AA+'), or null when unrated. */
  grade: string | null;
  tenorYears: number;
}

/** Fair yield (annual fraction) for `input`. */
export function fairYield(input: CurveInput): number {
  const base = gsecYield(input.tenorYears);
  const tilt = Math.min(input.tenorYears, 10) / 10;
  switch (input.securityType) {
    case 'GSEC':
    case 'TBILL':
      return base;
    case 'SDL':
      return base + (0.003 + 0.002 * tilt);
    default: {
      // AAA PSUs sit 40–80 bp over G-secs (rising with tenor); other grades add the grade spread.
      const grade = input.grade ?? '';
      if (input.securityType === 'PSU' && grade === 'AAA') return base + (0.004 + 0.004 * tilt);
      const spread = GRADE_SPREAD_BP[grade] ?? UNRATED_SPREAD_BP;
      return base + (spread + 20 * tilt) / 10_000;
    }
  }
}

/** Years between two ISO dates (ACT/365), for tenor lookups. */
export function yearsBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / (365 * 86_400_000);
}
