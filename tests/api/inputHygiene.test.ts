/**
 * Input hygiene, walked over every registered route: a NUL byte or a lone surrogate in any string
 * (path, query, body, multipart field or file name), an id beyond PostgreSQL's int4, an over-long
 * text or a broken multipart body is a clear 400 — never a 500, never stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TABLE, expectedAccess, PERSONAS } from './accessTable';
import { multipartFile, PNG_BYTES } from './helpers/multipart';
import { chatter } from './helpers/chat';
import { bearer, signIn } from './helpers/signIn';
import { createTestApp, type TestApp } from './helpers/testApp';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
}
interface Operation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

const NUL = 'abc\u0000def';
const LONE_SURROGATE = 'abc\ud800def';
const BEYOND_INT4 = 2_147_483_648;
const POISONS = { NUL, 'lone surrogate': LONE_SURROGATE } as const;

let t: TestApp;
let doc: { paths: Record<string, Record<string, Operation>> };
/** Each persona's headers: the Bearer token, and a chat session where the persona may chat. */
const personaHeaders: Record<string, string>[] = [];

beforeAll(async () => {
  t = await createTestApp();
  for (const email of Object.values(PERSONAS)) {
    if (!email) personaHeaders.push({});
    else {
      const session = await chatter(t.app, email).catch(() => undefined);
      personaHeaders.push(
        session ? { ...bearer(session.access), 'x-chat-session': session.session } : bearer((await signIn(t.app, email)).access),
      );
    }
  }
  doc = t.app.swagger() as typeof doc;
});
afterAll(async () => {
  await t.close();
});

/** Every policed route with a persona access control lets through, and its OpenAPI operation. */
function routes() {
  return t.app.policedRoutes.flatMap((route) => {
    const [method, path] = route.split(' ') as [string, string];
    const persona = Object.keys(PERSONAS).findIndex((_, i) => expectedAccess(route, i) === 'ok');
    const operation = doc.paths[path.replace(/:([a-zA-Z_]+)/g, '{$1}')]?.[method.toLowerCase()];
    if (persona < 0 || !operation || (method === 'GET' && path.startsWith('/ws/'))) return [];
    return [{ route, method, path, operation, headers: personaHeaders[persona] }];
  });
}

const typesOf = (schema: JsonSchema | undefined): string[] =>
  schema ? [schema.type ?? [], ...(schema.anyOf ?? []).flatMap(typesOf)].flat() : [];

/** A body with every property (nested objects and arrays too) set to `value` where its type allows. */
function poisonedBody(schema: JsonSchema | undefined, pick: (types: string[]) => unknown): unknown {
  if (!schema) return { text: pick(['string']) };
  const types = typesOf(schema);
  const objectSchema = [schema, ...(schema.anyOf ?? [])].find((s) => s.properties);
  if (objectSchema?.properties)
    return Object.fromEntries(Object.entries(objectSchema.properties).map(([key, prop]) => [key, poisonedBody(prop, pick)]));
  const arraySchema = [schema, ...(schema.anyOf ?? [])].find((s) => s.items);
  if (arraySchema) return [poisonedBody(arraySchema.items, pick)];
  return pick(types);
}

/** The route's URL with every path parameter and query field set to `encoded(types)`, already URL-encoded. */
function urlWith(path: string, operation: Operation, encoded: (types: string[]) => string) {
  const params = new Map((operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => [p.name, typesOf(p.schema)]));
  const filled = path.replace(/:([a-zA-Z_]+)/g, (_, name: string) => encoded(params.get(name) ?? ['string']));
  const query = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => `${p.name}=${encoded(typesOf(p.schema))}`);
  return query.length ? `${filled}?${query.join('&')}` : filled;
}

const jsonBody = (operation: Operation) => operation.requestBody?.content?.['application/json']?.schema;
/** The routes that take a file (OpenAPI keeps no body schema for them, so they are named here). */
const MULTIPART_ROUTES = ['POST /api/chat/channels/:url/files/', 'POST /api/eoi/upload/', 'POST /api/ext/public/upload/'];
const isMultipart = (route: string) => MULTIPART_ROUTES.includes(route);

async function call(method: string, target: string, headers: Record<string, string>, payload?: unknown) {
  return t.app.inject({
    method: method as 'POST',
    url: target,
    headers,
    ...(method === 'GET' || payload === undefined ? {} : { payload: payload as object }),
  });
}

