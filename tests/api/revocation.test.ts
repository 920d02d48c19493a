import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTokens, users } from '../../src/server/db/schema';
import { newSecureToken } from '../../src/server/domain/passwords/secureToken';
import { createRedisBus } from '../../src/server/events/bus';
import { bearer, signIn } from './helpers/signIn';
import { createTestApp, type TestApp } from './helpers/testApp';

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl && process.env.CI === 'true') throw new Error('TEST_REDIS_URL must be set in CI');

const session = (t: TestApp, access: string) => t.app.inject({ method: 'GET', url: '/api/session/', headers: bearer(access) });
const logout = (t: TestApp, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/logout/', payload, headers });

describe('access tokens end with their sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses the access token at once after sign-out with the refresh token, long before it expires', async () => {
    const tokens = await signIn(t.app, 'clientdealer@arihant.demo');
    expect((await session(t, tokens.access)).statusCode).toBe(200);
    expect((await logout(t, { refresh: tokens.refresh })).statusCode).toBe(200);
    const after = await session(t, tokens.access);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('UNAUTHENTICATED');
    // Another sign-in of the same person is untouched.
    const other = await signIn(t.app, 'clientdealer@arihant.demo');
    expect((await session(t, other.access)).statusCode).toBe(200);
  });

  it('ends the sign-in of the access token when sign-out carries only the bearer token, the refresh token included', async () => {
    const tokens = await signIn(t.app, 'clientviewer@arihant.demo');
    expect((await logout(t, {}, bearer(tokens.access))).statusCode).toBe(200);
    expect((await session(t, tokens.access)).statusCode).toBe(401);
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: tokens.refresh } });
    expect(refreshed.statusCode).toBe(401);
  });

  it('refuses the access tokens refreshed within an ended sign-in too', async () => {
    const first = await signIn(t.app, 'backoffice@arihant.demo');
    const refreshed = (await t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: first.refresh } })).json();
    expect((await logout(t, { refresh: refreshed.refresh })).statusCode).toBe(200);
    expect((await session(t, first.access)).statusCode).toBe(401);
    expect((await session(t, refreshed.access)).statusCode).toBe(401);
  });

  it('refuses every access token of the user at once after a password reset', async () => {
    const email = 'priceoverride@arihant.demo';
    const a = await signIn(t.app, email);
    const b = await signIn(t.app, email);
    const [user] = await t.ctx.database.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`);
    const link = newSecureToken();
    const now = t.ctx.clock.now();
    await t.ctx.database.db
      .insert(passwordResetTokens)
      .values({ userId: user!.id, tokenHash: link.hash, createdAt: now, expiresAt: new Date(now.getTime() + 60_000) });
    const body = { new_password1: 'Monsoon-Bonds-27', new_password2: 'Monsoon-Bonds-27', token: link.token };
    expect((await t.app.inject({ method: 'POST', url: `/api/change-password/${user!.id}/`, payload: body })).statusCode).toBe(200);
    expect((await session(t, a.access)).statusCode).toBe(401);
    expect((await session(t, b.access)).statusCode).toBe(401);
  });

  it('keeps a revocation only while the tokens it covers could still be valid', async () => {
    const tokens = await signIn(t.app, 'user@arihant.demo');
    const claims = JSON.parse(Buffer.from(tokens.access.split('.')[1]!, 'base64url').toString()) as { sid: string; jti: string };
    await logout(t, { refresh: tokens.refresh }, bearer(tokens.access));
    expect(t.ctx.revocations.isRevoked({ sessionId: claims.sid })).toBe(true);
    expect(t.ctx.revocations.isRevoked({ jti: claims.jti })).toBe(true);
    t.clock.advance(t.ctx.config.auth.accessTtlSeconds * 1000 + 1);
    expect(t.ctx.revocations.isRevoked({ sessionId: claims.sid })).toBe(false);
    expect((await session(t, tokens.access)).statusCode).toBe(401);
  });
});

describe.skipIf(!redisUrl)('revocation across instances over Redis', () => {
  it('refuses on the other instance too, without asking the database', async () => {
    const prefix = `kosh-test-${randomUUID()}:`;
    // Two instances with one signing secret over the same seeded data (each its own copy) and one Redis.
    const env = { JWT_SECRET: 'a-signing-secret-shared-by-both-instances-0123' };
    const a = await createTestApp(env, await createRedisBus(redisUrl!, prefix));
    const b = await createTestApp(env, await createRedisBus(redisUrl!, prefix));
    try {
      const tokens = await signIn(a.app, 'clientdealer@vasuki.demo');
      expect((await session(b, tokens.access)).statusCode).toBe(200);
      expect((await logout(a, {}, bearer(tokens.access))).statusCode).toBe(200);
      await expect.poll(async () => (await session(b, tokens.access)).statusCode, { timeout: 5_000 }).toBe(401);
    } finally {
      await a.close();
      await b.close();
    }
  }, 120_000);
});
