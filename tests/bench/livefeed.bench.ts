/**
 * Live-feed benchmark: 100, 500 and 2,000 authenticated sockets (Node `ws` clients in a separate
 * process); the time from an event's commit to its delivery at each socket, p50/p99, and until every
 * socket has it (p99 over events). Beside it, the same run's baseline: a bare `ws` server
 * broadcasting to the same clients on the same box; the ratio shows the feed's own cost. One
 * instance always (PGlite, or PostgreSQL with TEST_DATABASE_URL / DATABASE_URL); two instances over
 * Redis when a PostgreSQL URL and TEST_REDIS_URL / REDIS_URL are given. Memory per idle socket on
 * the server is reported. Goal: p99 < 50 ms at 2,000 sockets on one instance.
 */
import { once } from 'node:events';
import { pino } from 'pino';
import { WebSocketServer } from 'ws';
import { buildApp } from '../../src/server/app';
import { createAppContext } from '../../src/server/appContext';
import { prepareDatabase } from '../../src/server/bootstrap';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/db/database';
import { createMemoryBus, createRedisBus, type Bus } from '../../src/server/events/bus';
import { appendEvent } from '../../src/server/events/eventLog';
import { LIVE_PATH } from '../../src/shared/contracts/live';
import { systemClock } from '../../src/shared/clock';
import { systemTimers } from '../../src/shared/timers';
import { now, openClients, percentile } from './socketClients';

const GOAL_P99_MS = 50;
const LEVELS = [100, 500, 2_000];
const EVENTS_PER_LEVEL = 30;
const EVENT_SPACING_MS = 100;
const pgUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const config = loadConfig({ LOG_LEVEL: 'silent', SEED_SIZE: 'small', DEMO: 'on', DEMO_PASSWORD: 'kosh-bench-2026' });
const log = pino({ level: 'silent' });

async function startInstance(database: Database, bus: Bus) {
  const ctx = createAppContext({
    config,
    database,
    bus,
    clock: systemClock,
    timers: systemTimers,
    build: { version: 'bench', id: 'bench' },
    log,
    ready: true,
  });
  const app = await buildApp(ctx);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, ctx, url: `ws://127.0.0.1:${(app.server.address() as { port: number }).port}${LIVE_PATH}` };
}

interface Result {
  p50: number;
  p99: number;
  everySocketP99: number;
  delivered: number;
  expected: number;
}

function summarise(sentAt: Map<string, number>, arrivals: Record<string, number[]>, sockets: number): Result {
  const each: number[] = [];
  const lastPerEvent: number[] = [];
  let delivered = 0;
  for (const [mark, t0] of sentAt) {
    const times = arrivals[mark] ?? [];
    delivered += times.length;
    each.push(...times.map((t) => t - t0));
    if (times.length) lastPerEvent.push(Math.max(...times) - t0);
  }
  return {
    p50: percentile(each, 50),
    p99: percentile(each, 99),
    everySocketP99: percentile(lastPerEvent, 99),
    delivered,
    expected: sentAt.size * sockets,
  };
}

/** The baseline: a bare ws server broadcasting a marked message to every client. */
async function baseline(count: number): Promise<Result> {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await once(server, 'listening');
  server.on('connection', (ws) => ws.once('message', () => ws.send('{"ready":true}')));
  const clients = await openClients([`ws://127.0.0.1:${(server.address() as { port: number }).port}`], count);
  const sentAt = new Map<string, number>();
  for (let seq = 1; seq <= EVENTS_PER_LEVEL; seq += 1) {
    const data = JSON.stringify({ seq });
    sentAt.set(String(seq), now());
    for (const ws of server.clients) ws.send(data);
    await sleep(EVENT_SPACING_MS);
  }
  await sleep(500);
  const result = summarise(sentAt, await clients.report(), count);
  server.close();
  return result;
}

