/**
 * Universe benchmark: yield → clean price + accrued (and modified duration) for 30,000 generated
 * bonds at one settlement, cold (no plan cached: new terms objects, caches cleared) and warm (same
 * terms again), beside a same-run baseline: a plain loop of Math.pow over the same cashflow dates
 * and amounts, already in arrays. Run: npx tsx tests/bench/universe.bench.ts [bonds]
 * Goal for 30k bonds on one core: warm ≤ 30 ms, cold ≤ 100 ms.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { clearBondCache, modifiedDuration, priceFromYield, valueBonds } from '../../src/shared/bonds/index.js';
import { planFor } from '../../src/shared/bonds/cache.js';
import type { BondTerms } from '../../src/shared/bonds/index.js';
import { copies, generateUniverse, UNIVERSE_SETTLEMENT as S } from './universe.js';

// Each timed round starts from a collected heap, so it pays only for its own garbage.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

const COUNT = Number(process.argv[2] ?? 30_000);
const ROUNDS = 5;
const { bonds, yields } = generateUniverse(COUNT);

type Pass = (terms: readonly BondTerms[]) => number;

interface Timing {
  wall: number;
  cpu: number;
}

/**
 * Best of ROUNDS, in ms of wall and of process CPU time (the CPU time is steadier on a busy machine);
 * `fresh` gives each round new terms objects and empty caches.
 */
function time(pass: Pass, fresh: boolean): Timing {
  const best = { wall: Infinity, cpu: Infinity };
  let sink = 0;
  const warm = copies(bonds);
  sink += pass(warm);
  for (let r = 0; r < ROUNDS; r++) {
    const input = fresh ? copies(bonds) : warm;
    if (fresh) clearBondCache();
    collect();
    const c0 = process.cpuUsage();
    const t0 = process.hrtime.bigint();
    sink += pass(input);
    const cpu = process.cpuUsage(c0);
    best.wall = Math.min(best.wall, Number(process.hrtime.bigint() - t0) / 1e6);
    best.cpu = Math.min(best.cpu, (cpu.user + cpu.system) / 1e3);
  }
  if (!Number.isFinite(sink)) throw new Error('benchmark produced a non-finite sum');
  return best;
}

// What a caller had for price + accrued: full pricing with its cashflow list.
const oldPriceAccrued: Pass = (terms) => {
  let sum = 0;
  for (let i = 0; i < terms.length; i++) {
    const p = priceFromYield(terms[i]!, S, yields[i]!);
    sum += p.cleanPrice + p.accruedInterest;
  }
  return sum;
};
const oldWithDuration: Pass = (terms) => {
  let sum = 0;
  for (let i = 0; i < terms.length; i++) {
    const p = priceFromYield(terms[i]!, S, yields[i]!);
    sum += p.cleanPrice + p.accruedInterest + modifiedDuration(terms[i]!, S, yields[i]!);
  }
  return sum;
};

// After: valueBonds into typed arrays, no cashflow lists.
const cleanPrice = new Float64Array(COUNT);
const accruedInterest = new Float64Array(COUNT);
const modifiedDurations = new Float64Array(COUNT);
const newPriceAccrued: Pass = (terms) => {
  valueBonds(terms, S, yields, { cleanPrice, accruedInterest });
  return cleanPrice[0]! + accruedInterest[COUNT - 1]!;
};
const newWithDuration: Pass = (terms) => {
  valueBonds(terms, S, yields, { cleanPrice, accruedInterest, modifiedDuration: modifiedDurations });
  return cleanPrice[0]! + accruedInterest[COUNT - 1]! + modifiedDurations[COUNT - 1]!;
};

// Baseline: the discounting alone, one Math.pow per cashflow over precomputed times and amounts.
const flows = bonds.map((b) => {
  const p = planFor(b, S);
  return { times: p.num.slice(p.timesAt, p.timesAt + p.n), amounts: p.num.slice(p.amountsAt, p.amountsAt + p.n), perYear: p.perYear };
});
const baseline = (): number => {
  let sum = 0;
  for (let i = 0; i < flows.length; i++) {
    const { times, amounts, perYear } = flows[i]!;
    const g = 1 + yields[i]! / perYear;
    for (let j = 0; j < times.length; j++) sum += amounts[j]! * Math.pow(g, -times[j]!);
  }
  return sum;
};
const cashflowCount = flows.reduce((n, f) => n + f.times.length, 0);

const base = time(baseline, false);
const rows: [string, Timing, number | null][] = [
  ['priceFromYield (cashflow lists)   price+accrued        cold', time(oldPriceAccrued, true), null],
  ['priceFromYield (cashflow lists)   price+accrued        warm', time(oldPriceAccrued, false), null],
  ['  + modifiedDuration              price+accrued+mdur   cold', time(oldWithDuration, true), null],
  ['  + modifiedDuration              price+accrued+mdur   warm', time(oldWithDuration, false), null],
  ['valueBonds                        price+accrued        cold', time(newPriceAccrued, true), 100],
  ['valueBonds                        price+accrued        warm', time(newPriceAccrued, false), 30],
  ['valueBonds                        price+accrued+mdur   cold', time(newWithDuration, true), 100],
  ['valueBonds                        price+accrued+mdur   warm', time(newWithDuration, false), 30],
];
// The same numbers either way, to the last bit.
newWithDuration(bonds);
const check = {
  cleanPrice: Float64Array.from(cleanPrice),
  accruedInterest: Float64Array.from(accruedInterest),
  modifiedDuration: Float64Array.from(modifiedDurations),
};
const differing = bonds.filter((b, i) => {
  const p = priceFromYield(b, S, yields[i]!);
  return (
    !Object.is(p.cleanPrice, check.cleanPrice[i]) ||
    !Object.is(p.accruedInterest, check.accruedInterest[i]) ||
    !Object.is(modifiedDuration(b, S, yields[i]!), check.modifiedDuration[i])
  );
}).length;
if (differing > 0) throw new Error(`valueBonds differs from priceFromYield/modifiedDuration on ${differing} bonds`);
const print = (line: string): void => void process.stdout.write(`${line}\n`);
print(
  `universe benchmark: ${COUNT} bonds, ${cashflowCount} future cashflows, settlement ${S}, best of ${ROUNDS} rounds, Node ${process.version}`,
);
print(`baseline (Math.pow loop over the same cashflows, arrays ready): ${base.wall.toFixed(2)} ms wall, ${base.cpu.toFixed(2)} ms CPU`);
print('operation                                                   wall ms   CPU ms   CPU × baseline   goal (CPU)');
for (const [label, t, goal] of rows) {
  const verdict = goal === null ? '' : `≤ ${goal} ms: ${t.cpu <= goal ? 'met' : 'NOT met'}`;
  print(
    `${label} ${t.wall.toFixed(1).padStart(8)} ${t.cpu.toFixed(1).padStart(8)} ${(t.cpu / base.cpu).toFixed(2).padStart(12)}×     ${verdict}`,
  );
}
