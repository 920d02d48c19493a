/** A sweep slower than its interval: ticks that come while it runs are skipped, and stopping waits for that one run only. */
import { describe, expect, it } from 'vitest';
import { simulatedTime } from '../../shared/timers.js';
import { startSweep } from './sweep.js';

/** Runs that last until `release`, then end at once; counts how many were started. */
function slowRuns() {
  let started = 0;
  let released = false;
  const waiting: (() => void)[] = [];
  return {
    started: () => started,
    run: () => {
      started += 1;
      return released ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve));
    },
    release: () => {
      released = true;
      for (const resolve of waiting.splice(0)) resolve();
    },
  };
}

/** Lets promise callbacks already due run (no time passes). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('startSweep', () => {
  it('keeps one run in flight and queues none while a run outlasts ten ticks', async () => {
    const time = simulatedTime('2026-11-02T10:00:00Z');
    const runs = slowRuns();
    const stop = startSweep(runs.run, time, 5_000, () => undefined);
    await settle();
    expect(runs.started()).toBe(1);
    time.advance(50_000);
    await settle();
    expect(runs.started()).toBe(1);

    const stopped = stop();
    runs.release();
    await stopped;
    // Nothing was queued behind the slow run: stopping waited for it alone and nothing ran after.
    expect(runs.started()).toBe(1);
    time.advance(50_000);
    expect(runs.started()).toBe(1);
  });

  it('runs again on the next tick once the slow run is over, and a failed run does not stop the job', async () => {
    const time = simulatedTime('2026-11-02T10:00:00Z');
    const errors: unknown[] = [];
    let calls = 0;
    const stop = startSweep(
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('database unreachable');
      },
      time,
      5_000,
      (error) => errors.push(error),
    );
    await settle();
    time.advance(5_000);
    await settle();
    expect(calls).toBe(2);
    expect(errors).toEqual([new Error('database unreachable')]);
    await stop();
  });
});
