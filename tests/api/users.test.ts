import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../src/server/db/schema';
import { changeRoles } from '../../src/server/domain/users/userAccounts';
import { AppError } from '../../src/server/errors';
import { bearer, signIn } from './helpers/signIn';
import { createTestApp, type TestApp } from './helpers/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const as = async (email: string) => bearer((await signIn(t.app, email)).access);
const list = async (headers: Record<string, string>, search = '') =>
  (await t.app.inject({ method: 'GET', url: `/api/useraccounts/?search=${encodeURIComponent(search)}`, headers })).json().results as {
    id: number;
    email: string;
    roles: string[];
    status: string;
    permissions: string[];
  }[];
const putRoles = (headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/client/user/', payload, headers });

describe('GET api/useraccounts/', () => {
  it("lists the caller's client's accounts with name, e-mail, roles, status and permissions", async () => {
    const rows = await list(await as('clientopsadmin@arihant.demo'));
    expect(rows.map((r) => r.email).sort()).toEqual(
      ['backoffice', 'clientdealer', 'clientopsadmin', 'clientviewer', 'complianceofficer', 'priceoverride', 'user'].map(
        (role) => `${role}@arihant.demo`,
      ),
    );
    expect(rows.find((r) => r.email === 'clientdealer@arihant.demo')).toMatchObject({
      name: 'Rohan Mehta',
      status: 'active',
      roles: ['clientdealer', 'user'],
      permissions: expect.arrayContaining(['client.can_trade']),
    });
  });

  it('searches names and e-mails, taking LIKE wildcards literally', async () => {
    const headers = await as('clientopsadmin@arihant.demo');
    expect((await list(headers, 'kulkarni')).map((r) => r.email)).toEqual(['clientopsadmin@arihant.demo']);
    expect(await list(headers, '%')).toEqual([]);
  });
});

describe('PUT api/client/user/', () => {
  it('changes roles, rewrites permissions and logs the change', async () => {
    const headers = await as('clientopsadmin@arihant.demo');
    const target = (await list(headers, 'user@arihant')).find((r) => r.email === 'user@arihant.demo')!;
    const res = await putRoles(headers, { user_account_id: target.id, roles: ['clientdealer', 'user', 'clientdealer'] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: target.id, roles: ['clientdealer', 'user'] });
    expect(res.json().permissions).toContain('client.can_trade');
    const session = await t.app.inject({ method: 'GET', url: '/api/session/', headers: await as('user@arihant.demo') });
    expect(session.json().user_info.roles).toEqual(['clientdealer', 'user']);
    const [event] = await t.ctx.database.db.select().from(events).where(eq(events.type, 'user_account.roles_changed'));
    expect(event?.payload).toEqual({ from: ['user'], to: ['clientdealer', 'user'] });
  });

  it('validates the roles and the account with clear messages', async () => {
    const headers = await as('clientopsadmin@arihant.demo');
    expect((await putRoles(headers, { user_account_id: 1, roles: ['admin'] })).json().fields).toEqual({ 'roles.0': 'Not a valid role.' });
    expect((await putRoles(headers, { user_account_id: 1, roles: [] })).json().fields).toEqual({ roles: 'Select at least one role.' });
    expect((await putRoles(headers, { roles: ['user'] })).json().fields).toEqual({ user_account_id: 'User account is required' });
    expect((await putRoles(headers, { user_account_id: 999_999, roles: ['user'] })).statusCode).toBe(404);
  });

  it("refuses an OpsAdmin's change of their own roles", async () => {
    const headers = await as('clientopsadmin@vasuki.demo');
    const self = (await list(headers, 'clientopsadmin@')).find((r) => r.email === 'clientopsadmin@vasuki.demo')!;
    const res = await putRoles(headers, { user_account_id: self.id, roles: ['user'] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'OWN_ROLES', message: 'You cannot change your own roles. Ask another OpsAdmin.' });
  });

  it('keeps the last active OpsAdmin of a client, even against a second admin acting at the same time', async () => {
    const a = await as('clientopsadmin@vasuki.demo');
    const accounts = await list(a);
    const aAccount = accounts.find((r) => r.email === 'clientopsadmin@vasuki.demo')!;
    const bAccount = accounts.find((r) => r.email === 'backoffice@vasuki.demo')!;
    expect((await putRoles(a, { user_account_id: bAccount.id, roles: ['clientopsadmin', 'user'] })).statusCode).toBe(200);
    const b = await signIn(t.app, 'backoffice@vasuki.demo');
    // B's request passed the access check as an OpsAdmin, then A demotes B before B's change runs.
    const bPrincipal = (await t.ctx.services.auth.principalFromToken(b.access))!;
    expect((await putRoles(a, { user_account_id: bAccount.id, roles: ['backoffice', 'user'] })).statusCode).toBe(200);
    const late = changeRoles(t.ctx.database.db, t.ctx.clock, bPrincipal, aAccount.id, ['user']);
    await expect(late).rejects.toThrow(AppError);
    await expect(late).rejects.toMatchObject({
      code: 'LAST_OPSADMIN',
      status: 409,
      message: 'A client must keep at least one active OpsAdmin.',
    });
    expect((await list(a)).find((r) => r.id === aAccount.id)?.roles).toContain('clientopsadmin');
  });
});
