import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('system endpoints', () => {
  it('reports health with the database reachable and the version', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ok',
      version: '9.9.9-test',
      database: { kind: t.ctx.database.kind, reachable: true },
      bus: 'memory',
    });
  });

  it('answers 503 "starting" until migrations and the seed are done, and refuses other API calls', async () => {
    t.ctx.readiness.ready = false;
    try {
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json().status).toBe('starting');
      const other = await t.app.inject({ method: 'GET', url: '/api/app-config/' });
      expect(other.statusCode).toBe(503);
      expect(other.json().code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      t.ctx.readiness.ready = true;
    }
  });

  it('serves /version.json and /builds/latest.json uncached', async () => {
    const version = await t.app.inject({ method: 'GET', url: '/version.json' });
    expect(version.json()).toEqual({ version: '9.9.9-test' });
    expect(version.headers['cache-control']).toBe('no-cache');
    const build = await t.app.inject({ method: 'GET', url: '/builds/latest.json?t=123' });
    expect(build.json()).toEqual({ id: 'test-build' });
  });

  it('tells the client the configured brand', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/app-config/' });
    expect(res.json()).toEqual({ brand_name: 'Kosh', demo: true, version: '9.9.9-test', support: { dev_mode: true, widget_app_id: null } });
  });

  it('ignores a trailing slash', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health/' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/app-config' })).statusCode).toBe(200);
  });

  it('answers an unknown API path with the JSON 404, never the app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'ROUTE_NOT_FOUND', message: 'There is no such API endpoint.' });
  });

  it('sends security headers with a content security policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('publishes an OpenAPI document generated from the route schemas, and a docs page', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/health', '/api/client-errors/', '/version.json']));
    expect(doc.json().paths['/api/client-errors/'].post.requestBody.content['application/json'].schema.required).toEqual([
      'message',
      'url',
    ]);
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(page.statusCode);
  });
});
