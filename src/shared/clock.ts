/** A source of the current time. Every TTL, window and interval reads one, so tests control time. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that only moves when told to: for tests. */
export function manualClock(start: Date | string): Clock & { advance(ms: number): void; set(at: Date | string): void } {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (at) => {
      current = new Date(at).getTime();
    },
  };
}

/** Real time plus an offset that only moves forward when told: lets end-to-end tests jump ahead. */
export function offsetClock(): Clock & { advance(ms: number): void } {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance: (ms) => {
      offset += ms;
    },
  };
}
