import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { events } from '../../src/server/db/schema';
import { bearer, signIn } from './helpers/signIn';
import { createTestApp, type TestApp } from './helpers/testApp';

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
});
// Access tokens live 5 minutes and some tests move the clock by days: sign in afresh per test.
beforeEach(async () => {
  admin = bearer((await signIn(t.app, 'clientopsadmin@arihant.demo')).access);
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });

async function invite(email: string, roles = ['clientdealer', 'user']) {
  const res = await post('/api/client/user/invite/', { email, first_name: 'Nisha', last_name: 'Verma', roles }, admin);
  expect(res.statusCode).toBe(200);
  const link = t.mail.link(email);
  expect(link.pathname).toBe('/client/register');
  return { account: res.json(), code: link.searchParams.get('invite_code') ?? '' };
}

const registration = (email: string, invite_code: string) => ({
  auth_mode: 'password',
  pan: 'abcpv1234k',
  password: 'Kosh-Invite-2026',
  identity: { first_name: 'Nisha', last_name: 'Verma' },
  client_type: null,
  category: null,
  corporate_identity: null,
  contact: { email, mobile: '9876543210', whatsapp_consent: false },
  invite_code,
});

describe('invite → validate → register → sign in', () => {
  it('works end to end and leaves the invitation used', async () => {
    const email = 'nisha.verma@arihant-partners.in';
    const { account, code } = await invite(email);
    expect(account).toMatchObject({ email, status: 'invited', roles: ['clientdealer', 'user'], first_name: 'Nisha' });
    expect(account.permissions).toEqual(expect.arrayContaining(['client.can_trade', 'inventory.has_inventory_access']));

    const valid = await post('/api/client/user/invite/validate/', { invite_code: code });
    expect(valid.json()).toEqual({
      email,
      client_name: 'Arihant Treasury Services Private Limited',
      first_name: 'Nisha',
      last_name: 'Verma',
      has_account: false,
    });

    const registered = await post('/api/client/register/', registration(email, code));
    expect(registered.statusCode).toBe(200);
    const tokens = await post('/api/token/', { email, password: 'Kosh-Invite-2026' });
    expect(tokens.statusCode).toBe(200);
    const session = await t.app.inject({ method: 'GET', url: '/api/session/', headers: bearer(tokens.json().access) });
    expect(session.json()).toMatchObject({
      name: 'Arihant Treasury Services Private Limited',
      user_info: { mobile: '9876543210', roles: ['clientdealer', 'user'] },
    });

    const used = await post('/api/client/user/invite/validate/', { invite_code: code });
    expect(used.statusCode).toBe(410);
    expect(used.json()).toEqual({ code: 'INVITE_INVALID', message: 'Invitation URL invalid' });
    expect((await post('/api/client/register/', registration(email, code))).statusCode).toBe(410);
    const accepted = await t.ctx.database.db
      .select()
      .from(events)
      .where(and(eq(events.type, 'invite.accepted'), eq(events.actorUserId, registered.json().user_id)));
    expect(accepted).toHaveLength(1);
  });

  it('refuses a registration with another e-mail than the invited one, writing nothing', async () => {
    const { code } = await invite('arjun.rao@arihant-partners.in');
    const res = await post('/api/client/register/', registration('someone.else@arihant-partners.in', code));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ 'contact.email': 'Use the email address the invitation was sent to.' });
    expect((await post('/api/client/user/invite/validate/', { invite_code: code })).statusCode).toBe(200);
  });
});

describe('invitation codes', () => {
  it('expire after 7 days', async () => {
    const { code } = await invite('late.comer@arihant-partners.in');
    t.clock.advance(7 * 86_400_000 + 1);
    expect((await post('/api/client/user/invite/validate/', { invite_code: code })).json().code).toBe('INVITE_INVALID');
  });

  it('are replaced by a new invitation of the same person', async () => {
    const first = await invite('twice.asked@arihant-partners.in');
    const second = await invite('twice.asked@arihant-partners.in', ['clientviewer']);
    expect(second.account.id).toBe(first.account.id);
    expect(second.account.roles).toEqual(['clientviewer']);
    expect((await post('/api/client/user/invite/validate/', { invite_code: first.code })).statusCode).toBe(410);
    expect((await post('/api/client/user/invite/validate/', { invite_code: second.code })).statusCode).toBe(200);
  });

  it('are refused when unknown or missing', async () => {
    expect((await post('/api/client/user/invite/validate/', { invite_code: 'made-up' })).statusCode).toBe(410);
    expect((await post('/api/client/user/invite/validate/', {})).json().fields).toEqual({ invite_code: 'Invite code is required' });
  });

  it('can be revoked by the OpsAdmin, once', async () => {
    const { account, code } = await invite('changed.mind@arihant-partners.in');
    const res = await post('/api/client/user/invite/revoke/', { invitee_id: account.id }, admin);
    expect(res.statusCode).toBe(200);
    expect((await post('/api/client/user/invite/validate/', { invite_code: code })).statusCode).toBe(410);
    expect((await post('/api/client/user/invite/revoke/', { invitee_id: account.id }, admin)).statusCode).toBe(404);
    const list = await t.app.inject({ method: 'GET', url: '/api/useraccounts/?search=changed.mind', headers: admin });
    expect(list.json().results).toEqual([expect.objectContaining({ id: account.id, status: 'inactive' })]);
    expect(await t.ctx.database.db.select().from(events).where(eq(events.type, 'invite.revoked'))).toHaveLength(1);
  });
});

describe('POST api/client/user/invite/ refusals', () => {
  it('will not invite an active member again', async () => {
    const res = await post(
      '/api/client/user/invite/',
      { email: 'clientdealer@arihant.demo', first_name: 'Rohan', last_name: 'Mehta', roles: ['user'] },
      admin,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'ALREADY_MEMBER', message: 'This person already has an active account at your client.' });
  });

  it('validates every field with its message', async () => {
    const res = await post('/api/client/user/invite/', { email: 'nope', first_name: 'R0han!', last_name: '', roles: ['superuser'] }, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      email: 'Please enter a valid email address.',
      first_name: 'Should not contain special characters.',
      last_name: 'This field is required',
      'roles.0': 'Not a valid role.',
    });
    const none = await post(
      '/api/client/user/invite/',
      { email: 'a.b@arihant-partners.in', first_name: 'A', last_name: 'B', roles: [] },
      admin,
    );
    expect(none.json().fields).toEqual({ roles: 'Select at least one role.' });
  });
});