/** The feed: every socket is the same user, so each roles change (committed through the log) reaches all of them. */
async function feed(
  database: Database,
  urls: readonly string[],
  token: string,
  account: { id: number; clientId: number },
  count: number,
): Promise<Result> {
  const clients = await openClients(urls, count, token);
  const sentAt = new Map<string, number>();
  for (let i = 0; i < EVENTS_PER_LEVEL; i += 1) {
    const id = await database.db.transaction((tx) =>
      appendEvent(tx, systemClock, {
        type: 'user_account.roles_changed',
        aggregateId: account.id,
        clientId: account.clientId,
        payload: { from: ['user'], to: ['user'] },
      }),
    );
    sentAt.set(String(id), now());
    await sleep(EVENT_SPACING_MS);
  }
  await sleep(1_000);
  return summarise(sentAt, await clients.report(), count);
}

const fmt = (ms: number) => ms.toFixed(1).padStart(8);
const rows: string[] = [];
const print = (label: string, sockets: number, r: Result, base?: Result) => {
  const ratio = base ? `${(r.p99 / base.p99).toFixed(1)}×`.padStart(7) : ''.padStart(7);
  rows.push(
    `${label.padEnd(24)} ${String(sockets).padStart(6)} ${fmt(r.p50)} ${fmt(r.p99)} ${fmt(r.everySocketP99)} ${ratio}   ${r.delivered}/${r.expected}`,
  );
};

const database = await openDatabase(pgUrl ? { kind: 'postgres', url: pgUrl } : { kind: 'pglite' });
await prepareDatabase(database, config, systemClock);
const one = await startInstance(database, createMemoryBus());
const signIn = await one.app.inject({
  method: 'POST',
  url: '/api/token/',
  payload: { email: 'user@arihant.demo', password: 'kosh-bench-2026' },
});
const token = signIn.json().access as string;
const principal = (await one.ctx.services.auth.principalFromToken(token))!;
const account = { id: principal.userAccountId, clientId: principal.clientId };

process.stdout.write(
  `Live feed on ${database.kind}, ${EVENTS_PER_LEVEL} events per level, ${EVENT_SPACING_MS} ms apart (ms; ratio = p99 / baseline p99)\n`,
);
const header = `${'setup'.padEnd(24)} ${'socks'.padStart(6)} ${'p50'.padStart(8)} ${'p99'.padStart(8)} ${'all p99'.padStart(8)} ${'ratio'.padStart(7)}   delivered`;
let worstAt2000 = Number.NaN;
let memoryPerSocket = Number.NaN;
for (const count of LEVELS) {
  const base = await baseline(count);
  print('baseline (bare ws)', count, base);
  globalThis.gc?.();
  const rssBefore = process.memoryUsage().rss;
  const result = await feed(database, [one.url], token, account, count);
  if (count === 2_000) {
    worstAt2000 = result.p99;
    memoryPerSocket = (process.memoryUsage().rss - rssBefore) / count;
  }
  print('feed, one instance', count, result, base);
}
await one.app.close();

if (pgUrl && redisUrl) {
  const prefix = `kosh-bench-${process.pid}:`;
  const second = await openDatabase({ kind: 'postgres', url: pgUrl });
  const a = await startInstance(database, await createRedisBus(redisUrl, prefix));
  const b = await startInstance(second, await createRedisBus(redisUrl, prefix));
  for (const count of LEVELS) {
    const base = await baseline(count);
    print('feed, two over Redis', count, await feed(database, [a.url, b.url], token, account, count), base);
  }
  await a.app.close();
  await b.app.close();
  await second.close();
} else {
  rows.push('two instances over Redis: skipped (needs TEST_DATABASE_URL and TEST_REDIS_URL)');
}
await database.close();

process.stdout.write(`${[header, ...rows].join('\n')}\n`);
process.stdout.write(
  `Server memory per open socket at 2,000 (RSS growth while they were open): ${(memoryPerSocket / 1024).toFixed(1)} KiB\n`,
);
process.stdout.write(
  `Goal p99 < ${GOAL_P99_MS} ms at 2,000 sockets on one instance: ${worstAt2000 < GOAL_P99_MS ? 'met' : 'NOT met'} (${worstAt2000.toFixed(1)} ms)\n`,
);
process.exit(0);
