/** Coupon levels: by kind and grade, moved by the rate cycle of the issue year. */
import type { Rng } from './rng.js';
import type { CorporateKind, Grade } from './types.js';

// Average 10-year G-sec yield (%) by calendar year: the cycle every coupon follows.
const GSEC_10Y: Readonly<Record<number, number>> = {
  2000: 10.9,
  2001: 9.4,
  2002: 7.4,
  2003: 5.7,
  2004: 5.2,
  2005: 7.0,
  2006: 7.5,
  2007: 7.9,
  2008: 7.6,
  2009: 7.2,
  2010: 7.8,
  2011: 8.4,
  2012: 8.2,
  2013: 8.4,
  2014: 8.6,
  2015: 7.8,
  2016: 7.0,
  2017: 6.7,
  2018: 7.7,
  2019: 7.0,
  2020: 6.0,
  2021: 6.2,
  2022: 7.3,
  2023: 7.2,
  2024: 7.0,
  2025: 6.4,
  2026: 6.4,
};

/** Where a year sat in the rate cycle: 0 at the 2020 lows, 1 at the 2014 highs. */
function rateLevel(year: number): number {
  const y = GSEC_10Y[year] ?? 7.2;
  return Math.min(1, Math.max(0, (y - 5.8) / (8.6 - 5.8)));
}

/** Coupon ranges (% a year) of senior debt by grade, before the kind's spread. */
const GRADE_RANGES: Readonly<Record<Grade, readonly [number, number]>> = {
  AAA: [7.0, 7.9],
  'AA+': [7.5, 8.6],
  AA: [8.0, 10.0],
  'AA-': [8.6, 10.4],
  'A+': [9.0, 10.8],
  A: [9.5, 11.2],
  'A-': [10.0, 11.6],
  'BBB+': [10.5, 12.2],
  BBB: [11.0, 12.8],
  'BBB-': [11.5, 13.5],
  'BB+': [12.0, 14.0],
  BB: [12.5, 14.5],
  'BB-': [13.0, 15.0],
  B: [13.5, 15.5],
  C: [14.0, 16.0],
  D: [10.0, 14.0],
};

// NBFCs pay the most for the same grade, then HFCs and corporates; PSUs and banks the least.
const KIND_SPREAD: Readonly<Record<CorporateKind, number>> = { PSU: 0, BANK: 0, HFC: 0.2, CORPORATE: 0.2, NBFC: 0.5 };

/** Extra spread (%) by seniority: investors want more for loss-absorbing paper. */
export const SENIORITY_SPREAD = { SENIOR: 0, SUBORDINATED: 0.6, TIER2: 0.35, AT1: 0.9 } as const;

/** Picks a coupon (%) in [lo, hi], mostly following the year's rate level. */
export function couponIn(rng: Rng, lo: number, hi: number, year: number, step = 0.01): number {
  const mix = 0.65 * rateLevel(year) + 0.35 * rng.next();
  return roundTo(lo + (hi - lo) * mix, step);
}

/** A corporate coupon (%) for the issuer's grade, kind and the bond's seniority. */
export function corporateCoupon(rng: Rng, kind: CorporateKind, grade: Grade, year: number, extra = 0): number {
  const [lo, hi] = GRADE_RANGES[grade];
  const spread = KIND_SPREAD[kind] + extra;
  // Round-ish coupons (8.10, 8.25) are the norm for corporate paper; odd hundredths less so.
  return couponIn(rng, lo + spread, hi + spread, year, rng.chance(0.6) ? 0.05 : 0.01);
}

/** The numeric column's text for a coupon in percent: 7.18 → '0.071800'. */
export function rateText(percent: number): string {
  return (Math.round(percent * 10_000) / 1_000_000).toFixed(6);
}

/** '7.18', '8.10', '7.5' → always two decimals, as display names show them. */
export function percentText(percent: number): string {
  return percent.toFixed(2);
}

function roundTo(value: number, step: number): number {
  return Math.round(Math.round(value / step) * step * 100) / 100;
}