describe('input hygiene: every route refuses NUL bytes, lone surrogates and out-of-range ids with a 400', () => {
  it('finds the routes to walk in the OpenAPI document', () => {
    expect(routes().length).toBeGreaterThan(Object.keys(ACCESS_TABLE).length / 2);
  });

  it('answers 400 for a NUL byte in any path parameter or query field, and never 500 for the bytes of a lone surrogate', async () => {
    const wrong: string[] = [];
    for (const { route, method, path, operation, headers } of routes()) {
      if (!(operation.parameters ?? []).some((p) => p.in === 'path' || p.in === 'query')) continue;
      const nul = await call(
        method,
        urlWith(path, operation, () => encodeURIComponent(NUL)),
        headers,
      );
      if (nul.statusCode !== 400) wrong.push(`${route} (NUL): ${nul.statusCode} ${nul.body.slice(0, 120)}`);
      // A lone surrogate cannot be written in UTF-8: the closest a URL gets is its three bytes.
      const surrogate = await call(
        method,
        urlWith(path, operation, () => 'abc%ED%A0%80'),
        headers,
      );
      if (surrogate.statusCode >= 500) wrong.push(`${route} (surrogate bytes): ${surrogate.statusCode} ${surrogate.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  });

  for (const [name, poison] of Object.entries(POISONS)) {
    it(`answers 400 for a ${name} in any JSON body field, nested fields and keys included`, async () => {
      const wrong: string[] = [];
      for (const { route, method, path, operation, headers } of routes()) {
        if (method === 'GET' || isMultipart(route) || (method === 'DELETE' && !jsonBody(operation))) continue;
        const body = poisonedBody(jsonBody(operation), () => poison);
        const payload = body && typeof body === 'object' && !Array.isArray(body) ? { ...body, [`key${poison}`]: 1 } : body;
        const res = await call(
          method,
          urlWith(path, operation, (types) => (types.includes('integer') ? '1' : 'x')),
          headers,
          payload,
        );
        if (res.statusCode !== 400) wrong.push(`${route}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
      expect(wrong).toEqual([]);
    });
  }

  it('answers 400 for an id beyond the int4 column range, in the path, the query and the body — never 500', async () => {
    const wrong: string[] = [];
    for (const { route, method, path, operation, headers } of routes()) {
      const intParams = (operation.parameters ?? []).filter((p) => p.in === 'path' && typesOf(p.schema).includes('integer'));
      const target = urlWith(path, operation, (types) =>
        types.includes('integer') || types.includes('number') ? String(BEYOND_INT4) : 'x',
      );
      const body =
        method === 'GET' || isMultipart(route)
          ? undefined
          : poisonedBody(jsonBody(operation), (types) => (types.includes('integer') ? BEYOND_INT4 : 'x'));
      const res = await call(method, target, headers, body);
      if (res.statusCode >= 500 || (intParams.length > 0 && res.statusCode !== 400))
        wrong.push(`${route}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses POST /api/change-password/2147483648/ with a 400 naming the id', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/change-password/2147483648/',
      payload: { token: 'x', new_password1: 'a', new_password2: 'a' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { userId: expect.any(String) } });
  });

  it('names the field and says why when a body text holds a NUL byte', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/token/', payload: { email: 'user@arihant.demo', password: `x${NUL}` } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Should not contain a NUL character or a broken Unicode character.',
      fields: { password: 'Should not contain a NUL character or a broken Unicode character.' },
    });
  });

  it('stores no firm whose name holds a lone surrogate (it used to be saved as "�")', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client/register/',
      payload: {
        auth_mode: 'otp',
        pan: 'ABCPE1234F',
        identity: { first_name: 'Asha', last_name: 'Rao' },
        client_type: 'CORP',
        corporate_identity: { name: `Surya ${LONE_SURROGATE} Capital` },
        contact: { email: 'asha@surya.demo', mobile: '9876501234' },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty(['corporate_identity.name']);
  });
});

describe('input hygiene: multipart uploads', () => {
  const multipartRoutes = () => routes().filter((r) => isMultipart(r.route));

  it('walks every multipart route', () => {
    expect(
      multipartRoutes()
        .map((r) => r.route)
        .sort(),
    ).toEqual([...MULTIPART_ROUTES].sort());
  });

  // A multipart body is bytes: a lone surrogate arrives as U+FFFD, a NUL byte as itself.
  it('answers 400 for a NUL byte in a file name or a field', async () => {
    const wrong: string[] = [];
    for (const { route, method, path, operation, headers } of multipartRoutes()) {
      const target = urlWith(path, operation, () => 'x');
      const file = multipartFile('file', `screen${NUL}.png`, 'image/png', PNG_BYTES);
      const res = await call(method, target, { ...headers, ...file.headers }, file.payload);
      if (res.statusCode !== 400) wrong.push(`${route} (file name): ${res.statusCode} ${res.body.slice(0, 120)}`);
      const field = multipartWithField('req_id', `r${NUL}`);
      const fieldRes = await call(method, target, { ...headers, ...field.headers }, field.payload);
      if (fieldRes.statusCode !== 400) wrong.push(`${route} (field): ${fieldRes.statusCode} ${fieldRes.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 400 for a truncated multipart body', async () => {
    const wrong: string[] = [];
    for (const { route, method, path, operation, headers } of multipartRoutes()) {
      const file = multipartFile('file', 'screen.png', 'image/png', PNG_BYTES);
      const cut = file.payload.subarray(0, file.payload.length - 30);
      const res = await call(
        method,
        urlWith(path, operation, () => 'x'),
        { ...headers, ...file.headers },
        cut,
      );
      if (res.statusCode !== 400) wrong.push(`${route}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  });
});

/** A multipart body with one text field before a small PNG file. */
function multipartWithField(name: string, value: string) {
  const file = multipartFile('file', 'screen.png', 'image/png', PNG_BYTES);
  const boundary = /boundary=(.+)$/.exec(file.headers['content-type'])![1];
  const field = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  return { headers: file.headers, payload: Buffer.concat([field, file.payload]) };
}
