/**
 * /metrics: Prometheus series an operator scrapes — request latency by route pattern and status,
 * live sockets and queued bytes, dispatcher lag, sweep durations, exchange answers, event-log size —
 * served to this host, or to whoever presents METRICS_TOKEN, and to nobody else.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const scrape = (app: TestApp, options: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  app.app.inject({ method: 'GET', url: '/metrics', ...options });

describe('metrics', () => {
  it('serves every series to a loopback scrape, requests labelled by route pattern and status', async () => {
    await t.app.inject({ method: 'GET', url: '/api/ready' });
    await t.app.inject({ method: 'GET', url: '/api/finstrument/987654/' });
    // The dispatcher's cursor, a sweep's run and an exchange's answer, as a running server has them.
    await t.ctx.live.start();
    await t.ctx.live.stop();
    await t.ctx.services.trading.startValidityExpiry(() => undefined)();
    await t.ctx.services.trading.exchanges.NSE.submitDeal({
      dealId: 424_242,
      finstrumentIsin: 'INE000000001',
      buyerClientId: 1,
      sellerClientId: 2,
      quantity: 1,
      unitPrice: '100.0000',
      yield: '7.000000',
      settlementDate: '2026-12-01',
      consideration: '100000.00',
    });

    const res = await scrape(t);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const body = res.body;
    expect(body).toMatch(/kosh_http_request_duration_seconds_count\{method="GET",route="\/api\/ready",status="200"\} 1/);
    // One series per route pattern, never the raw URL with its id.
    expect(body).toMatch(/kosh_http_request_duration_seconds_count\{method="GET",route="\/api\/finstrument\/:id\/",status="401"\} 1/);
    expect(body).not.toContain('987654');
    expect(body).toContain('kosh_live_sockets 0');
    expect(body).toContain('kosh_live_queued_bytes 0');
    expect(body).toMatch(/kosh_dispatcher_lag_seconds\{consumer="live-bus"\} 0/);
    expect(body).toMatch(/kosh_event_log_events \d+/);
    expect(body).toMatch(/kosh_sweep_duration_seconds_count\{sweep="validity_expiry"\} [1-9]/);
    expect(body).toMatch(/kosh_exchange_answers_total\{platform="NSE",status="CONFIRMED"\} [1-9]/);
    expect(body).toContain('process_resident_memory_bytes');
  });

  it('refuses a caller from another host when no METRICS_TOKEN is set, and one a proxy forwarded', async () => {
    expect((await scrape(t, { remoteAddress: '10.20.30.40' })).statusCode).toBe(403);
    expect((await scrape(t, { headers: { 'x-forwarded-for': '10.20.30.40' } })).statusCode).toBe(403);
  });

  // Builds a second app over its own database copy: seconds alone, tens of seconds on a loaded runner.
  it('with METRICS_TOKEN, serves any host presenting it and refuses one without it', { timeout: 120_000 }, async () => {
    const withToken = await createTestApp({ METRICS_TOKEN: 'metrics-secret-for-the-scraper' });
    try {
      const remote = { remoteAddress: '10.20.30.40' };
      expect((await scrape(withToken, remote)).statusCode).toBe(401);
      expect((await scrape(withToken, { ...remote, headers: { authorization: 'Bearer wrong-secret' } })).statusCode).toBe(403);
      const ok = await scrape(withToken, { ...remote, headers: { authorization: 'Bearer metrics-secret-for-the-scraper' } });
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('kosh_live_sockets');
    } finally {
      await withToken.close();
    }
  });
});
