import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluateAccess, policyFor, type Principal } from '../../src/shared/accessPolicy';
import { registerAccessControl } from '../../src/server/plugins/accessControl';
import { bearer, signIn } from './helpers/signIn';
import { createTestApp, type TestApp } from './helpers/testApp';

// Every role at the PREMIUM client, a dealer of a BASIC client and a dealer of a broker client.
const PERSONAS: Record<string, string | null> = {
  anonymous: null,
  user: 'user@arihant.demo',
  clientdealer: 'clientdealer@arihant.demo',
  clientviewer: 'clientviewer@arihant.demo',
  clientopsadmin: 'clientopsadmin@arihant.demo',
  complianceofficer: 'complianceofficer@arihant.demo',
  backoffice: 'backoffice@arihant.demo',
  priceoverride: 'priceoverride@arihant.demo',
  'broker dealer': 'clientdealer@trishul.demo',
  'BASIC client dealer': 'clientdealer@vasuki.demo',
  'PREMIUM client dealer': 'clientdealer@arihant.demo',
};
const DENIALS = ['UNAUTHENTICATED', 'FORBIDDEN', 'VIEW_ONLY', 'PREMIUM_REQUIRED'];

let t: TestApp;
const callers: { name: string; access: string | null; principal: Principal | null }[] = [];
beforeAll(async () => {
  t = await createTestApp();
  for (const [name, email] of Object.entries(PERSONAS)) {
    const access = email ? (await signIn(t.app, email)).access : null;
    callers.push({ name, access, principal: access ? await t.ctx.auth.principalFromToken(access) : null });
  }
});
afterAll(async () => { await t.close(); });

describe('access matrix: every API route × every persona gets what the policy table says', () => {
  it('covers the registered routes', () => {
    expect(t.app.policedRoutes).toEqual(expect.arrayContaining(['GET /api/session/', 'POST /api/token/', 'GET /api/health']));
  });

  it('answers each route for each persona as the policy decides', async () => {
    const mismatches: string[] = [];
    for (const route of t.app.policedRoutes) {
      const [method, path] = route.split(' ') as [string, string];
      const policy = policyFor(method, path)!;
      const url = path.replace(/:[a-zA-Z_]+/g, '1');
      for (const caller of callers) {
        const res = await t.app.inject({
          method: method as 'GET',
          url,
          headers: caller.access ? bearer(caller.access) : {},
          ...(method === 'GET' ? {} : { payload: {} }),
        });
        const verdict = evaluateAccess(policy, caller.principal, method);
        const code = String(res.headers['content-type'] ?? '').includes('json') ? (res.json() as { code?: string }).code : undefined;
        const ok = verdict.allowed ? !DENIALS.includes(code ?? '') : res.statusCode === verdict.status && code === verdict.code;
        if (!ok) mismatches.push(`${route} as ${caller.name}: got ${res.statusCode} ${code ?? ''}, policy says ${verdict.allowed ? 'allowed' : verdict.status}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('refuses to register a route that has no policy', async () => {
    const app = Fastify();
    registerAccessControl(app, t.ctx.auth);
    expect(() => app.get('/api/unlisted/', async () => ({}))).toThrow('No access policy for GET /api/unlisted/');
    await app.close();
  });
});
