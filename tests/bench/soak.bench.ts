/**
 * Soak benchmark (issue #27): two real instances on one PostgreSQL and one Redis, the two-firm
 * trading loop (a bid on instance 1, the response on instance 2, the accept on instance 1) and a
 * chat between the two dealers, at a steady rate for SOAK_MINUTES (default 3). Printed per minute:
 * requests, p99 latency and each instance's resident memory, with their ratios to the first
 * minute: a leak or a slowdown shows as a ratio that keeps growing. Needs TEST_DATABASE_URL (or
 * DATABASE_URL) and TEST_REDIS_URL (or REDIS_URL); never run in CI.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { startInstance, type Instance } from '../api/helpers/serverInstances';
import { percentile } from './socketClients';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 3);
const VERBOSE_FAILURES = 3;
/** One trading round and one chat message per dealer every this many milliseconds. */
const ROUND_MS = 250;
const PASSWORD = 'soak-bench-password';
const databaseUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL;
if (!databaseUrl || !redisUrl) {
  process.stderr.write('The soak bench needs TEST_DATABASE_URL and TEST_REDIS_URL (two instances share them).\n');
  process.exit(1);
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const rssMb = (instance: Instance) => {
  const line = readFileSync(`/proc/${instance.child.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return line ? Number(line[1]) / 1024 : NaN;
};

const env = { DEMO: 'on', SEED_SIZE: 'small', DEMO_PASSWORD: PASSWORD, MARKET_SIMULATOR: 'off', MARKET_HOURS: 'open', LOG_LEVEL: 'error' };
const prefix = `kosh-soak-${process.pid}:`;
// The first instance migrates and seeds; the second joins the ready database.
const one = await startInstance(databaseUrl, redisUrl, prefix, env);
const two = await startInstance(databaseUrl, redisUrl, prefix, env);

const latencies: number[] = [];
let failures = 0;
async function call(instance: Instance, method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${instance.port}${path}`, {
    method,
    headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...headers },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as Record<string, unknown>;
  latencies.push(performance.now() - started);
  if (res.status >= 300 && ++failures <= VERBOSE_FAILURES)
    process.stderr.write(`${method} ${path}: ${res.status} ${JSON.stringify(json)}\n`);
  return json;
}

async function dealer(instance: Instance, email: string) {
  const { access } = (await call(instance, 'POST', '/api/token/', {}, { email, password: PASSWORD })) as { access: string };
  const auth = { authorization: `Bearer ${access}` };
  const { user_info } = (await call(instance, 'GET', '/api/session/', auth)) as { user_info: { unique_id: string } };
  await call(instance, 'PATCH', '/api/client/chat-terms/', auth);
  const { token } = (await call(instance, 'POST', '/api/issue-sb-session-token', auth, { userId: user_info.unique_id })) as {
    token: string;
  };
  return { instance, auth, chat: { ...auth, 'x-chat-session': token }, userId: user_info.unique_id };
}

const a = await dealer(one, 'clientdealer@arihant.demo');
const b = await dealer(two, 'clientdealer@vasuki.demo');
// A plain corporate bond to quote (as the trading tests pick theirs).
const admin = new pg.Client({ connectionString: databaseUrl });
await admin.connect();
const { rows } = await admin.query<{ id: number; face_value: string }>(`select id, face_value from finstruments
  where convention = 'IN_CORP' and frequency > 0 and available and maturity_date > '2029-01-01'
    and call_schedule = '[]'::jsonb and put_schedule = '[]'::jsonb order by id limit 1`);
await admin.end();
const bond = { id: rows[0]!.id, quantum: Number(rows[0]!.face_value) * 10 };
const channel = (await call(one, 'POST', '/api/chat/channels/', a.chat, { customType: 'direct', invitedUserIds: [b.userId] })) as {
  url: string;
};
const channelUrl = channel.url;
await call(two, 'POST', `/api/chat/channels/${channelUrl}/accept/`, b.chat);
latencies.length = 0;
failures = 0;

let seq = 0;
async function round(): Promise<void> {
  seq += 1;
  const bid = (await call(one, 'POST', '/api/trade/eoi/', a.auth, {
    finstrument_id: bond.id,
    quantum: bond.quantum,
    yield_stored: 0.0825,
  })) as {
    id: number;
  };
  const cluster = (await call(two, 'POST', '/api/eoi/add-negotiation/', b.auth, { respond_eoi_id: bid.id, unit_price_stored: 99.25 })) as {
    id: number;
  };
  const { figures } = (await call(one, 'GET', `/api/cluster/${cluster.id}/`, a.auth)) as { figures: Record<string, unknown> };
  await call(one, 'POST', `/api/cluster/${cluster.id}/accept/`, a.auth, { ...figures, exchange: 'NSE' });
  await call(one, 'POST', `/api/chat/channels/${channelUrl}/messages/`, a.chat, { reqId: `soak-a-${seq}`, message: `Done #${seq}` });
  await call(two, 'POST', `/api/chat/channels/${channelUrl}/messages/`, b.chat, { reqId: `soak-b-${seq}`, message: `Thanks #${seq}` });
}

interface Minute {
  requests: number;
  failures: number;
  p99: number;
  rss: [number, number];
}
const minutes: Minute[] = [];
for (let minute = 1; minute <= MINUTES; minute += 1) {
  const ends = performance.now() + 60_000;
  while (performance.now() < ends) {
    const started = performance.now();
    await round().catch(() => (failures += 1));
    await sleep(Math.max(0, ROUND_MS - (performance.now() - started)));
  }
  minutes.push({ requests: latencies.length, failures, p99: percentile(latencies, 99), rss: [rssMb(one), rssMb(two)] });
  latencies.length = 0;
  failures = 0;
}
for (const instance of [one, two]) instance.child.kill('SIGTERM');
await Promise.all([one.exited, two.exited]);

const first = minutes[0]!;
const ratio = (value: number, base: number) => (value / base).toFixed(2);
process.stdout.write('\nminute | requests | failed | p99 ms | p99 ×1st | RSS 1 MB | RSS 1 ×1st | RSS 2 MB | RSS 2 ×1st\n');
minutes.forEach((m, i) =>
  process.stdout.write(
    `${String(i + 1).padStart(6)} | ${String(m.requests).padStart(8)} | ${String(m.failures).padStart(6)} | ${m.p99.toFixed(1).padStart(6)} | ${ratio(m.p99, first.p99).padStart(8)} | ${m.rss[0].toFixed(0).padStart(8)} | ${ratio(m.rss[0], first.rss[0]).padStart(10)} | ${m.rss[1].toFixed(0).padStart(8)} | ${ratio(m.rss[1], first.rss[1]).padStart(10)}\n`,
  ),
);
