/**
 * Quote sanity, defined once for the server and the desk. The hard limits refuse what can never be
 * a real quote (spec 01 §5: a price above 0 and at most 250; a yield, typed or implied by the price,
 * from 0 to 100 %). The fat-finger band is softer: a level outside it is possible but unusual, so
 * the desk asks the dealer to confirm it before sending.
 */
import { PRICE_MAX, YIELD_MAX } from './constants.js';

/** Hard limits: a clean price per 100 face in (0, 250]; a yield as an API fraction in [0, 1]. */
export const QUOTE_LIMITS = { priceMax: PRICE_MAX, yieldMin: 0, yieldMax: YIELD_MAX / 100 } as const;

/**
 * The band's half-width around the reference level: 50 basis points of yield (0.005 as a fraction),
 * or 2 % of the reference price. Either side beyond it asks for a confirmation.
 */
export const FAT_FINGER_BAND = { yieldFraction: 0.005, priceShare: 0.02 } as const;

/** Why a yield (a fraction) can be no quote's: negative or above 100 %; undefined when it can. */
export function yieldOutOfRange(yieldFraction: number): 'negative' | 'above100' | undefined {
  if (yieldFraction < QUOTE_LIMITS.yieldMin) return 'negative';
  if (yieldFraction > QUOTE_LIMITS.yieldMax) return 'above100';
  return undefined;
}

/** True when `price` is a possible clean price: above 0 and at most 250. */
export function isPriceInRange(price: number): boolean {
  return price > 0 && price <= QUOTE_LIMITS.priceMax;
}

/** A level to compare with a reference (the bond's fair value or last trade): by yield or by price. */
export type Level = { yield: number } | { price: number };

// Binary fractions: 0.0792 - 0.0742 is 0.00500000000000001; a level on the edge is inside.
const EDGE = 1e-12;

/** True when `level` is within the fat-finger band of `reference` (given the same way: both yields or both prices). */
export function isInsideBand(reference: Level, level: Level): boolean {
  if ('yield' in reference && 'yield' in level) return Math.abs(level.yield - reference.yield) <= FAT_FINGER_BAND.yieldFraction + EDGE;
  if ('price' in reference && 'price' in level)
    return Math.abs(level.price - reference.price) <= reference.price * FAT_FINGER_BAND.priceShare + EDGE;
  throw new Error('Compare a yield with a yield, a price with a price');
}
