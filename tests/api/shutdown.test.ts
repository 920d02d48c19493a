/**
 * Graceful shutdown (issue #27 item 9): live sockets are told to reconnect ("Server stopping"),
 * each at its own moment within the spread window; new requests are refused while the job run in
 * flight finishes; the database is closed last. A run that outlasts SHUTDOWN_TIMEOUT_MS is cut off.
 */
import { rm } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { startSweep } from '../../src/server/domain/sweep';
import { shutDown } from '../../src/server/shutdown';
import { LIVE_CLOSE } from '../../src/shared/contracts/live';
import { LiveSocket, liveUrl } from './helpers/liveSocket';
import { signIn } from './helpers/signIn';
import { createTestApp, type TestApp } from './helpers/testApp';

let t: TestApp;
afterEach(async () => {
  await rm(t.ctx.config.dataDir, { recursive: true, force: true });
});

/** A job whose run lasts until released. */
function slowJob(t: TestApp) {
  let release = () => {};
  const stop = startSweep(
    () => new Promise<void>((resolve) => (release = resolve)),
    t.clock,
    5_000,
    () => undefined,
  );
  return { stop, release: () => release() };
}

const stopping = { code: LIVE_CLOSE.serverStopping.code, reason: LIVE_CLOSE.serverStopping.reason };

describe('graceful shutdown', () => {
  it('spreads the sockets’ reconnects over the window, refuses new requests, waits for the job run and closes the database', async () => {
    t = await createTestApp();
    const url = await liveUrl(t.app);
    const { access } = await signIn(t.app, 'clientdealer@arihant.demo');
    const sockets = await Promise.all([0, 1, 2, 3].map(() => LiveSocket.signedIn(url, access)));
    const job = slowJob(t);
    let outcome: string | null = null;
    // Timeout 9 s: the closes are spread over its third, 3 s; each socket draws its moment.
    const moments = [0.1, 0.4, 0.7, 0.95];
    const done = shutDown({
      app: t.app,
      hub: t.ctx.live.hub,
      jobs: [job.stop],
      bus: t.ctx.bus,
      database: t.ctx.database,
      timers: t.clock,
      timeoutMs: 9_000,
      random: () => moments.shift()!,
    }).then((result) => (outcome = result));

    const health = await fetch(url.replace('ws://', 'http://').replace(/\/ws\/.*/, '/api/health'));
    expect(health.status).toBe(503);

    t.clock.advance(1_000);
    expect(await sockets[0]!.closed).toEqual(stopping);
    expect(sockets.slice(1).map((s) => s.isOpen)).toEqual([true, true, true]);
    t.clock.advance(1_000);
    expect(await sockets[1]!.closed).toEqual(stopping);
    expect(sockets.slice(2).map((s) => s.isOpen)).toEqual([true, true]);
    t.clock.advance(1_000);
    expect(await Promise.all(sockets.slice(2).map((s) => s.closed))).toEqual([stopping, stopping]);

    // The job run in flight holds the shutdown, within the deadline.
    await new Promise((resolve) => setImmediate(resolve));
    expect(outcome).toBeNull();
    await expect(t.ctx.database.db.execute(sql`select 1`)).resolves.toBeDefined();
    job.release();
    await done;
    expect(outcome).toBe('finished');
    await expect(t.ctx.database.db.execute(sql`select 1`)).rejects.toThrow();
  });

  it('cuts off a job run that outlasts SHUTDOWN_TIMEOUT_MS and still closes the database', async () => {
    t = await createTestApp();
    const job = slowJob(t);
    const done = shutDown({
      app: t.app,
      hub: t.ctx.live.hub,
      jobs: [job.stop],
      bus: t.ctx.bus,
      database: t.ctx.database,
      timers: t.clock,
      timeoutMs: 9_000,
    });
    await new Promise((resolve) => setImmediate(resolve));
    t.clock.advance(9_000);
    expect(await done).toBe('timed out');
    await expect(t.ctx.database.db.execute(sql`select 1`)).rejects.toThrow();
    job.release();
  });
});
