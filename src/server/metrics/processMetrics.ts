/**
 * The process's own series, on prom-client's default registry: Node's (memory, event loop, GC),
 * the background sweeps' durations and the exchange simulators' answers. One server runs per
 * process; the app's series (requests, sockets, lag) are in each app's registry (appMetrics.ts).
 */
import { collectDefaultMetrics, Counter, Histogram, register } from 'prom-client';
import type { ExchangeStatus } from '../exchanges/exchangeGateway.js';

export const processRegistry = register;

// Once per process, however many modules import this one.
if (!register.getSingleMetric('process_cpu_user_seconds_total')) collectDefaultMetrics({ register });

const sweepDuration = new Histogram({
  name: 'kosh_sweep_duration_seconds',
  help: 'How long one run of a background sweep took',
  labelNames: ['sweep'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [register],
});

const exchangeAnswers = new Counter({
  name: 'kosh_exchange_answers_total',
  help: 'Answers the exchange RFQ simulators gave about deals, by platform and status',
  labelNames: ['platform', 'status'] as const,
  registers: [register],
});

/** `run`, timed into kosh_sweep_duration_seconds{sweep=name}. */
export function timedSweep<T>(name: string, run: () => Promise<T>): () => Promise<T> {
  return async () => {
    const end = sweepDuration.startTimer({ sweep: name });
    try {
      return await run();
    } finally {
      end();
    }
  };
}

/** Counts an answer a platform gave (null: it never received the deal). */
export function countExchangeAnswer(platform: string, answer: ExchangeStatus | null): void {
  if (answer) exchangeAnswers.inc({ platform, status: answer.status });
}
