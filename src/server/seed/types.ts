/** Shapes shared by the seed's generators: plain data, ready for the drizzle inserts. */
import type { SecurityType, Seniority, DayCount, Convention, LeapRule } from '../../shared/instruments.js';

/** A long-term grade from RATING_SCALE. */
export type Grade = 'AAA' | 'AA+' | 'AA' | 'AA-' | 'A+' | 'A' | 'A-' | 'BBB+' | 'BBB' | 'BBB-' | 'BB+' | 'BB' | 'BB-' | 'B' | 'C' | 'D';

/** A real issuer in the data lists: name, display short name, sector, senior grade, bond weight, flags ('t' = tax-free bonds). */
export type RealIssuer = readonly [name: string, short: string, sector: string, grade: Grade, weight: number, flags?: string];

/** The kinds of non-government issuer, matching the security type of their bonds. */
export type CorporateKind = Extract<SecurityType, 'PSU' | 'BANK' | 'NBFC' | 'HFC' | 'CORPORATE'>;

export interface SeedIssuer {
  name: string;
  /** Upper-case name used in display names ("BAJAJ FIN"). */
  shortName: string;
  sector: string;
  isinIssuerCode: string;
  isGovernment: boolean;
  state: string | null;
  /** GSEC for the Government of India (also T-bills), SDL for states, else the bond kind. */
  kind: SecurityType;
  /** Senior long-term grade; null for sovereign and state issuers. */
  grade: Grade | null;
  /** Relative share of the kind's bonds. */
  weight: number;
  taxFree: boolean;
}

export interface Schedule {
  date: string;
  price: number;
}

export interface SeedInstrument {
  isin: string;
  displayName: string;
  issuerCode: string;
  securityType: SecurityType;
  convention: Convention;
  dayCount: DayCount;
  leapRule: LeapRule | null;
  /** Fraction as text with 6 decimals, as the numeric column stores it. */
  couponRate: string;
  frequency: number;
  issueDate: string;
  firstCouponDate: string | null;
  maturityDate: string | null;
  redemption: string;
  callSchedule: Schedule[];
  putSchedule: Schedule[];
  faceValue: number;
  isListed: boolean;
  isSecured: boolean;
  isTaxFree: boolean;
  isPerpetual: boolean;
  seniority: Seniority;
  available: boolean;
}
