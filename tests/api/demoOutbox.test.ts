/**
 * The demo outbox (docs/security.md §1): only mail to `.demo` addresses, only in demo mode, and on
 * a host others can reach only when DEMO_OUTBOX=on says so. Everything else goes to the gateway.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeRisks, loadConfig } from '../../src/server/config';
import { bearer, signIn } from './helpers/signIn';
import { createTestApp, type TestApp } from './helpers/testApp';

const outbox = (t: TestApp) => t.app.inject({ method: 'GET', url: '/api/dev/outbox/' });

/** An OpsAdmin invites one person at a real domain and one at the demo domain. */
async function inviteBoth(t: TestApp, real: string, demo: string) {
  const admin = bearer((await signIn(t.app, 'clientopsadmin@arihant.demo')).access);
  for (const email of [real, demo]) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client/user/invite/',
      payload: { email, first_name: 'Meera', last_name: 'Iyer', roles: ['user'] },
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
  }
}

describe('in demo mode on a loopback host', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ DEMO_OUTBOX: undefined });
  });
  afterAll(async () => {
    await t.close();
  });

  it("shows mail to .demo addresses and never a real person's mail, which goes to the gateway", async () => {
    await inviteBoth(t, 'meera.iyer@arihant-partners.in', 'meera.iyer@arihant.demo');
    await t.app.inject({ method: 'POST', url: '/api/request-otp/', payload: { email: 'clientdealer@vasuki.demo', request_type: 'login' } });
    const res = await outbox(t);
    expect(res.statusCode).toBe(200);
    const recipients = res.json().results.map((m: { recipient: string }) => m.recipient);
    expect(recipients).toEqual(['clientdealer@vasuki.demo', 'meera.iyer@arihant.demo']);
    expect(res.body).not.toContain('arihant-partners.in');
    expect(t.mail.to('meera.iyer@arihant-partners.in')).toHaveLength(1);
    expect(t.mail.to('meera.iyer@arihant.demo')).toHaveLength(0);
  });
});

describe('the outbox is off (404) and all mail goes to the gateway', () => {
  it('whenever DEMO is off, even with DEMO_OUTBOX=on', async () => {
    const t = await createTestApp({ DEMO: 'off', DEMO_OUTBOX: 'on' });
    try {
      await inviteBoth(t, 'ravi.nair@arihant-partners.in', 'ravi.nair@arihant.demo');
      expect((await outbox(t)).statusCode).toBe(404);
      expect(t.mail.to('ravi.nair@arihant.demo')).toHaveLength(1);
    } finally {
      await t.close();
    }
  });

  it('on a host others can reach, unless DEMO_OUTBOX=on', async () => {
    const t = await createTestApp({ HOST: '0.0.0.0', DEMO_OUTBOX: undefined });
    try {
      await inviteBoth(t, 'sara.khan@arihant-partners.in', 'sara.khan@arihant.demo');
      const res = await outbox(t);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('invite_code');
      expect(t.mail.to('sara.khan@arihant.demo')).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});

describe('DEMO_OUTBOX', () => {
  it('serves a reachable host only when set on, with a warning for the start log', () => {
    const open = loadConfig({ HOST: '0.0.0.0', DEMO: 'on', DEMO_OUTBOX: 'on' });
    expect(open.demoOutbox.enabled).toBe(true);
    expect(describeRisks(open)).toEqual([expect.stringContaining('DEMO_OUTBOX=on on HOST 0.0.0.0: anyone who can reach this server')]);
    expect(loadConfig({ HOST: '0.0.0.0', DEMO: 'on' }).demoOutbox.enabled).toBe(false);
    expect(loadConfig({ HOST: '127.0.0.1', DEMO: 'on', DEMO_OUTBOX: 'off' }).demoOutbox.enabled).toBe(false);
    const local = loadConfig({ HOST: 'localhost', DEMO: 'on' });
    expect(local.demoOutbox.enabled).toBe(true);
    expect(describeRisks(local)).toEqual([]);
  });
});
