import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';

// A minimal built client: index.html and one hashed asset with its brotli copy.
const dist = mkdtempSync(join(tmpdir(), 'kosh-dist-'));
const script = 'console.log("kosh");'.repeat(100);
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
writeFileSync(join(dist, 'assets', 'app-abc123.js'), script);
writeFileSync(join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.close();
  // Rebuild over the same database with clientDist pointing at the fixture.
  const { buildApp } = await import('../../src/server/app');
  t.app = await buildApp({ ...t.ctx, config: { ...t.ctx.config, clientDist: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the built app', () => {
  it('serves hashed assets precompressed and immutable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('answers every page path with index.html, uncached', async () => {
    for (const path of ['/', '/dart', '/security/42', '/nope']) {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['content-type'], path).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control'], path).toBe('no-cache');
    }
  });

  it('keeps API paths out of the fallback', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('ROUTE_NOT_FOUND');
  });
});
