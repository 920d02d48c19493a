/** Instrument vocabulary shared by the schema, the seed, the finder and the bond math. */

/** Kinds of bond the finder filters on (spec 01 §7 `securityType`). */
export const SECURITY_TYPES = ['GSEC', 'SDL', 'TBILL', 'PSU', 'BANK', 'NBFC', 'HFC', 'CORPORATE'] as const;
export type SecurityType = (typeof SECURITY_TYPES)[number];

export const SECURITY_TYPE_LABELS: Record<SecurityType, string> = {
  GSEC: 'G-Sec',
  SDL: 'SDL',
  TBILL: 'T-Bill',
  PSU: 'PSU',
  BANK: 'Bank',
  NBFC: 'NBFC',
  HFC: 'HFC',
  CORPORATE: 'Corporate',
};

/** Price/yield conventions (DESIGN §5). */
export const CONVENTIONS = ['IN_GSEC', 'IN_GSEC_30E', 'IN_CORP'] as const;
export type Convention = (typeof CONVENTIONS)[number];

export const DAY_COUNTS = ['30/360', '30E/360', 'ACT/ACT', 'ACT/365'] as const;
export type DayCount = (typeof DAY_COUNTS)[number];

export const LEAP_RULES = ['BONDYEAR', 'AFB', 'YEAREND'] as const;
export type LeapRule = (typeof LEAP_RULES)[number];

export const SENIORITIES = ['SENIOR', 'SUBORDINATED', 'TIER2', 'AT1'] as const;
export type Seniority = (typeof SENIORITIES)[number];

export const COUPON_FREQUENCIES = [1, 2, 4, 12] as const;

export const RATING_AGENCIES = ['CRISIL', 'ICRA', 'CARE', 'India Ratings', 'Acuité', 'Brickwork', 'Infomerics'] as const;
export type RatingAgency = (typeof RATING_AGENCIES)[number];

export const RATING_OUTLOOKS = ['Stable', 'Positive', 'Negative', 'Developing', 'Watch'] as const;
export type RatingOutlook = (typeof RATING_OUTLOOKS)[number];

/** Long-term rating scale, best first; sovereign paper is rated SOV. */
export const RATING_SCALE = ['AAA', 'AA+', 'AA', 'AA-', 'A+', 'A', 'A-', 'BBB+', 'BBB', 'BBB-', 'BB+', 'BB', 'BB-', 'B', 'C', 'D'] as const;
export const SOVEREIGN_RATING = 'SOV';

/** Face values of one corporate bond in rupees: ₹10,000, ₹1 lakh, ₹10 lakh, ₹1 crore. */
export const FACE_VALUES = [10_000, 100_000, 1_000_000, 10_000_000] as const;
/** Government securities (G-sec, SDL, T-bill) trade in units of ₹100 face. */
export const GOVERNMENT_FACE_VALUE = 100;
