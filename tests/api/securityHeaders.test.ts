/**
 * Every answer carries the security headers a 200 carries — refusals and errors too: an error
 * page is as framable and sniffable as any other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile } from './helpers/multipart';
import { bearer, signIn } from './helpers/signIn';
import { createTestApp, type TestApp } from './helpers/testApp';

let t: TestApp;
let dealer: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  dealer = bearer((await signIn(t.app, 'clientdealer@arihant.demo')).access);
});
afterAll(async () => {
  await t.close();
});

const expectSecurityHeaders = (headers: Record<string, unknown>) => {
  expect(headers['content-security-policy']).toContain("default-src 'self'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(headers['referrer-policy']).toBe('no-referrer');
};

describe('security headers on every answer', () => {
  it('a 200', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/session/', headers: dealer });
    expect(res.statusCode).toBe(200);
    expectSecurityHeaders(res.headers);
  });

  it('a 401: not signed in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/session/' });
    expect(res.statusCode).toBe(401);
    expectSecurityHeaders(res.headers);
  });

  it('a 403: a dealer on an OpsAdmin route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/useraccounts/', headers: dealer });
    expect(res.statusCode).toBe(403);
    expectSecurityHeaders(res.headers);
  });

  it('a 404: no such endpoint', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-endpoint/' });
    expect(res.statusCode).toBe(404);
    expectSecurityHeaders(res.headers);
  });

  it('a 400: a body that fails validation', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/token/', payload: { email: 'not an address', password: 'x' } });
    expect(res.statusCode).toBe(400);
    expectSecurityHeaders(res.headers);
  });

  it('a 413: an upload over the limit', async () => {
    const file = multipartFile('file', 'notes.txt', 'text/plain', Buffer.alloc(5 * 1024 * 1024 + 1, 0x20));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ext/public/upload/',
      payload: file.payload,
      headers: { ...dealer, ...file.headers },
    });
    expect(res.statusCode).toBe(413);
    expectSecurityHeaders(res.headers);
  });

  it('a 503 while the server is starting', async () => {
    t.ctx.readiness.ready = false;
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/session/', headers: dealer });
      expect(res.statusCode).toBe(503);
      expectSecurityHeaders(res.headers);
    } finally {
      t.ctx.readiness.ready = true;
    }
  });
});
