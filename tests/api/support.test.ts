import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requests, supportFiles, supportTickets } from '../../src/server/db/schema';
import { SUPPORT_UPLOAD_TTL_MS } from '../../src/shared/constants';
import { REQUEST_TYPES } from '../../src/shared/enums';
import { multipartFile, PNG_BYTES } from './helpers/multipart';
import { bearer, signIn } from './helpers/signIn';
import { createTestApp, type TestApp } from './helpers/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const as = async (email: string) => bearer((await signIn(t.app, email)).access);
const upload = async (headers: Record<string, string>, file: ReturnType<typeof multipartFile>) =>
  t.app.inject({ method: 'POST', url: '/api/ext/public/upload/', payload: file.payload, headers: { ...headers, ...file.headers } });
const uploadPng = async (headers: Record<string, string>) =>
  (await upload(headers, multipartFile('file', 'screen.png', 'image/png', PNG_BYTES))).json().file_url as string;
const createTicket = (headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/support/tickets/', payload, headers });
const rows = async () => ({
  files: (await t.ctx.database.db.select({ n: count() }).from(supportFiles))[0]!.n,
  tickets: (await t.ctx.database.db.select({ n: count() }).from(supportTickets))[0]!.n,
  requests: (await t.ctx.database.db.select({ n: count() }).from(requests))[0]!.n,
});
// Demo mode is dev mode: the raw type ids of spec 02 §3 (query 3, issue 1, access 4, feedback 2).
const QUERY = { form_name: 'Ask a query', content: 'How is accrued interest computed?', ticket_type_id: 3 };

describe('POST api/ext/public/upload/', () => {
  it('stores an allowed file and answers its url, which the uploader can download', async () => {
    const headers = await as('clientdealer@arihant.demo');
    const res = await upload(headers, multipartFile('file', 'screen.png', 'image/png', PNG_BYTES));
    expect(res.statusCode).toBe(200);
    const fileUrl = res.json().file_url as string;
    expect(fileUrl).toMatch(/^\/api\/support\/files\/[A-Za-z0-9_-]{32}$/);
    const download = await t.app.inject({ method: 'GET', url: fileUrl, headers });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.rawPayload.equals(PNG_BYTES)).toBe(true);
    // Another client's user cannot read it, nor can a colleague who is not an OpsAdmin.
    expect((await t.app.inject({ method: 'GET', url: fileUrl, headers: await as('clientdealer@vasuki.demo') })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: fileUrl, headers: await as('backoffice@arihant.demo') })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: fileUrl, headers: await as('clientopsadmin@arihant.demo') })).statusCode).toBe(200);
  });

  it('refuses a type off the allow-list, a disguised file, a file over 5 MB and a missing file; nothing is stored', async () => {
    const headers = await as('clientdealer@arihant.demo');
    const before = await rows();
    const exe = await upload(headers, multipartFile('file', 'tool.exe', 'application/x-msdownload', Buffer.from('MZ\x90\x00')));
    expect(exe.statusCode).toBe(415);
    expect(exe.json().message).toBe('Only images (PNG, JPEG, GIF, WebP), PDF, text, CSV and Excel (.xlsx) files can be attached.');
    const disguised = await upload(headers, multipartFile('file', 'shot.png', 'image/png', Buffer.from('MZ not a png')));
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json().fields).toEqual({ file: "The file's content does not match its type." });
    const big = await upload(
      headers,
      multipartFile('file', 'big.pdf', 'application/pdf', Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(5 * 1024 * 1024)])),
    );
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('The file is larger than 5 MB.');
    const wrongField = await upload(headers, multipartFile('attachment', 'screen.png', 'image/png', PNG_BYTES));
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().fields).toEqual({ file: 'Please attach a file in the field "file".' });
    const json = await t.app.inject({ method: 'POST', url: '/api/ext/public/upload/', payload: { file: 'x' }, headers });
    expect(json.statusCode).toBe(415);
    expect(await rows()).toEqual(before);
  });

  it('needs a signed-in caller', async () => {
    expect((await upload({}, multipartFile('file', 'screen.png', 'image/png', PNG_BYTES))).statusCode).toBe(401);
  });
});

