/**
 * Discounting and the yield solver. Both work in x = ln(1 + y/f) (G-sec) or ln(1 + y) (corporate),
 * where ln of the dirty price, ln Σ aᵢ·e^(−tᵢx), is strictly decreasing and convex (log-sum-exp),
 * so Newton's method on it converges monotonically from any start after one step; a bracket with
 * bisection guards against overflow.
 */
import { BondTermsError } from './errors.js';
import { lastXOf, setLastX, type Plan } from './plan.js';

// Per-gap discount factors, reused across calls so the hot path allocates nothing.
const factors = new Float64Array(16);

/** Fills `factors` with e^(−x·gap) for each distinct gap; false when the plan has no gap table. */
function gapFactors(p: Plan, x: number): boolean {
  const count = p.gapCount;
  if (count === 0 && p.n > 1) return false;
  const g = p.num;
  const at = p.gapsAt;
  for (let k = 0; k < count; k++) factors[k] = g[at + k] === 1 ? Math.exp(-x) : Math.exp(-x * g[at + k]!);
  return true;
}

/** Dirty price per 100 at log-yield x. */
export function dirtyAtX(p: Plan, x: number): number {
  const v = p.num;
  const ta = p.timesAt;
  const aa = p.amountsAt;
  const n = p.n;
  let sum = 0;
  if (gapFactors(p, x)) {
    const gi = p.gapIndex;
    const ga = p.gapIndexAt;
    let df = Math.exp(-x * v[ta]!);
    sum = v[aa]! * df;
    for (let j = 1; j < n; j++) {
      df *= factors[gi[ga + j]!]!;
      sum += v[aa + j]! * df;
    }
  } else {
    for (let j = 0; j < n; j++) sum += v[aa + j]! * Math.exp(-x * v[ta + j]!);
  }
  return sum;
}

// Scratch outputs of `moments`, module-level so the hot path allocates nothing.
let m0 = 0;
let m1 = 0;
let m2 = 0;

/** Sets m0 = Σ PV, m1 = Σ t·PV, m2 = Σ t²·PV at log-yield x. */
function moments(p: Plan, x: number): void {
  const v = p.num;
  const ta = p.timesAt;
  const aa = p.amountsAt;
  const n = p.n;
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let df = Math.exp(-x * v[ta]!);
  if (gapFactors(p, x)) {
    const gi = p.gapIndex;
    const ga = p.gapIndexAt;
    for (let j = 0; j < n; j++) {
      const tj = v[ta + j]!;
      if (j > 0) df *= factors[gi[ga + j]!]!;
      const pv = v[aa + j]! * df;
      s0 += pv;
      s1 += tj * pv;
      s2 += tj * tj * pv;
    }
  } else {
    for (let j = 0; j < n; j++) {
      const tj = v[ta + j]!;
      const pv = v[aa + j]! * Math.exp(-x * tj);
      s0 += pv;
      s1 += tj * pv;
      s2 += tj * tj * pv;
    }
  }
  m0 = s0;
  m1 = s1;
  m2 = s2;
}

/** Sets m0 = Σ PV and m1 = Σ t·PV only: all the solver needs. */
function valueAndSlope(p: Plan, x: number): void {
  const v = p.num;
  const ta = p.timesAt;
  const aa = p.amountsAt;
  const n = p.n;
  let s0 = 0;
  let s1 = 0;
  if (gapFactors(p, x)) {
    const gi = p.gapIndex;
    const ga = p.gapIndexAt;
    let df = Math.exp(-x * v[ta]!);
    for (let j = 0; j < n; j++) {
      if (j > 0) df *= factors[gi[ga + j]!]!;
      const pv = v[aa + j]! * df;
      s0 += pv;
      s1 += v[ta + j]! * pv;
    }
  } else {
    for (let j = 0; j < n; j++) {
      const pv = v[aa + j]! * Math.exp(-x * v[ta + j]!);
      s0 += pv;
      s1 += v[ta + j]! * pv;
    }
  }
  m0 = s0;
  m1 = s1;
}

/**
 * Dirty price Σ PV at log-yield x, also leaving Σ t·PV for `lastSlopeSum`: both in one pass with no
 * allocation, the same sums (bit for bit) that dirtyAtX and momentsAt give.
 */
export function dirtyAndSlopeAt(p: Plan, x: number): number {
  valueAndSlope(p, x);
  return m0;
}

/** Σ t·PV of the last dirtyAndSlopeAt call. */
export function lastSlopeSum(): number {
  return m1;
}

/** Returns [Σ PV, Σ t·PV, Σ t²·PV] at log-yield x (t in the plan's time unit). */
export function momentsAt(p: Plan, x: number): [number, number, number] {
  moments(p, x);
  return [m0, m1, m2];
}

/** Records the solution as the plan's warm start: a repriced quote then needs 2-3 steps. */
function done(p: Plan, x: number): number {
  setLastX(p, x);
  return x;
}

/** Log-yield x whose dirty price equals `target` (> 0). */
export function solveX(p: Plan, target: number): number {
  let x = lastXOf(p);
  if (Number.isNaN(x)) {
    // Exact for a single cashflow, close for coupon bonds: ln(Σa / P) over the cash-weighted time.
    const v = p.num;
    const ta = p.timesAt;
    const aa = p.amountsAt;
    let total = 0;
    let weighted = 0;
    for (let j = 0; j < p.n; j++) {
      total += v[aa + j]!;
      weighted += v[aa + j]! * v[ta + j]!;
    }
    x = Math.log(total / target) / (weighted / total);
  }
  let lo = -Infinity; // P(lo) > target
  let hi = Infinity; // P(hi) < target
  for (let iter = 0; iter < 200; iter++) {
    valueAndSlope(p, x);
    if (!Number.isFinite(m0)) {
      // Overflow from a far-left step: retreat towards the bracket.
      lo = x;
      x = hi < Infinity ? (x + hi) / 2 : x + 1;
      continue;
    }
    // Newton on ln P(x) − ln target: log-sum-exp is convex and decreasing with a slope bounded by
    // the longest cashflow time, so steps stay well scaled even from a start far from the root.
    const f = Math.log(m0 / target);
    if (f === 0) return done(p, x);
    if (f > 0) lo = x;
    else hi = x;
    const next = m1 > 0 ? x + (f * m0) / m1 : NaN;
    if (next > lo && next < hi) {
      // Quadratic convergence: a step this small leaves an error far below 1e-16.
      const small = Math.abs(next - x) <= 1e-10 * (1 + Math.abs(x));
      x = next;
      if (small) return done(p, x);
    } else {
      // Outside the bracket (or no slope): bisect, or step out by one e-fold if unbounded.
      x = lo > -Infinity && hi < Infinity ? (lo + hi) / 2 : lo > -Infinity ? lo + 1 : hi - 1;
      if (hi - lo <= 1e-15 * (1 + Math.abs(x))) return done(p, x);
    }
  }
  throw new BondTermsError('NO_SOLUTION', `no yield reproduces a dirty price of ${target}`);
}
