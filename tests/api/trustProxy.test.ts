import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../src/server/plugins/rateLimits';
import { createTestApp, type TestApp } from './helpers/testApp';
import { TEST_DEMO_PASSWORD } from './setup/seedTemplate';

const viaTlsProxy = (client: string) => ({ 'x-forwarded-proto': 'https', 'x-forwarded-for': client });
const signIn = (t: TestApp, headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/token/',
    payload: { email: 'clientviewer@arihant.demo', password: TEST_DEMO_PASSWORD },
    headers,
  });
const requestOtp = (t: TestApp, i: number, headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/request-otp/',
    payload: { mobile: `97${String(20_000_000 + i)}`, request_type: 'login' },
    headers,
  });
const OTP_PER_IP = RATE_LIMITS['POST /api/request-otp/']!.perIp.max;

describe('behind a TLS proxy with TRUST_PROXY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '1', RATE_LIMIT_SCALE: '1' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('marks the refresh cookie Secure and sends HSTS when the proxy says the request came over https', async () => {
    const res = await signIn(t, viaTlsProxy('203.0.113.10'));
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'kosh_refresh')).toMatchObject({ secure: true, httpOnly: true });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const plain = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'http' } });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });

  it("counts rate limits per client address from X-Forwarded-For, so one client's flood does not throttle another", async () => {
    for (let i = 0; i < OTP_PER_IP; i += 1) expect((await requestOtp(t, i, viaTlsProxy('203.0.113.20'))).statusCode).toBe(200);
    expect((await requestOtp(t, 100, viaTlsProxy('203.0.113.20'))).statusCode).toBe(429);
    expect((await requestOtp(t, 101, viaTlsProxy('203.0.113.21'))).statusCode).toBe(200);
  });
});

describe('without TRUST_PROXY (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SCALE: '1' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('ignores X-Forwarded-Proto: no Secure cookie over plain http, no HSTS', async () => {
    const res = await signIn(t, viaTlsProxy('203.0.113.10'));
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'kosh_refresh')?.secure).toBeFalsy();
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('ignores X-Forwarded-For: forged addresses share the real address of the connection', async () => {
    for (let i = 0; i < OTP_PER_IP; i += 1) expect((await requestOtp(t, i, { 'x-forwarded-for': `198.51.100.${i}` })).statusCode).toBe(200);
    expect((await requestOtp(t, 100, { 'x-forwarded-for': '198.51.100.250' })).statusCode).toBe(429);
  });
});

describe('TRUST_PROXY as a list of addresses', () => {
  it('believes the headers only from a listed proxy', async () => {
    const t = await createTestApp({ TRUST_PROXY: '10.0.0.1, 10.0.0.2' });
    try {
      const fromListed = await t.app.inject({
        method: 'GET',
        url: '/api/health',
        remoteAddress: '10.0.0.2',
        headers: viaTlsProxy('203.0.113.5'),
      });
      expect(fromListed.headers['strict-transport-security']).toBeDefined();
      const fromOther = await t.app.inject({
        method: 'GET',
        url: '/api/health',
        remoteAddress: '10.9.9.9',
        headers: viaTlsProxy('203.0.113.5'),
      });
      expect(fromOther.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await t.close();
    }
  }, 120_000);
});
