/** The bond variants each issuer kind issues, their tenors and coupon frequencies. */
import type { CorporateKind } from './types.js';
import type { Rng } from './rng.js';

export type BondVariant = 'plain' | 'zero' | 'callable' | 'puttable' | 'taxfree' | 'tier2' | 'at1' | 'subdebt';

/** Relative frequency of each variant by issuer kind. */
export const VARIANTS_BY_KIND: Readonly<Record<CorporateKind, readonly (readonly [BondVariant, number])[]>> = {
  PSU: [
    ['plain', 85],
    ['taxfree', 8],
    ['callable', 3],
    ['puttable', 2],
    ['zero', 2],
  ],
  BANK: [
    ['plain', 45],
    ['tier2', 30],
    ['at1', 20],
    ['callable', 5],
  ],
  NBFC: [
    ['plain', 62],
    ['zero', 8],
    ['callable', 10],
    ['puttable', 8],
    ['subdebt', 12],
  ],
  HFC: [
    ['plain', 70],
    ['zero', 5],
    ['callable', 8],
    ['puttable', 5],
    ['subdebt', 12],
  ],
  CORPORATE: [
    ['plain', 70],
    ['zero', 8],
    ['callable', 12],
    ['puttable', 10],
  ],
};

type Weights = readonly (readonly [number, number])[];

const PLAIN_TENORS: Readonly<Record<CorporateKind, Weights>> = {
  PSU: [
    [3, 10],
    [5, 20],
    [7, 10],
    [10, 35],
    [15, 15],
    [20, 5],
    [25, 3],
    [30, 2],
  ],
  BANK: [
    [7, 40],
    [10, 45],
    [15, 15],
  ],
  NBFC: [
    [1, 3],
    [2, 15],
    [3, 35],
    [5, 30],
    [7, 12],
    [10, 5],
  ],
  HFC: [
    [2, 10],
    [3, 30],
    [5, 30],
    [7, 15],
    [10, 15],
  ],
  CORPORATE: [
    [1, 3],
    [2, 12],
    [3, 30],
    [5, 32],
    [7, 14],
    [10, 9],
  ],
};

/** Tenor in whole years (a perpetual's is irrelevant and returns 0). */
export function pickTenor(rng: Rng, kind: CorporateKind, variant: BondVariant): number {
  switch (variant) {
    case 'taxfree':
      return rng.weighted([
        [10, 40],
        [15, 45],
        [20, 15],
      ]);
    case 'tier2':
      return rng.weighted([
        [10, 80],
        [15, 20],
      ]);
    case 'at1':
      return 0;
    case 'subdebt':
      return rng.weighted([
        [5, 20],
        [7, 20],
        [10, 60],
      ]);
    case 'zero':
      return rng.weighted([
        [1, 10],
        [2, 25],
        [3, 35],
        [5, 25],
        [7, 5],
      ]);
    // Options need room between issue and maturity.
    case 'callable':
    case 'puttable':
      return Math.max(3, rng.weighted(PLAIN_TENORS[kind]));
    default:
      return rng.weighted(PLAIN_TENORS[kind]);
  }
}

const FREQUENCIES: Readonly<Record<CorporateKind, Weights>> = {
  PSU: [
    [1, 85],
    [2, 15],
  ],
  BANK: [
    [1, 95],
    [2, 5],
  ],
  NBFC: [
    [1, 70],
    [2, 12],
    [4, 8],
    [12, 10],
  ],
  HFC: [
    [1, 80],
    [2, 8],
    [4, 4],
    [12, 8],
  ],
  CORPORATE: [
    [1, 72],
    [2, 12],
    [4, 10],
    [12, 6],
  ],
};

/** Coupons a year; capital instruments and tax-free bonds pay annually. */
export function pickFrequency(rng: Rng, kind: CorporateKind, variant: BondVariant): number {
  if (variant === 'tier2' || variant === 'at1' || variant === 'taxfree' || variant === 'subdebt') return 1;
  return rng.weighted(FREQUENCIES[kind]);
}

const SERIAL_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Counters behind corporate ISIN serials and series labels. */
export class CorporateSerials {
  private readonly counters = new Map<string, number>();

  /** The next 2-character ISIN serial for an issuer and security type: 01…99, then A0…ZZ as depositories do. */
  isinSerial(issuerCode: string, typeDigits: string): string {
    const n = this.bump(`isin|${issuerCode}|${typeDigits}`);
    if (n < 100) return String(n).padStart(2, '0');
    const k = n - 100 + 360;
    if (k >= 36 * 36) throw new Error(`ISIN serials exhausted for ${issuerCode}${typeDigits}`);
    return SERIAL_CHARS[Math.floor(k / 36)]! + SERIAL_CHARS[k % 36]!;
  }

  /** The next series number under `key`, starting at 1. */
  series(key: string): number {
    return this.bump(`series|${key}`);
  }

  private bump(key: string): number {
    const n = (this.counters.get(key) ?? 0) + 1;
    this.counters.set(key, n);
    return n;
  }
}
