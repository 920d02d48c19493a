/**
 * Nothing secret in the server log (issue #21 item 12): the app runs with the production logger
 * (src/server/logger.ts) writing into a captured stream, at trace level so every line is there.
 * A query that fails during a password reset logs neither the token nor its hash; file tokens and
 * reset tokens in URLs are masked; one-time passwords, reset links and invitation codes are sent
 * through the gateway of an installation without SMTP, with only a masked address in the log.
 */
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { passwordResetTokens, users } from '../../src/server/db/schema';
import { newSecureToken } from '../../src/server/domain/passwords/secureToken';
import { createMemoryBus } from '../../src/server/events/bus';
import { createLogger, maskUrl, REDACTED } from '../../src/server/logger';
import { bearer, signIn } from './helpers/signIn';
import { createTestApp, type TestApp } from './helpers/testApp';

let t: TestApp;
let lines: string[] = [];
const captured = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});
const logged = () => lines.join('\n');

beforeAll(async () => {
  t = await createTestApp({ DEMO: 'on' }, createMemoryBus(), createLogger({ level: 'trace' }, captured), { logMail: true });
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  lines = [];
});

const db = () => t.ctx.database.db;
const userId = async (email: string) => (await db().select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
/** The newest message sent to `recipient`. */
const lastMessage = async (recipient: string) => t.mail.to(recipient)[0]!;

describe('the server log', () => {
  it('logs a query that failed during a password reset without the token, its hash or the new password', async () => {
    const id = await userId('user@vasuki.demo');
    const { token, hash } = newSecureToken();
    const now = t.clock.now();
    await db()
      .insert(passwordResetTokens)
      .values({ userId: id, tokenHash: hash, createdAt: now, expiresAt: new Date(now.getTime() + 60_000) });
    // The table the reset reads has lost a column: the lookup by token hash fails in the database.
    await db().execute(sql`alter table password_reset_tokens rename column expires_at to expires_on`);
    try {
      const password = 'Quiet-Harbour-2026';
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/change-password/${id}/`,
        payload: { token, new_password1: password, new_password2: password },
      });
      expect(res.statusCode).toBe(500);
      const failure = lines
        .map((l) => JSON.parse(l) as { msg?: string; err?: { message?: string } })
        .find((l) => l.msg === 'request failed');
      // The failure is there, with the statement that failed, for whoever investigates.
      expect(failure?.err?.message).toContain('password_reset_tokens');
      for (const secret of [token, hash, password]) expect(logged()).not.toContain(secret);
    } finally {
      await db().execute(sql`alter table password_reset_tokens rename column expires_on to expires_at`);
    }
  });

  it('masks the token of a file link and of a reset link in every logged URL, reported client errors included', async () => {
    const { access } = await signIn(t.app, 'clientopsadmin@arihant.demo');
    const fileToken = newSecureToken().token;
    await t.app.inject({ method: 'GET', url: `/api/support/files/${fileToken}`, headers: bearer(access) });
    const resetToken = newSecureToken().token;
    await t.app.inject({ method: 'GET', url: `/change-password?uid=7&token=${resetToken}` });
    // A browser reporting an error from a reset page sends that page's address.
    const report = { message: 'TypeError: x is undefined', url: `http://127.0.0.1:3000/change-password?uid=7&token=${resetToken}` };
    expect((await t.app.inject({ method: 'POST', url: '/api/client-errors/', payload: report })).statusCode).toBe(202);
    expect(logged()).toContain(`/api/support/files/${REDACTED}`);
    expect(logged()).toContain(`/change-password?uid=7&token=${REDACTED}`);
    for (const secret of [fileToken, resetToken, access]) expect(logged()).not.toContain(secret);
  });

  it('masks query secrets and capability path segments, and leaves ids and plain parameters alone', () => {
    expect(maskUrl('/client/register?invite_code=abc123&step=2')).toBe(`/client/register?invite_code=${REDACTED}&step=2`);
    expect(maskUrl('/api/chat/files/42/?otp=123456')).toBe(`/api/chat/files/42/?otp=${REDACTED}`);
    expect(maskUrl('/api/finstrument/1203/')).toBe('/api/finstrument/1203/');
    expect(maskUrl('/find?keyword=ntpc&access_token=eyJ')).toBe(`/find?keyword=ntpc&access_token=${REDACTED}`);
  });

  it('sends one-time passwords, reset links and invitation codes without ever logging them', async () => {
    const otpTo = 'backoffice@arihant.demo';
    expect((await t.app.inject({ method: 'POST', url: '/api/request-otp/', payload: { email: otpTo } })).statusCode).toBe(200);
    const otp = /\b(\d{6})\b/.exec((await lastMessage(otpTo)).body)![1]!;

    const resetTo = 'priceoverride@arihant.demo';
    const web_url = `http://${t.ctx.config.host}:${t.ctx.config.port}/change-password`;
    expect((await t.app.inject({ method: 'POST', url: '/api/reset-password/', payload: { email: resetTo, web_url } })).statusCode).toBe(
      200,
    );
    const link = /https?:\/\/\S+/.exec((await lastMessage(resetTo)).body)![0];

    const { access } = await signIn(t.app, 'clientopsadmin@arihant.demo');
    const inviteTo = 'new.analyst@arihant.demo';
    const invite = { email: inviteTo, first_name: 'Nisha', last_name: 'Pai', roles: ['clientviewer'] };
    const invited = await t.app.inject({ method: 'POST', url: '/api/client/user/invite/', headers: bearer(access), payload: invite });
    expect(invited.statusCode).toBeLessThan(300);
    const code = /invite_code=([^\s&]+)/.exec((await lastMessage(inviteTo)).body)![1]!;

    for (const secret of [otp, link, new URL(link).searchParams.get('token')!, code, decodeURIComponent(code)]) {
      expect(logged()).not.toContain(secret);
    }
    // What the log says instead: a message went to a masked address.
    for (const masked of ['ba***@arihant.demo', 'pr***@arihant.demo', 'ne***@arihant.demo']) expect(logged()).toContain(masked);
    for (const address of [otpTo, resetTo, inviteTo]) expect(logged()).not.toContain(`"${address}"`);
  });
});