describe('POST api/support/tickets/', () => {
  it('creates a ticket that claims the uploaded file; the requester and their OpsAdmin see it', async () => {
    const headers = await as('clientdealer@arihant.demo');
    const fileUrl = await uploadPng(headers);
    const res = await createTicket(headers, { ...QUERY, extra_data: { page: '/find' }, file_url: fileUrl });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      support_type: 'query',
      ticket_type_id: 3,
      form_name: 'Ask a query',
      content: QUERY.content,
      extra_data: { page: '/find' },
      request_type: null,
      status: 'open',
      desk_ref: null,
      file: { name: 'screen.png', url: fileUrl, size: PNG_BYTES.length },
      requester: { email: 'clientdealer@arihant.demo' },
    });
    const mine = (await t.app.inject({ method: 'GET', url: '/api/support/tickets/', headers })).json().results as { id: number }[];
    expect(mine.map((x) => x.id)).toContain(res.json().id);
    const admin = (
      await t.app.inject({ method: 'GET', url: '/api/support/tickets/', headers: await as('clientopsadmin@arihant.demo') })
    ).json().results as { id: number }[];
    expect(admin.map((x) => x.id)).toContain(res.json().id);
    const colleague = (
      await t.app.inject({ method: 'GET', url: '/api/support/tickets/', headers: await as('backoffice@arihant.demo') })
    ).json().results as { id: number }[];
    expect(colleague.map((x) => x.id)).not.toContain(res.json().id);
    const other = (
      await t.app.inject({ method: 'GET', url: '/api/support/tickets/', headers: await as('clientopsadmin@vasuki.demo') })
    ).json().results as { id: number }[];
    expect(other.map((x) => x.id)).not.toContain(res.json().id);
    // A file belongs to one ticket.
    expect((await createTicket(headers, { ...QUERY, file_url: fileUrl })).json().fields).toEqual({
      file_url: 'The attached file was not found or has expired. Please attach it again.',
    });
  });

  it('takes each support type by its id, and a view-only user may ask too', async () => {
    const headers = await as('clientviewer@arihant.demo');
    const types = [];
    for (const ticket_type_id of [3, 1, 4, 2]) types.push((await createTicket(headers, { ...QUERY, ticket_type_id })).json().support_type);
    expect(types).toEqual(['query', 'issue', 'access', 'feedback']);
  });

  it('refuses bad input with a clear 400 and stores nothing', async () => {
    const headers = await as('clientdealer@arihant.demo');
    const before = await rows();
    const fields = async (payload: object) => (await createTicket(headers, payload)).json().fields;
    // 5 is the query's external id: not a type id in dev mode.
    expect(await fields({ ...QUERY, ticket_type_id: 5 })).toEqual({ ticket_type_id: 'Please choose a support type.' });
    expect(await fields({ ...QUERY, content: '  ' })).toEqual({ content: 'Please describe your request.' });
    expect(await fields({ ...QUERY, form_name: '' })).toEqual({ form_name: 'Form name is required' });
    expect(await fields({ ...QUERY, file_url: '/api/support/files/not-ours' })).toEqual({
      file_url: 'The attached file was not found or has expired. Please attach it again.',
    });
    expect(await fields({ ...QUERY, extra_data: { blob: 'x'.repeat(10_001) } })).toEqual({
      extra_data: 'The shared details are too large.',
    });
    const othersFile = await uploadPng(await as('clientdealer@vasuki.demo'));
    expect(await fields({ ...QUERY, file_url: othersFile })).toEqual({
      file_url: 'The attached file was not found or has expired. Please attach it again.',
    });
    expect(await rows()).toEqual({ ...before, files: before.files + 1 });
  });

  it('stores an issue report in context as a REPORT_ISSUE_PRICING_AND_CASHFLOW request with its ticket', async () => {
    const headers = await as('clientdealer@arihant.demo');
    const res = await createTicket(headers, {
      form_name: 'Report issue: pricing and cashflow',
      content: 'Price/yield seems incorrect',
      ticket_type_id: 1,
      request_type: 'REPORT_ISSUE_PRICING_AND_CASHFLOW',
      extra_data: { consent: true, pricing: { clean_price: '101.2500' } },
    });
    expect(res.json()).toMatchObject({ support_type: 'issue', request_type: 'REPORT_ISSUE_PRICING_AND_CASHFLOW' });
    const [row] = await t.ctx.database.db.select().from(supportTickets).where(eq(supportTickets.id, res.json().id));
    const [request] = await t.ctx.database.db.select().from(requests).where(eq(requests.id, row!.requestId!));
    expect(request).toMatchObject({ requestType: 'REPORT_ISSUE_PRICING_AND_CASHFLOW', message: 'Price/yield seems incorrect' });
  });
});

