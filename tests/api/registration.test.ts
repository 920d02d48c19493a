import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, events, requests, users } from '../../src/server/db/schema';
import { bearer } from './helpers/signIn';
import { createTestApp, type TestApp } from './helpers/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
const clientCount = async () => (await t.ctx.database.db.select({ n: count() }).from(clients))[0]?.n;

/** A PAN of the applicant's own (a PAN registers one client), the same for the same address. */
const panOf = (email: string) => `ABCPB${String([...email].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 10_000, 7)).padStart(4, '0')}C`;

const corporate = (email: string, overrides: Record<string, unknown> = {}) => ({
  auth_mode: 'password',
  pan: panOf(email),
  password: 'Sunrise#Bonds-26',
  identity: { first_name: 'Kiran', last_name: 'Desai' },
  client_type: 'CORP',
  category: null,
  corporate_identity: { name: 'Bharat Bonds Private Limited' },
  contact: { email, mobile: '+919812345678', whatsapp_consent: true },
  ...overrides,
});

const latestOtp = async (recipient: string) => t.mail.otp(recipient);

describe('POST api/client/register/ without an invitation', () => {
  it('creates a corporate client and its first user, an active OpsAdmin who can sign in', async () => {
    const res = await post('/api/client/register/', corporate('kiran@bharatbonds.in'));
    expect(res.statusCode).toBe(200);
    const tokens = (await post('/api/token/', { email: 'kiran@bharatbonds.in', password: 'Sunrise#Bonds-26' })).json();
    const session = (await t.app.inject({ method: 'GET', url: '/api/session/', headers: bearer(tokens.access) })).json();
    expect(session).toMatchObject({
      name: 'Bharat Bonds Private Limited',
      client_type: 'CORP',
      client_tier: 'BASIC',
      user_info: { roles: ['clientopsadmin', 'user'] },
    });
    const profile = (await t.app.inject({ method: 'GET', url: '/api/client/', headers: bearer(tokens.access) })).json();
    expect(profile).toMatchObject({ id: res.json().client_id, pan: 'ABCPB****C', slug: 'bharat-bonds-private-limited', is_partner: false });
    expect(await t.ctx.database.db.select().from(events).where(eq(events.type, 'client.registered'))).toHaveLength(1);
  });

  it('creates an individual client named after the person, with a distinct slug for a namesake', async () => {
    const person = (email: string) =>
      corporate(email, {
        client_type: 'INDV-P',
        category: 'HNI',
        corporate_identity: null,
        identity: { first_name: 'Asha', last_name: 'Menon' },
      });
    expect((await post('/api/client/register/', person('asha.menon@example.in'))).statusCode).toBe(200);
    expect((await post('/api/client/register/', person('asha.m@example.co.in'))).statusCode).toBe(200);
    const rows = await t.ctx.database.db.select().from(clients).where(eq(clients.name, 'Asha Menon'));
    expect(rows.map((r) => [r.slug, r.clientType, r.category, r.isPartner])).toEqual([
      ['asha-menon', 'INDV-P', 'HNI', true],
      ['asha-menon-2', 'INDV-P', 'HNI', true],
    ]);
  });

  it('refuses a known e-mail as a field error and writes nothing', async () => {
    const before = await clientCount();
    const res = await post('/api/client/register/', corporate('ClientDealer@Arihant.demo'));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ 'contact.email': 'An account with this email address already exists.' });
    expect(await clientCount()).toBe(before);
  });

  it('lets one of two simultaneous registrations with the same e-mail through, and refuses the other with a 4xx', async () => {
    const before = await clientCount();
    const payload = corporate('twice@samaybonds.in', { corporate_identity: { name: 'Samay Bonds LLP' } });
    const answers = await Promise.all([post('/api/client/register/', payload), post('/api/client/register/', payload)]);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses[0]).toBe(200);
    // The loser either saw the winner's user (field error) or raced it to the unique index (409).
    expect([400, 409]).toContain(statuses[1]);
    expect(await clientCount()).toBe((before ?? 0) + 1);
  });

  it("refuses a second client with a PAN already registered, telling the person to ask their firm's ops admin for an invitation", async () => {
    const first = corporate('first@panholder.in', { pan: 'PQRSA4321Z', corporate_identity: { name: 'Pan Holder Capital' } });
    expect((await post('/api/client/register/', first)).statusCode).toBe(200);
    const before = await clientCount();
    const again = corporate('colleague@panholder.in', { pan: 'pqrsa4321z', corporate_identity: { name: 'Pan Holder Capital Two' } });
    const res = await post('/api/client/register/', again);
    expect(res.statusCode).toBe(409);
    const message = "A client with this PAN is already registered. Ask your firm's ops admin to invite you.";
    expect(res.json()).toEqual({ code: 'CONFLICT', message, fields: { pan: message } });
    expect(await clientCount()).toBe(before);
    expect(await t.ctx.database.db.select().from(users).where(eq(users.email, 'colleague@panholder.in'))).toEqual([]);
  });

  it('validates each field with the shared messages', async () => {
    const res = await post('/api/client/register/', {
      auth_mode: 'sms',
      pan: 'ABC123',
      password: 'x',
      identity: { first_name: '', last_name: 'D3sai' },
      client_type: 'CORP',
      contact: { email: 'kiran@', mobile: '12345', whatsapp_consent: false },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      auth_mode: 'Please choose password or OTP.',
      pan: 'Please enter a valid PAN (10 Digits)',
      password: 'This password is too short. It must contain at least 8 characters.',
      'identity.first_name': 'This field is required',
      'identity.last_name': 'Should not contain special characters.',
      'contact.email': 'Please enter a valid email address.',
      'contact.mobile': 'Please enter a valid Phone number.',
    });
  });

  it('applies the cross-field rules of the payload', async () => {
    const fields = async (overrides: Record<string, unknown>) =>
      (await post('/api/client/register/', corporate('cross@field.in', overrides))).json().fields;
    expect(await fields({ corporate_identity: null })).toEqual({ 'corporate_identity.name': 'Company name is required' });
    expect(await fields({ client_type: 'INDV', corporate_identity: null })).toEqual({ category: 'Category is required' });
    expect(await fields({ client_type: null })).toEqual({ client_type: 'Client type is required' });
    expect(await fields({ password: null })).toEqual({ password: 'Password is required' });
    expect(await fields({ password: '98765432' })).toEqual({ password: 'This password is entirely numeric.' });
    expect(await fields({ password: 'Cross@Field.in' })).toEqual({ password: 'The password is too similar to the email address.' });
  });
});

