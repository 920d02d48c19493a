/**
 * `/metrics` in Prometheus's text format: the app's series (request latency by route pattern and
 * status, live sockets and their queued bytes, dispatcher lag per consumer, event-log size) with
 * the process's (processMetrics.ts). Operators only: METRICS_TOKEN, or loopback when unset.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Gauge, Histogram, Registry } from 'prom-client';
import type { AppContext } from '../appContext.js';
import { rowsOf } from '../db/database.js';
import { consumerLags } from '../events/consumerLag.js';
import { processRegistry } from './processMetrics.js';

/** Registers the request timing hook and the route; call on the root instance so every route is timed. */
export function registerMetrics(app: FastifyInstance, ctx: AppContext): void {
  const registry = new Registry();
  const requests = new Histogram({
    name: 'kosh_http_request_duration_seconds',
    help: 'Request latency by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'kosh_live_sockets',
    help: 'Live-feed sockets open on this instance',
    registers: [registry],
    collect() {
      this.set(ctx.live.hub.size);
    },
  });
  new Gauge({
    name: 'kosh_live_queued_bytes',
    help: 'Bytes queued on live-feed sockets and not yet sent',
    registers: [registry],
    collect() {
      this.set(ctx.live.hub.queuedBytes);
    },
  });
  new Gauge({
    name: 'kosh_dispatcher_lag_seconds',
    help: 'Age of the oldest event waiting for each durable consumer (0: caught up)',
    labelNames: ['consumer'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const { consumer, lagSeconds } of await consumerLags(ctx.database.db, ctx.clock)) this.set({ consumer }, lagSeconds);
    },
  });
  new Gauge({
    name: 'kosh_event_log_events',
    help: 'Events in the append-only event log',
    registers: [registry],
    async collect() {
      const [row] = rowsOf<{ n: string }>(await ctx.database.db.execute(sql`select count(*)::text as n from events`));
      this.set(Number(row?.n ?? 0));
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never the raw URL: one series per route, whatever ids are asked for.
    const route = request.routeOptions.url ?? 'unmatched';
    requests.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  app.get(
    '/metrics',
    { schema: { tags: ['system'], summary: 'Prometheus metrics (METRICS_TOKEN as a bearer token, or loopback when unset)' } },
    async (_request, reply) => {
      const merged = Registry.merge([processRegistry, registry]);
      return reply.type(merged.contentType).send(await merged.metrics());
    },
  );
}
