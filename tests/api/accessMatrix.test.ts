import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccessControl } from '../../src/server/plugins/accessControl';
import { API_POLICY } from '../../src/shared/accessPolicy';
import { ACCESS_TABLE, expectedAccess, PERSONAS } from './accessTable';
import { bearer, signIn } from './helpers/signIn';
import { createTestApp, type TestApp } from './helpers/testApp';

/** How access control's refusals read in the hand-written table. */
const REFUSALS: Record<string, string> = { UNAUTHENTICATED: '401', FORBIDDEN: '403', VIEW_ONLY: 'VO', PREMIUM_REQUIRED: '402' };

let t: TestApp;
const callers: { name: string; access: string | null }[] = [];
beforeAll(async () => {
  t = await createTestApp();
  for (const [name, email] of Object.entries(PERSONAS)) callers.push({ name, access: email ? (await signIn(t.app, email)).access : null });
});
afterAll(async () => {
  await t.close();
});

describe('access matrix: every API route × every persona gets what the hand-written table says', () => {
  it('has a row for every route of the policy and none for a route that does not exist', () => {
    expect(Object.keys(ACCESS_TABLE).sort()).toEqual(Object.keys(API_POLICY).sort());
  });

  // Every route × ten personas: a few thousand calls, well past the API project's 30 s on a loaded runner.
  // Every route × 11 personas: a few thousand requests, beyond the default 30 s on a busy runner.
  it('answers each route for each persona as the table says', { timeout: 180_000 }, async () => {
    const mismatches: string[] = [];
    for (const route of t.app.policedRoutes) {
      const [method, path] = route.split(' ') as [string, string];
      const url = path.replace(/:[a-zA-Z_]+/g, '1');
      for (const [i, caller] of callers.entries()) {
        const res = await t.app.inject({
          method: method as 'GET',
          url,
          headers: caller.access ? bearer(caller.access) : {},
          ...(method === 'GET' ? {} : { payload: {} }),
        });
        const code = String(res.headers['content-type'] ?? '').includes('json') ? (res.json() as { code?: string }).code : undefined;
        const refusal = REFUSALS[code ?? ''];
        const got = refusal && res.statusCode === Number(refusal.replace('VO', '403')) ? refusal : 'ok';
        // Signing out ends the caller's sign-in at once: sign in again for the routes after it.
        const email = PERSONAS[caller.name];
        if (route === 'POST /api/logout/' && email) caller.access = (await signIn(t.app, email)).access;
        const expected = expectedAccess(route, i);
        if (got !== expected)
          mismatches.push(`${route} as ${caller.name}: got ${res.statusCode} ${code ?? ''}, the table says ${expected}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('refuses to register a route that has no policy', async () => {
    const app = Fastify();
    registerAccessControl(app, t.ctx.services.auth);
    expect(() => app.get('/api/unlisted/', async () => ({}))).toThrow('No access policy for GET /api/unlisted/');
    await app.close();
  });
});