describe('registration by OTP', () => {
  it('needs a verified register OTP for the e-mail or mobile, used once, within 15 minutes', async () => {
    const email = 'otp.person@udaybonds.in';
    const payload = corporate(email, { auth_mode: 'otp', password: null, corporate_identity: { name: 'Uday Bonds LLP' } });
    const refused = await post('/api/client/register/', payload);
    expect(refused.json()).toEqual({ code: 'OTP_NOT_VERIFIED', message: 'Please verify the OTP sent to your email or mobile first.' });

    expect((await post('/api/request-otp/', { email, request_type: 'register' })).statusCode).toBe(200);
    const otp = await latestOtp(email);
    expect(
      (await post('/api/validate-otp/', { email, otp: otp === '000000' ? '111111' : '000000', request_type: 'register' })).json().code,
    ).toBe('OTP_INVALID');
    expect((await post('/api/validate-otp/', { email, otp, request_type: 'register' })).statusCode).toBe(200);
    expect((await post('/api/client/register/', payload)).statusCode).toBe(200);
    const [user] = await t.ctx.database.db.select().from(users).where(eq(users.email, email));
    expect(user?.passwordHash).toBeNull();
    // The verification is used up.
    const second = corporate('otp.other@udaybonds.in', { auth_mode: 'otp', password: null, corporate_identity: { name: 'Uday Two LLP' } });
    expect((await post('/api/client/register/', second)).json().code).toBe('OTP_NOT_VERIFIED');
  });

  it('forgets a verification after 15 minutes', async () => {
    const mobile = '9123456780';
    await post('/api/request-otp/', { mobile, request_type: 'register' });
    expect((await post('/api/validate-otp/', { mobile, otp: await latestOtp(mobile), request_type: 'register' })).statusCode).toBe(200);
    t.clock.advance(15 * 60_000 + 1);
    const payload = corporate('late.otp@udaybonds.in', {
      auth_mode: 'otp',
      contact: { email: 'late.otp@udaybonds.in', mobile, whatsapp_consent: false },
    });
    expect((await post('/api/client/register/', payload)).json().code).toBe('OTP_NOT_VERIFIED');
  });

  it('validates api/validate-otp/ input with the shared messages', async () => {
    expect((await post('/api/validate-otp/', { email: 'a@b.in', otp: '', request_type: 'register' })).json().fields).toEqual({
      otp: 'OTP is required',
    });
    expect((await post('/api/validate-otp/', { email: 'a@b.in', otp: '12', request_type: 'register' })).json().fields).toEqual({
      otp: 'Must be 6 digits',
    });
    expect((await post('/api/validate-otp/', { otp: '123456', request_type: 'register' })).json().fields).toEqual({
      email: 'Email or mobile is required',
    });
    expect((await post('/api/validate-otp/', { mobile: '555', otp: '123456', request_type: 'register' })).json().fields).toEqual({
      mobile: 'Please enter a valid Phone number.',
    });
  });
});

describe('POST api/client/register-user/lite', () => {
  it('stores a REQUEST_ACCESS lead and creates no account', async () => {
    const lead = { first_name: 'Vinod', last_name: 'Rao', email: 'Vinod@RaoCapital.in', mobile: '9988776655', company: 'Rao Capital' };
    expect((await post('/api/client/register-user/lite', lead)).statusCode).toBe(200);
    const [row] = await t.ctx.database.db
      .select()
      .from(requests)
      .where(sql`${requests.contact}->>'email' = 'vinod@raocapital.in'`);
    expect(row).toMatchObject({ requestType: 'REQUEST_ACCESS', clientId: null, userId: null, status: 'open' });
    expect(
      await t.ctx.database.db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = 'vinod@raocapital.in'`),
    ).toHaveLength(0);
  });

  it('validates with the business e-mail rule and the shared messages', async () => {
    const fields = async (lead: object) => (await post('/api/client/register-user/lite', lead)).json().fields;
    expect(await fields({ first_name: 'V!', last_name: 'Rao', email: 'vinod@gmail.com', mobile: '99', company: ' ' })).toEqual({
      first_name: 'Should not contain special characters.',
      email: 'Enter a valid business email',
      mobile: 'Please enter a valid Phone number.',
      company: 'Company is required',
    });
    expect(await fields({ first_name: 'Vinod', last_name: 'Rao', email: 'vinod@', mobile: '9988776655', company: 'Rao' })).toEqual({
      email: 'Enter a valid email ID',
    });
  });
});
