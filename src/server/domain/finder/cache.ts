/**
 * The finder's in-memory caches: string keys, bounded memory (when full, everything is dropped: any
 * entry is cheap to recompute) and, given an expiry, entries that lapse `ttlMs` after they were stored,
 * by its clock.
 */
import type { Clock } from '../../../shared/clock.js';

export interface Cache<T> {
  get(key: string): T | undefined;
  set(key: string, value: T): void;
}

const MAX_ENTRIES = 500;

export function createCache<T>(expiry?: { clock: Clock; ttlMs: number }): Cache<T> {
  const entries = new Map<string, { expires: number; value: T }>();
  const now = () => expiry?.clock.now().getTime() ?? 0;
  return {
    get(key) {
      const hit = entries.get(key);
      if (hit && hit.expires > now()) return hit.value;
      entries.delete(key);
      return undefined;
    },
    set(key, value) {
      if (entries.size >= MAX_ENTRIES) entries.clear();
      entries.set(key, { expires: expiry ? now() + expiry.ttlMs : Infinity, value });
    },
  };
}
