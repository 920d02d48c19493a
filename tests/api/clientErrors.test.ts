import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';

interface Received {
  url: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

// A local stand-in for the error-reporting service: records what it is sent.
const received: Received[] = [];
const collector = createServer((req, res) => {
  let raw = '';
  req.on('data', (chunk) => {
    raw += chunk;
  });
  req.on('end', () => {
    received.push({ url: req.url ?? '', headers: req.headers, body: JSON.parse(raw) as Record<string, unknown> });
    res.writeHead(200).end('{}');
  });
});

let t: TestApp;
beforeAll(async () => {
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  const { port } = collector.address() as AddressInfo;
  t = await createTestApp({ ERROR_REPORTING_DSN: `http://publickey@127.0.0.1:${port}/42` });
});
afterAll(async () => {
  await t.close();
  collector.close();
});

const report = {
  message: 'TypeError: x is undefined',
  stack: 'TypeError: x is undefined\n    at Grid (grid.tsx:10)',
  url: 'http://127.0.0.1:3000/dart',
  user_id: 7,
  user_name: 'Asha Rao',
  client_name: 'Arihant Capital',
};

describe('POST /api/client-errors/', () => {
  it('accepts a report and forwards it with the user, client and url to the reporting service', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/client-errors/', payload: report });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ forwarded: true });
    const sent = received.at(-1)!;
    expect(sent.url).toBe('/api/42/store/');
    expect(sent.headers['x-sentry-auth']).toContain('sentry_key=publickey');
    expect(sent.body).toMatchObject({
      message: report.message,
      request: { url: report.url },
      user: { id: '7', username: 'Asha Rao' },
      tags: { client_name: 'Arihant Capital' },
    });
  });

  it('rejects a report without a message or url, naming the fields', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/client-errors/', payload: { stack: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { message: expect.any(String), url: expect.any(String) } });
  });

  it('rejects malformed JSON and other content types with a 4xx, not a 500', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/client-errors/',
      headers: { 'content-type': 'application/json' },
      payload: '{"message":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('BAD_REQUEST');
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/client-errors/',
      headers: { 'content-type': 'text/csv' },
      payload: 'a,b',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});
