/**
 * Every free text has a length limit: names 150, e-mail addresses 254, each field its own where
 * the contract sets one, and one ceiling of 32,000 characters for any string of any request — a
 * 1,000,000-character first name is a 400 naming the field, never stored.
 */
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requests, users } from '../../src/server/db/schema';
import { ANY_TEXT_MAX_CHARS, maxCharsMessage, TEXT_LIMITS } from '../../src/shared/validation';
import { bearer, signIn } from './helpers/signIn';
import { createTestApp, type TestApp } from './helpers/testApp';

let t: TestApp;
let opsAdmin: Record<string, string>;
let dealer: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  opsAdmin = bearer((await signIn(t.app, 'clientopsadmin@arihant.demo')).access);
  dealer = bearer((await signIn(t.app, 'clientdealer@arihant.demo')).access);
});
afterAll(async () => {
  await t.close();
});

const rowCount = async (table: typeof users | typeof requests) => (await t.ctx.database.db.select({ n: count() }).from(table))[0]!.n;
const registration = (over: { first_name?: string; email?: string } = {}) => ({
  auth_mode: 'otp',
  pan: 'ABCPE1234F',
  identity: { first_name: over.first_name ?? 'Asha', last_name: 'Rao' },
  client_type: 'CORP',
  corporate_identity: { name: 'Surya Capital' },
  contact: { email: over.email ?? 'asha@surya.demo', mobile: '9876501234' },
});

describe('length limits', () => {
  it('refuses a 1,000,000-character first name at registration, storing no one', async () => {
    const before = await rowCount(users);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client/register/',
      payload: registration({ first_name: 'A'.repeat(1_000_000) }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ 'identity.first_name': maxCharsMessage(ANY_TEXT_MAX_CHARS) });
    expect(await rowCount(users)).toBe(before);
  });

  it('a name: at most 150 characters, at registration and in an invitation', async () => {
    const long = await t.app.inject({
      method: 'POST',
      url: '/api/client/register/',
      payload: registration({ first_name: 'A'.repeat(TEXT_LIMITS.name + 1) }),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toEqual({ 'identity.first_name': 'Max 150 characters' });
    const invite = await t.app.inject({
      method: 'POST',
      url: '/api/client/user/invite/',
      headers: opsAdmin,
      payload: {
        email: 'new.dealer@arihant.demo',
        first_name: 'B'.repeat(TEXT_LIMITS.name + 1),
        last_name: 'Rao',
        roles: ['clientdealer'],
      },
    });
    expect(invite.statusCode).toBe(400);
    expect(invite.json().fields).toMatchObject({ first_name: 'Max 150 characters' });
  });

  it('an e-mail address: at most 254 characters', async () => {
    const email = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.demo`;
    expect(email.length).toBeGreaterThan(TEXT_LIMITS.email);
    const res = await t.app.inject({ method: 'POST', url: '/api/token/', payload: { email, password: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ email: 'Max 254 characters' });
  });

  it('any string of any request, where no field sets a tighter limit: a message over 32,000 characters in a request context', async () => {
    const before = await rowCount(requests);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/requests/',
      headers: dealer,
      payload: { request_type: 'REQUEST_PRICING', context: { note: 'x'.repeat(ANY_TEXT_MAX_CHARS + 1) } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ 'context.note': maxCharsMessage(ANY_TEXT_MAX_CHARS) });
    expect(await rowCount(requests)).toBe(before);
  });
});
