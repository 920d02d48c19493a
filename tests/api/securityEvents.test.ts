import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, events } from '../../src/server/db/schema';
import { bearer, signIn } from './helpers/signIn';
import { createTestApp, type TestApp } from './helpers/testApp';
import { TEST_DEMO_PASSWORD } from './setup/seedTemplate';

let t: TestApp;
let arihantId: number;
let vasukiId: number;
beforeAll(async () => {
  t = await createTestApp();
  const [arihant] = await t.ctx.database.db.select().from(clients).where(eq(clients.slug, 'arihant'));
  const [vasuki] = await t.ctx.database.db.select().from(clients).where(eq(clients.slug, 'vasuki'));
  arihantId = arihant!.id;
  vasukiId = vasuki!.id;
});
afterAll(async () => {
  await t.close();
});

const WRONG = 'Wrong-Guess-4711';
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });
interface Listed {
  count: number;
  results: { type: string; client_id: number | null; payload: Record<string, unknown> }[];
}
async function securityEvents(email: string, query = ''): Promise<Listed> {
  const { access } = await signIn(t.app, email);
  const res = await t.app.inject({ method: 'GET', url: `/api/security-events/${query}`, headers: bearer(access) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('security events', () => {
  beforeAll(async () => {
    expect((await post('/api/token/', { email: 'clientdealer@arihant.demo', password: WRONG })).statusCode).toBe(401);
    expect((await post('/api/token/', { email: 'nobody-known@nowhere.in', password: WRONG })).statusCode).toBe(401);
    for (let i = 0; i < 5; i += 1) await post('/api/token/', { email: 'backoffice@arihant.demo', password: WRONG });
    await post('/api/reset-password/', { email: 'user@arihant.demo', web_url: 'http://127.0.0.1:3000/auth/reset-password' });
    const admin = await signIn(t.app, 'clientopsadmin@arihant.demo');
    const accounts = (await t.app.inject({ method: 'GET', url: '/api/useraccounts/?search=viewer', headers: bearer(admin.access) })).json()
      .results as { id: number; email: string }[];
    const viewer = accounts.find((a) => a.email === 'clientviewer@arihant.demo')!;
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/client/user/',
      headers: bearer(admin.access),
      payload: { user_account_id: viewer.id, roles: ['clientviewer', 'user'] },
    });
    expect(changed.statusCode).toBe(200);
  });

  it("shows a firm's compliance officer its own sign-ins, failures, lock-outs, reset requests and role changes, and nothing of other firms", async () => {
    const own = await securityEvents('complianceofficer@arihant.demo', '?page_size=100');
    const types = new Set(own.results.map((e) => e.type));
    for (const type of [
      'auth.sign_in_succeeded',
      'auth.sign_in_failed',
      'auth.locked_out',
      'user.password_reset_requested',
      'user_account.roles_changed',
    ])
      expect(types).toContain(type);
    expect(own.results.every((e) => e.client_id === arihantId)).toBe(true);
    expect(own.results).toContainEqual(
      expect.objectContaining({
        type: 'auth.sign_in_failed',
        payload: { email: 'clientdealer@arihant.demo', reason: 'invalid_credentials' },
      }),
    );
    const other = await securityEvents('complianceofficer@vasuki.demo', '?page_size=100');
    expect(other.count).toBeGreaterThan(0);
    expect(other.results.every((e) => e.client_id === vasukiId)).toBe(true);
  });

  it('filters by type and pages', async () => {
    const failed = await securityEvents('complianceofficer@arihant.demo', '?type=auth.sign_in_failed&page_size=2');
    expect(failed.count).toBeGreaterThanOrEqual(6);
    expect(failed.results).toHaveLength(2);
    expect(failed.results.every((e) => e.type === 'auth.sign_in_failed')).toBe(true);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/security-events/?type=eoi.created',
      headers: bearer((await signIn(t.app, 'complianceofficer@arihant.demo')).access),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/api/security-events/'].get.parameters.map((p: { name: string }) => p.name)).toEqual(['page', 'page_size', 'type']);
  });

  it('refuses other roles', async () => {
    for (const email of ['clientdealer@arihant.demo', 'clientopsadmin@arihant.demo']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/security-events/', headers: bearer((await signIn(t.app, email)).access) });
      expect(res.statusCode).toBe(403);
    }
  });

  it("shows the venue operator's compliance officer every firm's events, and attempts on no known account", async () => {
    await t.ctx.database.db.update(clients).set({ isOperator: true }).where(eq(clients.slug, 'vasuki'));
    try {
      const all = await securityEvents('complianceofficer@vasuki.demo', '?type=auth.sign_in_failed&page_size=100');
      expect(all.results.some((e) => e.client_id === arihantId)).toBe(true);
      expect(all.results).toContainEqual(
        expect.objectContaining({ client_id: null, payload: { email: 'nobody-known@nowhere.in', reason: 'invalid_credentials' } }),
      );
    } finally {
      await t.ctx.database.db.update(clients).set({ isOperator: false }).where(eq(clients.slug, 'vasuki'));
    }
  });

  it('never writes a password, token or hash into an event', async () => {
    const logged = JSON.stringify(await t.ctx.database.db.select({ payload: events.payload }).from(events));
    for (const secret of [WRONG, TEST_DEMO_PASSWORD, '$argon2']) expect(logged).not.toContain(secret);
  });
});
