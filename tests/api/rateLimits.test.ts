import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../src/server/plugins/rateLimits';
import { createTestApp, type TestApp } from './helpers/testApp';

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl && process.env.CI === 'true') throw new Error('TEST_REDIS_URL must be set in CI');

// The documented defaults, unscaled: what a production server applies.
const AT_DEFAULTS = { RATE_LIMIT_SCALE: '1' };

const requestOtp = (t: TestApp, mobile: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/request-otp/', payload: { mobile, request_type: 'login' }, headers });
const mobileNo = (i: number) => `98${String(10_000_000 + i).padStart(8, '0')}`;

describe('rate limits at their defaults', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(AT_DEFAULTS);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers OTP requests to 150 mobiles from one address with 429 past the limit, with Retry-After and a clear message', async () => {
    const max = RATE_LIMITS['POST /api/request-otp/']!.perIp.max;
    const answers = [];
    for (let i = 0; i < 150; i += 1) answers.push(await requestOtp(t, mobileNo(i)));
    expect(answers.slice(0, max).every((a) => a.statusCode === 200)).toBe(true);
    const refused = answers.slice(max);
    expect(refused.every((a) => a.statusCode === 429)).toBe(true);
    const retryAfter = Number(refused[0]!.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(refused[0]!.json()).toEqual({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^Too many requests\. Please try again in \d+ (seconds|minutes)\.$/),
    });
  });

  it('ignores X-Forwarded-For without TRUST_PROXY: a forged address does not get a fresh allowance', async () => {
    // The previous test used up this address's allowance; new forged addresses change nothing.
    const forged = await requestOtp(t, mobileNo(500), { 'x-forwarded-for': '203.0.113.77' });
    expect(forged.statusCode).toBe(429);
  });

  it('stops 50 registrations from one address after the limit', async () => {
    const max = RATE_LIMITS['POST /api/client/register/']!.perIp.max;
    const statuses: number[] = [];
    for (let i = 0; i < 50; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/client/register/',
        payload: {
          auth_mode: 'password',
          pan: `FLOOD${String(1000 + i)}F`,
          password: 'Sunrise#Bonds-26',
          identity: { first_name: 'Flood', last_name: 'Tester' },
          client_type: 'CORP',
          category: null,
          corporate_identity: { name: `Flood Firm ${i}` },
          contact: { email: `flood${i}@floodfirms.in`, mobile: mobileNo(1000 + i), whatsapp_consent: false },
        },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, max)).toEqual(Array(max).fill(200));
    expect(statuses.slice(max)).toEqual(Array(50 - max).fill(429));
  });

  it('counts sign-ins for one e-mail together, whatever address they come from', async () => {
    const { max } = RATE_LIMITS['POST /api/token/']!.perIdentity!;
    const statuses: number[] = [];
    for (let i = 0; i <= max; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/token/',
        remoteAddress: `198.51.100.${i + 1}`,
        payload: { email: 'nobody-at-all@example.in', password: 'wrong-password' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});

describe.skipIf(!redisUrl)('rate limits shared over Redis', () => {
  it('counts one limit across two instances', async () => {
    const env = { ...AT_DEFAULTS, REDIS_URL: redisUrl!, REDIS_KEY_PREFIX: `kosh-test-${randomUUID()}:` };
    const a = await createTestApp(env);
    const b = await createTestApp(env);
    try {
      const max = RATE_LIMITS['POST /api/request-otp/']!.perIp.max;
      for (let i = 0; i < max; i += 1) expect((await requestOtp(i % 2 === 0 ? a : b, mobileNo(2000 + i))).statusCode).toBe(200);
      const onA = await requestOtp(a, mobileNo(2100));
      const onB = await requestOtp(b, mobileNo(2101));
      expect([onA.statusCode, onB.statusCode]).toEqual([429, 429]);
      expect(Number(onB.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await a.close();
      await b.close();
    }
  }, 120_000);
});
