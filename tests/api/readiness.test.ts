/**
 * Liveness and readiness are two answers: /api/health says the process answers, /api/ready says it
 * can serve — each critical table reads, the migrations are current, Redis and the dispatcher keep
 * up — and names the check that fails. The start log names it too.
 */
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../../src/server/db/database';
import { appendEvent } from '../../src/server/events/eventLog';
import { createRedisBus } from '../../src/server/events/bus';
import { logReadiness } from '../../src/server/readiness';
import { createTestApp, type TestApp } from './helpers/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const ready = () => t.app.inject({ method: 'GET', url: '/api/ready' });
const health = () => t.app.inject({ method: 'GET', url: '/api/health' });

/** Runs `body` with the orders table out of reach, as a damaged table would be. */
async function withOrdersTableGone(body: () => Promise<void>): Promise<void> {
  await t.ctx.database.db.execute(sql`alter table orders rename to orders_moved_away`);
  try {
    await body();
  } finally {
    await t.ctx.database.db.execute(sql`alter table orders_moved_away rename to orders`);
  }
}

describe('readiness', () => {
  it('answers 200 with every check passing when the instance can serve', async () => {
    const res = await ready();
    expect(res.statusCode).toBe(200);
    const body = res.json<{ status: string; checks: Record<string, { status: string }> }>();
    expect(body.status).toBe('ready');
    expect(Object.keys(body.checks)).toEqual(
      expect.arrayContaining(['startup', 'database', 'table:orders', 'table:users', 'table:events', 'migrations', 'dispatcher']),
    );
    expect(Object.values(body.checks).every((check) => check.status === 'ok')).toBe(true);
    // Without REDIS_URL there is no Redis to ask.
    expect(body.checks.redis).toBeUndefined();
  });

  it('answers 503 naming an unreadable critical table, while health still answers 200', async () => {
    await withOrdersTableGone(async () => {
      const res = await ready();
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        status: 'unavailable',
        checks: {
          'table:orders': { status: 'failing', detail: 'not readable' },
          'table:users': { status: 'ok' },
          database: { status: 'ok' },
        },
      });
      expect((await health()).statusCode).toBe(200);
    });
    expect((await ready()).statusCode).toBe(200);
  });

  it('names an unreadable table in the start log', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    await withOrdersTableGone(() => logReadiness(t.ctx, pino({ level: 'info' }, sink)));
    const errors = lines.map((line) => JSON.parse(line) as { level: number; msg: string }).filter((line) => line.level >= 50);
    expect(errors.map((line) => line.msg)).toEqual(['not ready: table:orders not readable']);
  });

  it('answers 503 naming the migrations when one committed migration is not applied', async () => {
    const { db } = t.ctx.database;
    const removed = await db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning hash, created_at::text`,
    );
    const row = rowsOf<{ hash: string; created_at: string }>(removed)[0]!;
    try {
      const res = await ready();
      expect(res.statusCode).toBe(503);
      expect(res.json().checks.migrations).toEqual({ status: 'failing', detail: '1 migration not applied' });
    } finally {
      await db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${row.hash}, ${row.created_at}::bigint)`);
    }
    expect((await ready()).statusCode).toBe(200);
  });

  it('answers 503 naming a consumer whose events wait past the limit, and 200 once it caught up', async () => {
    // The live feed's dispatcher takes its cursor, then stops: events written now wait for it.
    await t.ctx.live.start();
    await t.ctx.live.stop();
    await appendEvent(t.ctx.database.db, t.clock, { type: 'invite.accepted', aggregateId: 1, payload: { user_account_id: 1 } });
    t.clock.advance(30_000);
    expect((await ready()).statusCode).toBe(200);

    t.clock.advance(2_000);
    const res = await ready();
    expect(res.statusCode).toBe(503);
    expect(res.json().checks.dispatcher).toEqual({ status: 'failing', detail: 'live-bus has events waiting for 32 s (limit 30 s)' });

    await t.ctx.live.start();
    try {
      // On a shared PostgreSQL server another session's open transaction can hold the event back
      // for a moment (the dispatcher retries on its own): wait for the catch-up, within a bound.
      await vi.waitFor(async () => expect((await ready()).statusCode).toBe(200), { timeout: 10_000, interval: 50 });
    } finally {
      await t.ctx.live.stop();
    }
  });

  it('answers 503 "startup" while migrating and seeding', async () => {
    t.ctx.readiness.ready = false;
    try {
      const res = await ready();
      expect(res.statusCode).toBe(503);
      expect(res.json().checks.startup).toEqual({ status: 'failing', detail: 'migrating and seeding' });
    } finally {
      t.ctx.readiness.ready = true;
    }
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.skipIf(!redisUrl)('readiness with Redis', () => {
  it('checks Redis when configured, and names it when it stops answering', async () => {
    const bus = await createRedisBus(redisUrl!, `kosh-ready-${process.pid}:`);
    const withRedis = await createTestApp({}, bus);
    try {
      expect((await withRedis.app.inject({ method: 'GET', url: '/api/ready' })).json().checks.redis).toEqual({ status: 'ok' });
      // The live feed lets go of its subscription first; then Redis goes away under the app.
      await withRedis.ctx.live.stop();
      await bus.close();
      const res = await withRedis.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json().checks.redis).toEqual({ status: 'failing', detail: 'not answering' });
    } finally {
      // The bus is closed already: close the rest.
      withRedis.ctx.bus.close = async () => undefined;
      await withRedis.close();
    }
  });
});