describe('orphan uploads', () => {
  it('deletes an upload no ticket claimed once its hour is up; claimed files stay', async () => {
    let headers = await as('clientdealer@arihant.demo');
    const orphan = await uploadPng(headers);
    const claimed = await uploadPng(headers);
    expect((await createTicket(headers, { ...QUERY, file_url: claimed })).statusCode).toBe(200);
    t.clock.advance(SUPPORT_UPLOAD_TTL_MS - 1);
    headers = await as('clientdealer@arihant.demo');
    expect((await t.app.inject({ method: 'GET', url: orphan, headers })).statusCode).toBe(200);
    t.clock.advance(1);
    // Claiming it now is too late; the next upload sweeps it.
    expect((await createTicket(headers, { ...QUERY, file_url: orphan })).statusCode).toBe(400);
    await uploadPng(headers);
    expect((await t.app.inject({ method: 'GET', url: orphan, headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: claimed, headers })).statusCode).toBe(200);
  });
});

describe('every request type of spec 01 §3 is stored with its type and opens a ticket', () => {
  it('from a signed-in user', async () => {
    const headers = await as('clientdealer@vasuki.demo');
    for (const request_type of REQUEST_TYPES) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/requests/',
        payload: { request_type, context: { isin: 'INE002A08534' } },
        headers,
      });
      expect(res.statusCode, request_type).toBe(200);
      const [ticket] = await t.ctx.database.db.select().from(supportTickets).where(eq(supportTickets.requestId, res.json().id));
      const expected =
        { REQUEST_PRICING: 'query', CONTACT_FORM: 'query', REPORT_ISSUE_PRICING_AND_CASHFLOW: 'issue' }[request_type as string] ?? 'access';
      expect(ticket, request_type).toMatchObject({ supportType: expected, extraData: { request_type, isin: 'INE002A08534' } });
    }
  });
});

describe('public forms: business e-mail and a limit per address', () => {
  const contact = (payload: object) => t.app.inject({ method: 'POST', url: '/api/contact/', payload });
  const message = {
    name: 'Meera Iyer',
    email: 'meera@treasuryhouse.in',
    company: 'Treasury House',
    message: 'Please call me about the finder.',
  };

  it('notes a contact message as a CONTACT_FORM request with its ticket', async () => {
    const res = await contact(message);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Your message has been noted' });
    const stored = await t.ctx.database.db.select().from(requests).where(eq(requests.requestType, 'CONTACT_FORM'));
    expect(stored.at(-1)).toMatchObject({ clientId: null, userId: null, contact: { email: 'meera@treasuryhouse.in', name: 'Meera Iyer' } });
  });

  it('refuses a free or malformed address and stores nothing', async () => {
    const before = await rows();
    expect((await contact({ ...message, email: 'meera@gmail.com' })).json().fields).toEqual({ email: 'Enter a valid business email' });
    expect((await contact({ ...message, email: 'meera@' })).json().fields).toEqual({ email: 'Enter a valid email ID' });
    expect((await contact({ ...message, message: '' })).json().fields).toEqual({ message: 'Please write your message.' });
    expect(await rows()).toEqual(before);
  });

  it('takes three messages per address an hour, in any letter case, then 429 until the hour has passed', async () => {
    const email = 'ravi@limits.example.in';
    for (let i = 0; i < 3; i += 1)
      expect((await contact({ ...message, email: i === 1 ? email.toUpperCase() : email })).statusCode).toBe(200);
    const before = await rows();
    const refused = await contact({ ...message, email });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many requests from this e-mail address. Please try again in an hour.');
    expect(await rows()).toEqual(before);
    expect((await contact({ ...message, email: 'someone.else@limits.example.in' })).statusCode).toBe(200);
    t.clock.advance(60 * 60_000);
    expect((await contact({ ...message, email })).statusCode).toBe(200);
  });

  it('limits the public request-access form the same way', async () => {
    const lead = { first_name: 'Kiran', last_name: 'Rao', email: 'kiran@leads.example.in', mobile: '9876543210', company: 'Rao Capital' };
    for (let i = 0; i < 3; i += 1)
      expect((await t.app.inject({ method: 'POST', url: '/api/client/register-user/lite', payload: lead })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/client/register-user/lite', payload: lead })).statusCode).toBe(429);
  });
});
