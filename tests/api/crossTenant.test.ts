/** A user of client A (arihant) cannot read or change any resource of client B (vasuki). */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../../src/server/db/schema';
import { bearer, signIn } from './helpers/signIn';
import { createTestApp, type TestApp } from './helpers/testApp';

let t: TestApp;
let a: Record<string, string>;
let b: Record<string, string>;
let bAccounts: { id: number; email: string; roles: string[]; status: string }[];
beforeAll(async () => {
  t = await createTestApp();
  a = bearer((await signIn(t.app, 'clientopsadmin@arihant.demo')).access);
  b = bearer((await signIn(t.app, 'clientopsadmin@vasuki.demo')).access);
  bAccounts = (await t.app.inject({ method: 'GET', url: '/api/useraccounts/', headers: b })).json().results;
});
afterAll(async () => {
  await t.close();
});

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload && { payload }) });

describe('cross-tenant isolation (arihant → vasuki)', () => {
  it("does not list B's user accounts, even when searching for them", async () => {
    const all = (await inject('GET', '/api/useraccounts/', a)).json().results as { email: string }[];
    expect(all.some((r) => r.email.endsWith('@vasuki.demo'))).toBe(false);
    expect((await inject('GET', '/api/useraccounts/?search=vasuki', a)).json().results).toEqual([]);
  });

  it("cannot change the roles of B's accounts: 404 and nothing changes", async () => {
    const target = bAccounts.find((r) => r.email === 'clientdealer@vasuki.demo')!;
    const res = await inject('PUT', '/api/client/user/', a, { user_account_id: target.id, roles: ['clientopsadmin', 'user'] });
    expect(res.statusCode).toBe(404);
    const after = (await inject('GET', '/api/useraccounts/', b)).json().results.find((r: { id: number }) => r.id === target.id);
    expect(after.roles).toEqual(target.roles);
  });

  it("cannot revoke B's invitations", async () => {
    const invited = await inject('POST', '/api/client/user/invite/', b, {
      email: 'new.hire@vasuki-wealth.in',
      first_name: 'New',
      last_name: 'Hire',
      roles: ['user'],
    });
    expect(invited.statusCode).toBe(200);
    const res = await inject('POST', '/api/client/user/invite/revoke/', a, { invitee_id: invited.json().id });
    expect(res.statusCode).toBe(404);
    const still = (await inject('GET', '/api/useraccounts/?search=new.hire', b)).json().results;
    expect(still).toEqual([expect.objectContaining({ status: 'invited' })]);
  });

  it("reads only its own client profile and cannot edit B's", async () => {
    expect((await inject('GET', '/api/client/', a)).json().slug).toBe('arihant');
    const [vasuki] = await t.ctx.database.db.select().from(clients).where(eq(clients.slug, 'vasuki'));
    const res = await inject('PUT', `/api/client/${vasuki!.id}/`, a, { name: 'Taken Over LLP', state: 'Goa' });
    expect(res.statusCode).toBe(404);
    expect((await inject('GET', '/api/client/', b)).json()).toMatchObject({ name: 'Vasuki Wealth Partners LLP', state: 'Karnataka' });
  });

  it("does not list B's requests", async () => {
    const filed = await inject('POST', '/api/requests/', bearer((await signIn(t.app, 'clientdealer@vasuki.demo')).access), {
      request_type: 'LIVE_MARKET_UPGRADE',
    });
    expect(filed.statusCode).toBe(200);
    const mine = (await inject('GET', '/api/requests/', a)).json().results as { id: number }[];
    expect(mine.map((r) => r.id)).not.toContain(filed.json().id);
    expect((await inject('GET', '/api/requests/', b)).json().results.map((r: { id: number }) => r.id)).toContain(filed.json().id);
  });

  it("does not see B's exchange credentials", async () => {
    await inject('POST', '/api/client/credentials/', b, {
      participant_code: 'VAS-ICCL-1',
      username: 'vasuki',
      password: 'Vasuki-Secret-1',
      corp: 'ICCL',
    });
    expect((await inject('GET', '/api/session/', a)).json()).toMatchObject({ iccl_credentials: false, iccl_name: null });
    expect((await inject('GET', '/api/session/', b)).json()).toMatchObject({ iccl_credentials: true, iccl_name: 'VAS-ICCL-1' });
  });
});
