/**
 * A seeded PRNG (sfc32) so the demo seed is the same every run. Entities derive their own
 * stream from a label (`rngFor('issuer:NTPC')`), so adding data elsewhere never shifts them.
 */

export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks from [item, weight] pairs with probability proportional to weight. */
  weighted<T>(pairs: readonly (readonly [T, number])[]): T;
  /** A shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[];
}

/** FNV-1a over a label, for seeding a stream from a name. */
function hashLabel(label: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < label.length; i++) {
    h ^= label.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A PRNG seeded by a number or a label. */
export function createRng(seed: number | string): Rng {
  const s = typeof seed === 'number' ? seed >>> 0 : hashLabel(seed);
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = s;
  const next = (): number => {
    a |= 0;
    b |= 0;
    c |= 0;
    d |= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  // sfc32's first outputs are correlated with the seed; discard them.
  for (let i = 0; i < 15; i++) next();

  const rng: Rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)]!;
    },
    weighted: (pairs) => {
      const total = pairs.reduce((sum, [, w]) => sum + w, 0);
      let r = next() * total;
      for (const [item, w] of pairs) {
        r -= w;
        if (r < 0) return item;
      }
      return pairs[pairs.length - 1]![0];
    },
    shuffle: (items) => {
      const out = [...items];
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [out[i], out[j]] = [out[j]!, out[i]!];
      }
      return out;
    },
  };
  return rng;
}
