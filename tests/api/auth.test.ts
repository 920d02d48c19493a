import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signIn } from './helpers/signIn';
import { createTestApp, type TestApp } from './helpers/testApp';
import { TEST_DEMO_PASSWORD } from './setup/seedTemplate';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const dealer = 'clientdealer@arihant.demo';
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('password sign-in and the session', () => {
  it('signs in, sets the refresh cookie httpOnly, and returns the session in the spec shape', async () => {
    const res = await post('/api/token/', { email: 'ClientDealer@Arihant.demo', password: TEST_DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'kosh_refresh');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/' });
    const session = await t.app.inject({ method: 'GET', url: '/api/session/', headers: bearer(res.json().access) });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({
      name: 'Arihant Treasury Services Private Limited',
      user_info: { email: dealer, roles: ['clientdealer', 'user'] },
      client_type: 'CORP',
      client_tier: 'PREMIUM',
      allowed_exchanges: ['NSCCL', 'ICCL'],
      is_broker: false,
      has_brokers: true,
    });
    expect(session.json().permissions).toContain('client.can_trade');
  });

  it('refuses a wrong password with one message for unknown and known e-mails', async () => {
    const wrong = await post('/api/token/', { email: 'backoffice@vasuki.demo', password: 'not-the-password' });
    const unknown = await post('/api/token/', { email: 'nobody@vasuki.demo', password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json()).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Incorrect email or password.' });
  });

  it('locks an e-mail out after 5 failures for 15 minutes, even with the right password', async () => {
    const email = 'priceoverride@vasuki.demo';
    for (let i = 0; i < 5; i += 1) expect((await post('/api/token/', { email, password: 'wrong-password' })).statusCode).toBe(401);
    const locked = await post('/api/token/', { email, password: TEST_DEMO_PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe('Too many failed sign-in attempts. Please try again in 15 minutes.');
    t.clock.advance(15 * 60_000 + 1);
    expect((await post('/api/token/', { email, password: TEST_DEMO_PASSWORD })).statusCode).toBe(200);
  });

  it('rejects bad input with the field message and changes nothing', async () => {
    const res = await post('/api/token/', { email: 'not-an-email', password: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ email: 'Please enter a valid email address.' });
  });

  it('needs a valid, unexpired access token for the session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/session/' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/session/', headers: bearer('forged.token.value') })).statusCode).toBe(401);
    const { access } = await signIn(t.app, 'user@vasuki.demo');
    t.clock.advance(301_000);
    expect((await t.app.inject({ method: 'GET', url: '/api/session/', headers: bearer(access) })).statusCode).toBe(401);
  });
});

describe('refresh tokens', () => {
  it('rotates: a refresh gives a new pair, from the body or the cookie', async () => {
    const first = await signIn(t.app, 'backoffice@arihant.demo');
    const viaBody = await post('/api/token/refresh/', { refresh: first.refresh });
    expect(viaBody.statusCode).toBe(200);
    expect(viaBody.json().refresh).not.toBe(first.refresh);
    const viaCookie = await t.app.inject({ method: 'POST', url: '/api/token/refresh/', cookies: { kosh_refresh: viaBody.json().refresh } });
    expect(viaCookie.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/session/', headers: bearer(viaCookie.json().access) })).statusCode).toBe(200);
  });

  it('treats a reused refresh token as stolen: 401, and the whole family is revoked', async () => {
    const first = await signIn(t.app, 'clientopsadmin@arihant.demo');
    const rotated = (await post('/api/token/refresh/', { refresh: first.refresh })).json();
    const reuse = await post('/api/token/refresh/', { refresh: first.refresh });
    expect(reuse.statusCode).toBe(401);
    expect((await post('/api/token/refresh/', { refresh: rotated.refresh })).statusCode).toBe(401);
  });

  it('expires at the refresh-token maximum age', async () => {
    const { refresh } = await signIn(t.app, 'clientviewer@arihant.demo');
    t.clock.advance(7 * 86_400_000 + 1);
    expect((await post('/api/token/refresh/', { refresh })).statusCode).toBe(401);
  });

  it('sign-out revokes the family and clears the cookie', async () => {
    const { refresh } = await signIn(t.app, 'clientviewer@vasuki.demo');
    const out = await post('/api/logout/', { refresh });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'kosh_refresh')?.value).toBe('');
    expect((await post('/api/token/refresh/', { refresh })).statusCode).toBe(401);
  });
});

const latestCode = async (recipient: string) => t.mail.otp(recipient);

describe('one-time passwords', () => {
  it('sends a login OTP by mail and signs in with it, once', async () => {
    const email = 'complianceofficer@arihant.demo';
    expect((await post('/api/request-otp/', { email, request_type: 'login' })).statusCode).toBe(200);
    const otp = await latestCode(email);
    const res = await post('/api/token/otp/', { email, otp });
    expect(res.statusCode).toBe(200);
    expect(res.json().access).toBeTruthy();
    expect((await post('/api/token/otp/', { email, otp })).json().code).toBe('OTP_EXPIRED');
  });

  it('answers the same for an unknown person and sends nothing', async () => {
    const res = await post('/api/request-otp/', { email: 'stranger@example.com', request_type: 'login' });
    expect(res.statusCode).toBe(200);
    await expect(latestCode('stranger@example.com')).rejects.toThrow();
  });

  it('locks the code after 5 wrong tries, even for the right code', async () => {
    const email = 'backoffice@vasuki.demo';
    await post('/api/request-otp/', { email, request_type: 'login' });
    const otp = await latestCode(email);
    const wrong = otp === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push((await post('/api/token/otp/', { email, otp: wrong })).json().message);
    expect(answers.slice(0, 4)).toEqual(Array(4).fill('Incorrect OTP. Please check the code and try again.'));
    expect(answers[4]).toBe('Too many incorrect attempts. Please request a new OTP.');
    expect((await post('/api/token/otp/', { email, otp })).json().message).toBe('Too many incorrect attempts. Please request a new OTP.');
  });

  it('expires a code after 5 minutes', async () => {
    const email = 'user@arihant.demo';
    await post('/api/request-otp/', { email, request_type: 'login' });
    const otp = await latestCode(email);
    t.clock.advance(300_001);
    expect((await post('/api/token/otp/', { email, otp })).json().code).toBe('OTP_EXPIRED');
  });

  it('sends at most 3 codes per 15 minutes to one person', async () => {
    const email = 'priceoverride@arihant.demo';
    for (let i = 0; i < 3; i += 1) expect((await post('/api/request-otp/', { email })).statusCode).toBe(200);
    const fourth = await post('/api/request-otp/', { email });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toBe('Too many OTPs requested. Please try again in 15 minutes.');
  });

  it('validates the OTP format with the spec messages', async () => {
    expect((await post('/api/token/otp/', { email: dealer, otp: '' })).json().fields.otp).toBe('OTP is required');
    expect((await post('/api/token/otp/', { email: dealer, otp: '12345' })).json().fields.otp).toBe('Must be 6 digits');
  });
});
