/** Links in mail (docs/security.md §3): built from PUBLIC_URL, never from the request or a caller's host. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { bearer, signIn } from './helpers/signIn';
import { createTestApp, type TestApp } from './helpers/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://kosh.example' });
});
afterAll(async () => {
  await t.close();
});

const FORGED = { host: 'attacker.example', 'x-forwarded-host': 'attacker.example' };
const reset = (email: string, web_url: string) =>
  t.app.inject({ method: 'POST', url: '/api/reset-password/', payload: { email, web_url }, headers: FORGED });

describe('POST api/reset-password/', () => {
  it('refuses a page on another host, for known and unknown addresses alike, and sends nothing', async () => {
    for (const email of ['backoffice@vasuki.demo', 'nobody@vasuki.demo']) {
      const res = await reset(email, 'https://attacker.example/auth/reset-password');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'FOREIGN_WEB_URL',
        message: 'The reset link must open a page of this site.',
        fields: { web_url: 'The reset link must open a page of this site.' },
      });
    }
    expect(await reset('backoffice@vasuki.demo', 'http://kosh.example/auth/reset-password')).toHaveProperty('statusCode', 400);
    expect(t.mail.to('backoffice@vasuki.demo')).toHaveLength(0);
  });

  it('mails a link on PUBLIC_URL even when the Host header is forged', async () => {
    expect((await reset('clientdealer@trishul.demo', 'https://kosh.example/auth/reset-password')).statusCode).toBe(200);
    const link = t.mail.link('clientdealer@trishul.demo');
    expect(`${link.origin}${link.pathname}`).toBe('https://kosh.example/auth/reset-password');
  });
});

describe('POST api/client/user/invite/', () => {
  it('mails a link on PUBLIC_URL even when the Host header is forged', async () => {
    const admin = bearer((await signIn(t.app, 'clientopsadmin@vasuki.demo')).access);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client/user/invite/',
      payload: { email: 'anil.joshi@vasuki-partners.in', first_name: 'Anil', last_name: 'Joshi', roles: ['user'] },
      headers: { ...admin, ...FORGED },
    });
    expect(res.statusCode).toBe(200);
    const link = t.mail.link('anil.joshi@vasuki-partners.in');
    expect(`${link.origin}${link.pathname}`).toBe('https://kosh.example/client/register');
    expect(t.mail.messages.map((m) => m.body).join('\n')).not.toContain('attacker.example');
  });
});

describe('PUBLIC_URL', () => {
  it('defaults to http://HOST:PORT and drops a trailing slash', () => {
    expect(loadConfig({ HOST: '10.0.0.5', PORT: '8080' }).publicUrl).toBe('http://10.0.0.5:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://bonds.example.in/kosh/' }).publicUrl).toBe('https://bonds.example.in/kosh');
  });
});
