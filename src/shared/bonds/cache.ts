/**
 * Bounded plan cache. The fast lane is keyed by the terms object itself (a WeakMap, so a dropped
 * terms object frees its plans) plus the settlement string: a hit allocates nothing. Terms objects
 * are re-checked field by field on every hit, so mutating one in place is still safe. A small
 * string-keyed LRU serves callers that rebuild equal terms objects for every call. Universe
 * valuation keeps its plans per bonds array, by position (see universeFor).
 */
import { buildPlan, type Plan } from './plan.js';
import { checkSettlement, normalizeTerms } from './validate.js';
import type { BondTerms } from './types.js';

const PER_TERMS = 4;
const LRU_SIZE = 512;
let byObject = new WeakMap<BondTerms, Plan[]>();
const byKey = new Map<string, Plan>();

function same(e: Plan, t: BondTerms, settlement: string): boolean {
  return (
    e.settlementText === settlement &&
    e.convention === t.convention &&
    e.maturity === t.maturity &&
    e.couponRate === t.couponRate &&
    e.frequency === t.frequency &&
    e.redemption === t.redemption &&
    e.issueDate === t.issueDate &&
    e.firstCouponDate === t.firstCouponDate &&
    e.callDate === t.callDate &&
    e.callPrice === t.callPrice &&
    e.leapRule === t.leapRule
  );
}

function keyOf(t: BondTerms, settlement: string): string {
  return [
    t.convention,
    t.maturity,
    t.couponRate,
    t.frequency,
    t.redemption,
    t.issueDate,
    t.firstCouponDate,
    t.callDate,
    t.callPrice,
    t.leapRule,
    settlement,
  ].join('|');
}

function cached(terms: BondTerms, settlement: string, list: Plan[] | undefined): Plan | undefined {
  if (list === undefined) return undefined;
  for (let i = 0; i < list.length; i++) {
    const p = list[i]!;
    if (same(p, terms, settlement)) return p;
  }
  return undefined;
}

function build(terms: BondTerms, settlement: string): Plan {
  const norm = normalizeTerms(terms);
  return buildPlan(norm, checkSettlement(norm, settlement, terms), terms, settlement);
}

/** The validated plan for (terms, settlement), built once and reused. */
export function planFor(terms: BondTerms, settlement: string): Plan {
  const list = typeof terms === 'object' && terms !== null ? byObject.get(terms) : undefined;
  const hit = cached(terms, settlement, list);
  if (hit !== undefined) return hit;
  const key = keyOf(terms ?? ({} as BondTerms), settlement);
  let plan = byKey.get(key);
  if (plan === undefined) {
    plan = build(terms, settlement);
    if (byKey.size >= LRU_SIZE) byKey.delete(byKey.keys().next().value as string);
  } else {
    byKey.delete(key); // re-insert below to mark as recently used
  }
  byKey.set(key, plan);
  remember(terms, plan, list);
  return plan;
}

/** The plans of one bonds array at one settlement, by position. */
export interface Universe {
  settlement: string;
  plans: (Plan | undefined)[];
}

let byUniverse = new WeakMap<readonly BondTerms[], Universe[]>();

/**
 * The plan lane of a universe valued at `settlement`: one WeakMap lookup per call instead of one per
 * bond (a universe is far larger than the string-keyed LRU, which would only churn, and a WeakMap
 * entry per fresh terms object cost several per cent of pricing a fresh universe).
 */
export function universeFor(bonds: readonly BondTerms[], settlement: string): Universe {
  let list = byUniverse.get(bonds);
  if (list === undefined) {
    list = [];
    byUniverse.set(bonds, list);
  }
  for (const u of list) if (u.settlement === settlement) return u;
  const universe: Universe = { settlement, plans: [] };
  if (list.length >= PER_TERMS) list.shift();
  list.push(universe);
  return universe;
}

/** planFor for bond `i` of a universe: kept by position, re-checked against the terms object there. */
export function planInUniverse(universe: Universe, i: number, terms: BondTerms): Plan {
  const p = universe.plans[i];
  if (p !== undefined && p.terms === terms && same(p, terms, universe.settlement)) return p;
  const plan = build(terms, universe.settlement);
  universe.plans[i] = plan;
  return plan;
}

function remember(t: BondTerms, plan: Plan, list: Plan[] | undefined): void {
  if (list === undefined) {
    byObject.set(t, [plan]);
    return;
  }
  if (list.length >= PER_TERMS) list.shift();
  list.push(plan);
}

/** Empties every cache lane (tests and memory-sensitive callers). */
export function clearBondCache(): void {
  byKey.clear();
  byObject = new WeakMap();
  byUniverse = new WeakMap();
}
