/** The trading jobs' runner (validity expiry, exchange answers): at start, the catch-up after a restart, then on the injected timers. */
import type { Timers } from '../../../shared/timers.js';

/**
 * Runs `run` now and then every `everyMs` on the injected timers; a sweep never overlaps the one
 * before. Returns a stop function.
 */
export function startSweep(
  run: () => Promise<number>,
  timers: Timers,
  everyMs: number,
  onError: (error: unknown) => void,
): () => Promise<void> {
  // Each sweep is chained behind the one before at once, so stopping waits for every sweep started.
  let current: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    current = current.then(run).catch(onError);
  };
  sweep();
  const cancel = timers.every(everyMs, sweep);
  return async () => {
    cancel();
    await current;
  };
}
