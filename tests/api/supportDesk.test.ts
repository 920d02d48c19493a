import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { requests, supportTickets } from '../../src/server/db/schema';
import { multipartFile, PNG_BYTES } from './helpers/multipart';
import { bearer, signIn } from './helpers/signIn';
import { createTestApp, type TestApp } from './helpers/testApp';

/** A local stand-in for Intercom's ticket API: records each request and answers what the test sets. */
interface Received {
  method?: string;
  url?: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}
let received: Received[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: {} };
let desk: Server;
let t: TestApp;

beforeAll(async () => {
  desk = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      received.push({ method: req.method, url: req.url, headers: req.headers, body: JSON.parse(raw || '{}') });
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => desk.listen(0, '127.0.0.1', resolve));
  const { port } = desk.address() as AddressInfo;
  t = await createTestApp({
    SUPPORT_DESK_TOKEN: 'dG9rOnRlc3Q=',
    SUPPORT_DESK_URL: `http://127.0.0.1:${port}/`,
    SUPPORT_DESK_DEV_MODE: 'off',
  });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => desk.close(resolve));
});
beforeEach(() => {
  received = [];
});

const as = async (email: string) => bearer((await signIn(t.app, email)).access);
const stored = async () => ({
  tickets: (await t.ctx.database.db.select({ n: count() }).from(supportTickets))[0]!.n,
  requests: (await t.ctx.database.db.select({ n: count() }).from(requests))[0]!.n,
});
// Outside dev mode the form sends the external ids of spec 02 §3 (query 5, issue 1, access 8, feedback 6).
const QUERY = { form_name: 'Ask a query', content: 'Which settlement dates are allowed?', ticket_type_id: 5 };

describe('the Intercom connector (SUPPORT_DESK_TOKEN set)', () => {
  it('creates the ticket in Intercom for the requester, with the attachment, and keeps its id', async () => {
    answer = { status: 200, body: { type: 'ticket', id: '1295', ticket_id: '1390' } };
    const headers = await as('clientdealer@arihant.demo');
    const upload = multipartFile('file', 'screen.png', 'image/png', PNG_BYTES);
    const fileUrl = (
      await t.app.inject({
        method: 'POST',
        url: '/api/ext/public/upload/',
        payload: upload.payload,
        headers: { ...headers, ...upload.headers },
      })
    ).json().file_url;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/support/tickets/',
      headers,
      payload: { ...QUERY, file_url: fileUrl, extra_data: { page: '/find' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ support_type: 'query', ticket_type_id: 5, desk_ref: '1295' });
    expect(received).toHaveLength(1);
    const [call] = received;
    expect(call).toMatchObject({ method: 'POST', url: '/tickets' });
    expect(call!.headers).toMatchObject({
      authorization: 'Bearer dG9rOnRlc3Q=',
      'intercom-version': '2.11',
      'content-type': 'application/json',
    });
    expect(call!.body).toEqual({
      ticket_type_id: '5',
      contacts: [{ email: 'clientdealer@arihant.demo' }],
      ticket_attributes: {
        _default_title_: 'Ask a query',
        _default_description_: `Which settlement dates are allowed?\n\nDetails: {"page":"/find"}\n\nAttachment: ${fileUrl}`,
      },
    });
  });

  it('files a 402 Request Upgrade as an access-request ticket (external id 8)', async () => {
    answer = { status: 200, body: { type: 'ticket', id: '77' } };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/requests/',
      headers: await as('user@vasuki.demo'),
      payload: { request_type: 'REQUEST_ACCESS_INVENTORY' },
    });
    expect(res.statusCode).toBe(200);
    expect(received[0]!.body).toMatchObject({ ticket_type_id: '8', ticket_attributes: { _default_title_: 'Request access: inventory' } });
  });

  it("maps Intercom's refusal to 'Error creating intercom ticket' with its reason, and stores nothing", async () => {
    answer = {
      status: 400,
      body: { type: 'error.list', request_id: 'r1', errors: [{ code: 'parameter_invalid', message: 'Ticket type not found' }] },
    };
    const before = await stored();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/support/tickets/',
      headers: await as('clientdealer@arihant.demo'),
      payload: QUERY,
    });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ code: 'SUPPORT_DESK_FAILED', message: 'Error creating intercom ticket: Ticket type not found' });
    const request = await t.app.inject({
      method: 'POST',
      url: '/api/requests/',
      headers: await as('user@vasuki.demo'),
      payload: { request_type: 'DEPTH_FEATURE' },
    });
    expect(request.statusCode).toBe(502);
    expect(await stored()).toEqual(before);
  });

  it('says so when Intercom answers without a reason or cannot be reached', async () => {
    answer = { status: 503, body: 'down' };
    const headers = await as('clientdealer@arihant.demo');
    expect((await t.app.inject({ method: 'POST', url: '/api/support/tickets/', headers, payload: QUERY })).json().message).toBe(
      'Error creating intercom ticket: 503 Service Unavailable',
    );
    const unreachable = await createTestApp({
      SUPPORT_DESK_TOKEN: 'x',
      SUPPORT_DESK_URL: 'http://127.0.0.1:9/',
      SUPPORT_DESK_DEV_MODE: 'off',
    });
    try {
      const res = await unreachable.app.inject({
        method: 'POST',
        url: '/api/support/tickets/',
        headers: bearer((await signIn(unreachable.app, 'clientdealer@arihant.demo')).access),
        payload: QUERY,
      });
      expect(res.json().message).toBe('Error creating intercom ticket: the support desk cannot be reached');
    } finally {
      await unreachable.close();
    }
  });
});

describe('the messenger widget (SUPPORT_WIDGET_APP_ID)', () => {
  it('is named to the client and allowed by the content security policy only when configured', async () => {
    const withWidget = await createTestApp({ SUPPORT_WIDGET_APP_ID: 'abc123' });
    try {
      const res = await withWidget.app.inject({ method: 'GET', url: '/api/app-config/' });
      expect(res.json().support).toEqual({ dev_mode: true, widget_app_id: 'abc123' });
      expect(res.headers['content-security-policy']).toContain("script-src 'self' https://widget.intercom.io");
    } finally {
      await withWidget.close();
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/app-config/' });
    expect(res.json().support).toEqual({ dev_mode: false, widget_app_id: null });
    expect(res.headers['content-security-policy']).not.toContain('intercom');
  });
});
