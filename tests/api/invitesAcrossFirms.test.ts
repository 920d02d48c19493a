/**
 * Invitations never cross firms (docs/adr/0009, docs/security.md §2): an OpsAdmin learns nothing
 * of another firm's people by inviting them, changes nothing of them, and an existing user joins
 * only by proving who they are, with their credentials and identity untouched.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userAccounts, users } from '../../src/server/db/schema';
import { bearer, signIn } from './helpers/signIn';
import { createTestApp, type TestApp } from './helpers/testApp';
import { TEST_DEMO_PASSWORD } from './setup/seedTemplate';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The other firm's dealer, with the mobile and PAN an attacker would want to read or replace.
  await t.ctx.database.db.update(users).set({ mobile: '9123456780', pan: 'ABCPV5678K' }).where(eq(users.email, VICTIM));
});
afterAll(async () => {
  await t.close();
});

const VICTIM = 'clientdealer@vasuki.demo';
const ATTACKER_PASSWORD = 'Attacker#Owns-2026';
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });
const adminOf = async (email: string) => bearer((await signIn(t.app, email)).access);
const person = async (email: string) => (await t.ctx.database.db.select().from(users).where(eq(users.email, email)))[0];

async function invite(admin: Record<string, string>, email: string, first_name = 'Probe', last_name = 'Person') {
  const res = await post('/api/client/user/invite/', { email, first_name, last_name, roles: ['clientdealer', 'user'] }, admin);
  expect(res.statusCode).toBe(200);
  return { res, code: t.mail.link(email).searchParams.get('invite_code') ?? '' };
}

const attackerRegistration = (email: string, invite_code: string) => ({
  auth_mode: 'password',
  pan: 'ZZZPZ9999Z',
  password: ATTACKER_PASSWORD,
  identity: { first_name: 'Mallory', last_name: 'Attacker' },
  client_type: null,
  category: null,
  corporate_identity: null,
  contact: { email, mobile: '9000000001', whatsapp_consent: false },
  invite_code,
});

describe("an OpsAdmin inviting another firm's person", () => {
  it('gets the same answer as for an address nobody has, and none of their id, name or mobile', async () => {
    const arihant = await adminOf('clientopsadmin@arihant.demo');
    const victim = await person(VICTIM);
    const existing = (await invite(arihant, VICTIM)).res.json();
    const fresh = (await invite(arihant, 'nobody.yet@vasuki-partners.in')).res.json();
    const shape = (v: Record<string, unknown>) => ({ ...v, id: 0, email: '' });
    expect(shape(existing)).toEqual(shape(fresh));
    expect(existing).toMatchObject({ user_id: null, first_name: 'Probe', last_name: 'Person', mobile: null, status: 'invited' });
    const list = await t.app.inject({ method: 'GET', url: `/api/useraccounts/?search=${victim?.firstName}`, headers: arihant });
    expect(list.json().results.map((a: { email: string }) => a.email)).not.toContain(VICTIM);
    const all = await t.app.inject({ method: 'GET', url: '/api/useraccounts/', headers: arihant });
    const row = all.json().results.find((a: { email: string }) => a.email === VICTIM);
    expect(row).toMatchObject({ user_id: null, name: 'Probe Person', mobile: null });
    expect(all.body).not.toContain('9123456780');
    expect(all.body).not.toContain(`"user_id":${victim?.id},`);
  });

  it("changes nothing of another firm's pending invitee when inviting them again", async () => {
    const vasuki = await adminOf('clientopsadmin@vasuki.demo');
    const { code } = await invite(vasuki, 'kavya.rao@vasuki-partners.in', 'Kavya', 'Rao');
    await invite(await adminOf('clientopsadmin@arihant.demo'), 'kavya.rao@vasuki-partners.in', 'Renamed', 'Byattacker');
    expect(await person('kavya.rao@vasuki-partners.in')).toMatchObject({ firstName: 'Kavya', lastName: 'Rao' });
    const list = await t.app.inject({ method: 'GET', url: '/api/useraccounts/?search=kavya.rao', headers: vasuki });
    expect(list.json().results).toEqual([expect.objectContaining({ name: 'Kavya Rao', status: 'invited' })]);
    expect((await post('/api/client/user/invite/validate/', { invite_code: code })).json()).toMatchObject({
      first_name: 'Kavya',
      last_name: 'Rao',
      has_account: false,
    });
  });
});

describe('an existing user accepting an invitation', () => {
  it('cannot be registered over: their password, name, mobile and PAN stay theirs', async () => {
    const before = await person(VICTIM);
    const { code } = await invite(await adminOf('clientopsadmin@arihant.demo'), VICTIM);
    expect((await post('/api/client/user/invite/validate/', { invite_code: code })).json()).toMatchObject({ has_account: true });
    const res = await post('/api/client/register/', attackerRegistration(VICTIM, code));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('INVITE_PROOF_REQUIRED');
    expect(await person(VICTIM)).toEqual(before);
    expect((await post('/api/token/', { email: VICTIM, password: ATTACKER_PASSWORD })).statusCode).toBe(401);
    expect((await post('/api/token/', { email: VICTIM, password: TEST_DEMO_PASSWORD })).statusCode).toBe(200);
  });

  it('joins with their own password, and only with it; nothing of theirs changes', async () => {
    const before = await person(VICTIM);
    const { res, code } = await invite(await adminOf('clientopsadmin@arihant.demo'), VICTIM);
    const wrong = await post('/api/client/user/invite/accept/', { invite_code: code, password: ATTACKER_PASSWORD });
    expect(wrong.statusCode).toBe(401);
    const accepted = await post('/api/client/user/invite/accept/', { invite_code: code, password: TEST_DEMO_PASSWORD });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ detail: 'Invitation accepted', client_name: 'Arihant Treasury Services Private Limited' });
    const [account] = await t.ctx.database.db.select().from(userAccounts).where(eq(userAccounts.id, res.json().id));
    expect(account?.status).toBe('active');
    expect(await person(VICTIM)).toEqual(before);
    expect((await post('/api/client/user/invite/validate/', { invite_code: code })).statusCode).toBe(410);
  });

  it('joins with a login OTP sent to them', async () => {
    const email = 'complianceofficer@vasuki.demo';
    const before = await person(email);
    const { code } = await invite(await adminOf('clientopsadmin@arihant.demo'), email);
    expect((await post('/api/request-otp/', { email, request_type: 'login' })).statusCode).toBe(200);
    const accepted = await post('/api/client/user/invite/accept/', { invite_code: code, otp: t.mail.otp(email) });
    expect(accepted.statusCode).toBe(200);
    expect(await person(email)).toEqual(before);
  });

  it('needs exactly one proof, and a person without an account registers instead', async () => {
    const { code } = await invite(await adminOf('clientopsadmin@arihant.demo'), 'first.timer@arihant-partners.in');
    const none = await post('/api/client/user/invite/accept/', { invite_code: code });
    expect(none.json().fields).toEqual({ password: 'Enter your password or the one-time password sent to you.' });
    const unregistered = await post('/api/client/user/invite/accept/', { invite_code: code, password: 'whatever-it-is' });
    expect(unregistered.statusCode).toBe(409);
    expect(unregistered.json().message).toBe('You have no account yet: register with this invitation instead.');
  });
});
