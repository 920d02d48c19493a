/** Price ↔ yield and risk measures for the DESIGN §5 conventions. */
import { BondTermsError } from './errors.js';
import { formatDate } from './dates.js';
import { planFor, planInUniverse, universeFor } from './cache.js';
import { dirtyAndSlopeAt, dirtyAtX, lastSlopeSum, momentsAt, solveX } from './kernel.js';
import { accruedOf, lastCouponOf, type Plan } from './plan.js';
import type { BondTerms, Cashflow, Priced } from './types.js';

/** Log-yield x for a quoted yield: compounding at the coupon frequency (G-sec) or annual (corporate). */
function toX(p: Plan, y: number): number {
  if (typeof y !== 'number' || !Number.isFinite(y)) {
    throw new BondTermsError('BAD_YIELD', `yield must be a finite number, got ${String(y)}`);
  }
  const r = y / p.perYear;
  if (r <= -1) throw new BondTermsError('BAD_YIELD', `yield ${y} is at or below −${p.perYear * 100}%: no discount factor exists`);
  // log(1 + r) is exact enough: prices depend on x's absolute error (~1e-16), and log1p is slower.
  return Math.log(1 + r);
}

function fromX(p: Plan, x: number): number {
  return p.perYear * Math.expm1(x);
}

function dirtyTarget(p: Plan, cleanPrice: number): number {
  if (typeof cleanPrice !== 'number' || !Number.isFinite(cleanPrice)) {
    throw new BondTermsError('BAD_PRICE', `clean price must be a finite number, got ${String(cleanPrice)}`);
  }
  if (cleanPrice <= 0) throw new BondTermsError('BAD_PRICE', `clean price must be positive, got ${cleanPrice}`);
  return cleanPrice + accruedOf(p);
}

/** Clean price per 100 from a yield; the allocation-free hot path. */
export function cleanPriceFromYield(terms: BondTerms, settlement: string, yieldRate: number): number {
  const p = planFor(terms, settlement);
  return dirtyAtX(p, toX(p, yieldRate)) - accruedOf(p);
}

/** Yield from a clean price per 100; the allocation-free hot path. */
export function yieldFromCleanPrice(terms: BondTerms, settlement: string, cleanPrice: number): number {
  const p = planFor(terms, settlement);
  return fromX(p, solveX(p, dirtyTarget(p, cleanPrice)));
}

function priced(p: Plan, x: number, y: number): Priced {
  const dirty = dirtyAtX(p, x);
  const cashflows: Cashflow[] = [];
  for (let j = 0; j < p.n; j++) {
    const date = formatDate(p.dates[p.datesAt + j + 1]!);
    const coupon = j === p.n - 1 ? lastCouponOf(p) : p.num[p.amountsAt + j]!;
    if (coupon > 0) cashflows.push({ date, amount: coupon, type: 'coupon' });
    if (j === p.n - 1) cashflows.push({ date, amount: p.finalAmount, type: 'redemption' });
  }
  return {
    cleanPrice: dirty - accruedOf(p),
    dirtyPrice: dirty,
    accruedInterest: accruedOf(p),
    yield: y,
    previousCouponDate: formatDate(p.prev),
    nextCouponDate: formatDate(p.dates[p.datesAt + 1]!),
    accruedDays: p.accruedDays,
    couponPeriodDays: p.periodDays,
    cashflows,
  };
}

/** Where valueBonds writes, one entry per bond; modifiedDuration only when asked for. */
export interface BondValues {
  cleanPrice: Float64Array;
  accruedInterest: Float64Array;
  modifiedDuration?: Float64Array;
}

/**
 * Clean price, accrued interest and (when `out.modifiedDuration` is given) modified duration of many
 * bonds at one settlement, each at its own yield: what a desk, a market or a valuation run needs,
 * without building the cashflow lists priceFromYield returns. Equal, bit for bit, to
 * priceFromYield(...).cleanPrice / .accruedInterest and modifiedDuration(...). Throws BondTermsError
 * for the first bad bond (its index in the message).
 */
export function valueBonds(bonds: readonly BondTerms[], settlement: string, yields: ArrayLike<number>, out: BondValues): void {
  const durations = out.modifiedDuration;
  const universe = universeFor(bonds, settlement);
  for (let i = 0; i < bonds.length; i++) {
    try {
      const p = planInUniverse(universe, i, bonds[i]!);
      const y = yields[i]!;
      const x = toX(p, y);
      const accrued = accruedOf(p);
      if (durations === undefined) {
        out.cleanPrice[i] = dirtyAtX(p, x) - accrued;
      } else {
        const dirty = dirtyAndSlopeAt(p, x);
        out.cleanPrice[i] = dirty - accrued;
        durations[i] = lastSlopeSum() / dirty / p.perYear / (1 + y / p.perYear);
      }
      out.accruedInterest[i] = accrued;
    } catch (e) {
      if (e instanceof BondTermsError) throw new BondTermsError(e.code, `bond ${i}: ${e.message}`);
      throw e;
    }
  }
}

/** Full pricing (prices, accrued, coupon dates, future cashflows) from a yield. */
export function priceFromYield(terms: BondTerms, settlement: string, yieldRate: number): Priced {
  const p = planFor(terms, settlement);
  return priced(p, toX(p, yieldRate), yieldRate);
}

/** Full pricing from a clean price: solves the yield, then prices at it. */
export function yieldFromPrice(terms: BondTerms, settlement: string, cleanPrice: number): Priced {
  const p = planFor(terms, settlement);
  const x = solveX(p, dirtyTarget(p, cleanPrice));
  const out = priced(p, x, fromX(p, x));
  out.cleanPrice = cleanPrice; // report the quoted price, not its round trip
  out.dirtyPrice = cleanPrice + accruedOf(p);
  return out;
}

/** Macaulay duration in years (on the dirty price). */
export function macaulayDuration(terms: BondTerms, settlement: string, yieldRate: number): number {
  const p = planFor(terms, settlement);
  const [s0, s1] = momentsAt(p, toX(p, yieldRate));
  return s1 / s0 / p.perYear;
}

/** Modified duration: −(dP/dy)/P on the dirty price, in years. */
export function modifiedDuration(terms: BondTerms, settlement: string, yieldRate: number): number {
  const p = planFor(terms, settlement);
  const [s0, s1] = momentsAt(p, toX(p, yieldRate));
  return s1 / s0 / p.perYear / (1 + yieldRate / p.perYear);
}

/** Convexity: (d²P/dy²)/P on the dirty price, in years². */
export function convexity(terms: BondTerms, settlement: string, yieldRate: number): number {
  const p = planFor(terms, settlement);
  const [s0, s1, s2] = momentsAt(p, toX(p, yieldRate));
  const g = 1 + yieldRate / p.perYear;
  // P = Σ a·g^(−t) ⇒ d²P/dy² = Σ a·t(t+1)·g^(−t−2) / f².
  return (s2 + s1) / s0 / (g * g * p.perYear * p.perYear);
}
