/** The background jobs' runner (validity expiry, exchange answers, settlement): at start, the catch-up after a restart, then on the injected timers. */
import type { Timers } from '../../shared/timers.js';

/**
 * Runs `run` now and then every `everyMs` on the injected timers. Single-flight: a tick that comes
 * while a run is still going is skipped, not queued, so a slow run never builds a backlog and
 * stopping waits for the one run in flight only. Returns a stop function.
 */
export function startSweep(
  run: () => Promise<unknown>,
  timers: Timers,
  everyMs: number,
  onError: (error: unknown) => void,
): () => Promise<void> {
  let inFlight: Promise<void> | null = null;
  const sweep = () => {
    if (inFlight) return;
    inFlight = run()
      .then(() => undefined, onError)
      .finally(() => {
        inFlight = null;
      });
  };
  sweep();
  const cancel = timers.every(everyMs, sweep);
  return async () => {
    cancel();
    await inFlight;
  };
}
