import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../src/server/db/schema';
import { signIn } from './helpers/signIn';
import { createTestApp, type TestApp } from './helpers/testApp';
import { TEST_DEMO_PASSWORD } from './setup/seedTemplate';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://kosh.example' });
});
afterAll(async () => {
  await t.close();
});

const WEB_URL = 'https://kosh.example/auth/reset-password';
const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });

const outboxTo = async (recipient: string) => t.mail.to(recipient);

/** Asks for a reset link for `email` and returns its uid and token. */
async function resetLink(email: string): Promise<{ uid: string; token: string }> {
  expect((await post('/api/reset-password/', { email, web_url: WEB_URL })).statusCode).toBe(200);
  const [latest] = await outboxTo(email);
  const url = new URL(/https:\/\/\S+/.exec(latest?.body ?? '')?.[0] ?? 'https://missing');
  expect(`${url.origin}${url.pathname}`).toBe(WEB_URL);
  return { uid: url.searchParams.get('uid') ?? '', token: url.searchParams.get('token') ?? '' };
}

describe('POST api/reset-password/', () => {
  it('answers the same for known and unknown addresses, and e-mails only the known one', async () => {
    const known = await post('/api/reset-password/', { email: 'backoffice@arihant.demo', web_url: WEB_URL });
    const unknown = await post('/api/reset-password/', { email: 'nobody@arihant.demo', web_url: WEB_URL });
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(await outboxTo('backoffice@arihant.demo')).toHaveLength(1);
    expect(await outboxTo('nobody@arihant.demo')).toHaveLength(0);
  });

  it('validates the e-mail and the page URL', async () => {
    const res = await post('/api/reset-password/', { email: 'not-an-email', web_url: 'javascript:alert(1)' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ email: 'Please enter a valid email address.', web_url: 'Please enter a valid URL.' });
  });

  it('sends at most 3 links an hour to one user', async () => {
    const email = 'priceoverride@arihant.demo';
    for (let i = 0; i < 4; i += 1) expect((await post('/api/reset-password/', { email, web_url: WEB_URL })).statusCode).toBe(200);
    expect(await outboxTo(email)).toHaveLength(3);
  });
});

describe('POST api/change-password/:userId/', () => {
  it('sets the new password, ends old sessions, clears the lock-out, and uses the link up', async () => {
    const email = 'clientdealer@vasuki.demo';
    const old = await signIn(t.app, email);
    for (let i = 0; i < 5; i += 1) await post('/api/token/', { email, password: 'wrong-password' });
    expect((await post('/api/token/', { email, password: TEST_DEMO_PASSWORD })).statusCode).toBe(429);
    const { uid, token } = await resetLink(email);
    const body = { new_password1: 'Monsoon-Bonds-27', new_password2: 'Monsoon-Bonds-27', token };
    const res = await post(`/api/change-password/${uid}/`, body);
    expect(res.statusCode).toBe(200);
    expect((await post('/api/token/', { email, password: 'Monsoon-Bonds-27' })).statusCode).toBe(200);
    expect((await post('/api/token/', { email, password: TEST_DEMO_PASSWORD })).statusCode).toBe(401);
    expect((await post('/api/token/refresh/', { refresh: old.refresh })).statusCode).toBe(401);
    const again = await post(`/api/change-password/${uid}/`, body);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'RESET_LINK_INVALID',
      fields: { token: 'This password reset link is invalid or has expired.' },
    });
    const logged = await t.ctx.database.db
      .select()
      .from(events)
      .where(and(eq(events.type, 'user.password_changed'), eq(events.aggregateId, uid)));
    expect(logged).toHaveLength(1);
  });

  it("refuses an expired link, another user's link and a made-up token", async () => {
    const { uid, token } = await resetLink('user@vasuki.demo');
    const body = { new_password1: 'Monsoon-Bonds-27', new_password2: 'Monsoon-Bonds-27', token };
    expect((await post(`/api/change-password/${Number(uid) + 1}/`, body)).json().code).toBe('RESET_LINK_INVALID');
    expect((await post(`/api/change-password/${uid}/`, { ...body, token: 'made-up' })).json().code).toBe('RESET_LINK_INVALID');
    t.clock.advance(60 * 60_000 + 1);
    expect((await post(`/api/change-password/${uid}/`, body)).json().code).toBe('RESET_LINK_INVALID');
    expect((await post('/api/token/', { email: 'user@vasuki.demo', password: TEST_DEMO_PASSWORD })).statusCode).toBe(200);
  });

  it('checks the password rules with their messages and changes nothing', async () => {
    const email = 'backoffice@vasuki.demo';
    const { uid, token } = await resetLink(email);
    const attempt = async (new_password1: string, new_password2 = new_password1) =>
      (await post(`/api/change-password/${uid}/`, { new_password1, new_password2, token })).json().fields;
    expect(await attempt('Monsoon-Bonds-27', 'Monsoon-Bonds-28')).toEqual({ new_password2: 'The two password fields didn’t match.' });
    expect(await attempt('Short1!')).toEqual({ new_password1: 'This password is too short. It must contain at least 8 characters.' });
    expect(await attempt('1234567890')).toEqual({ new_password1: 'This password is entirely numeric.' });
    expect(await attempt('')).toEqual({ new_password1: 'Password is required' });
    expect(await attempt('BackOffice@Vasuki.demo')).toEqual({ new_password1: 'The password is too similar to the email address.' });
    expect(
      (await post(`/api/change-password/${uid}/`, { new_password1: 'Monsoon-Bonds-27', new_password2: 'Monsoon-Bonds-27' })).json().fields,
    ).toEqual({ token: 'The reset link is missing its token.' });
    // None of the refusals used the link or changed the password.
    expect((await post('/api/token/', { email, password: TEST_DEMO_PASSWORD })).statusCode).toBe(200);
    expect(
      (await post(`/api/change-password/${uid}/`, { new_password1: 'Monsoon-Bonds-27', new_password2: 'Monsoon-Bonds-27', token }))
        .statusCode,
    ).toBe(200);
  });
});
