/**
 * Timers on the injected clock: the server's polls, heartbeats and timeouts schedule through one,
 * so tests move time with `advance` instead of waiting.
 */
import type { Clock } from './clock.js';

export interface Timers {
  /** Calls `fn` every `ms` until the returned function is called. */
  every(ms: number, fn: () => void): () => void;
  /** Calls `fn` once after `ms` unless the returned function is called first. */
  after(ms: number, fn: () => void): () => void;
}

export const systemTimers: Timers = {
  every(ms, fn) {
    const handle = setInterval(fn, ms);
    handle.unref?.();
    return () => clearInterval(handle);
  },
  after(ms, fn) {
    const handle = setTimeout(fn, ms);
    handle.unref?.();
    return () => clearTimeout(handle);
  },
};

interface Scheduled {
  due: number;
  every: number | null;
  fn: () => void;
  seq: number;
}

/** A clock with timers that only move when told: `advance` fires what falls due, in order. */
export function simulatedTime(start: Date | string): Clock & Timers & { advance(ms: number): void; set(at: Date | string): void } {
  let current = new Date(start).getTime();
  let seq = 0;
  const pending = new Set<Scheduled>();
  const schedule = (ms: number, every: number | null, fn: () => void) => {
    const entry: Scheduled = { due: current + ms, every, fn, seq: seq++ };
    pending.add(entry);
    return () => {
      pending.delete(entry);
    };
  };
  const moveTo = (target: number) => {
    for (;;) {
      const next = [...pending].filter((e) => e.due <= target).sort((a, b) => a.due - b.due || a.seq - b.seq)[0];
      if (!next) break;
      current = Math.max(current, next.due);
      if (next.every === null) pending.delete(next);
      else next.due += next.every;
      next.fn();
    }
    current = Math.max(current, target);
  };
  return {
    now: () => new Date(current),
    every: (ms, fn) => schedule(ms, Math.max(1, ms), fn),
    after: (ms, fn) => schedule(ms, null, fn),
    advance: (ms) => moveTo(current + ms),
    set: (at) => {
      const target = new Date(at).getTime();
      if (target >= current) moveTo(target);
      else current = target;
    },
  };
}
