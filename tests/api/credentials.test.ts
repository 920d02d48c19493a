import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { events, exchangeCredentials } from '../../src/server/db/schema';
import { loadCredentialsKey, open } from '../../src/server/domain/credentials/cipher';
import { credentialsAad } from '../../src/server/domain/credentials/credentialStore';
import { bearer, signIn } from './helpers/signIn';
import { createTestApp, type TestApp } from './helpers/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const SECRET = 'S3cret-Exchange!pw';
const USERNAME = 'arihant.nse.login';
const as = async (email: string) => bearer((await signIn(t.app, email)).access);
const store = (headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/client/credentials/', payload, headers });

describe('POST api/client/credentials/', () => {
  it('stores sealed credentials, shows them in the session by participant code, and replaces them', async () => {
    const headers = await as('clientopsadmin@arihant.demo');
    const res = await store(headers, { participant_code: 'NSE-AR-0042', username: USERNAME, password: SECRET, corp: 'NSCCL' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ corp: 'NSCCL', participant_code: 'NSE-AR-0042', updated_at: expect.any(String) });
    expect((await t.app.inject({ method: 'GET', url: '/api/session/', headers })).json()).toMatchObject({
      nsccl_credentials: true,
      nsccl_name: 'NSE-AR-0042',
      iccl_credentials: false,
      iccl_name: null,
    });
    await store(headers, { participant_code: 'NSE-AR-0043', username: USERNAME, password: SECRET, corp: 'NSCCL' });
    const rows = await t.ctx.database.db.select().from(exchangeCredentials).where(eq(exchangeCredentials.corp, 'NSCCL'));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.participantCode).toBe('NSE-AR-0043');
    expect(rows[0]?.secret).not.toContain(SECRET);
    const key = await loadCredentialsKey(t.ctx.database.db, undefined);
    expect(JSON.parse(open(key, rows[0]!.secret, credentialsAad(rows[0]!.clientId, 'NSCCL')))).toEqual({
      username: USERNAME,
      password: SECRET,
    });
    // Bound to its row: the same ciphertext does not open as another client's.
    expect(() => open(key, rows[0]!.secret, credentialsAad(rows[0]!.clientId + 1, 'NSCCL'))).toThrow();
    const logged = await t.ctx.database.db
      .select()
      .from(events)
      .where(and(eq(events.type, 'credentials.stored')));
    expect(logged).toHaveLength(2);
    expect(JSON.stringify(logged)).not.toContain(SECRET);
  });

  it('never returns the secret from any GET route', async () => {
    const headers = await as('clientopsadmin@arihant.demo');
    await store(headers, { participant_code: 'ICCL-77', username: USERNAME, password: SECRET, corp: 'ICCL' });
    const gets = t.app.policedRoutes.filter((r) => r.startsWith('GET ')).map((r) => r.slice(4).replace(/:[a-zA-Z_]+/g, '1'));
    expect(gets).toContain('/api/session/');
    for (const url of gets) {
      const body = (await t.app.inject({ method: 'GET', url, headers })).body;
      expect(body, url).not.toContain(SECRET);
      expect(body, url).not.toContain(USERNAME);
    }
  });

  it('validates each field', async () => {
    const res = await store(await as('clientopsadmin@arihant.demo'), { participant_code: ' ', password: '', corp: 'BSE' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      participant_code: 'Participant code is required',
      username: 'Username is required',
      password: 'Password is required',
      corp: 'Please select NSCCL or ICCL.',
    });
  });

  it('uses CREDENTIALS_KEY when set and refuses a key of the wrong size', async () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ CREDENTIALS_KEY: key }).credentialsKey).toBe(key);
    expect(await loadCredentialsKey(t.ctx.database.db, key)).toEqual(Buffer.alloc(32, 7));
    expect(() => loadConfig({ CREDENTIALS_KEY: 'c2hvcnQ=' })).toThrow('CREDENTIALS_KEY must be base64 of 32 bytes');
  });
});
