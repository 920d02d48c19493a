/**
 * With SENDBIRD_APP_ID set, the chat session calls of spec 02 §7 go to Sendbird's Platform API
 * (DESIGN §8). A local fake of the Platform API checks every request: path, method, Api-Token
 * header and body; it does not know the user at first, so the server must create them.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHAT_LIMITS, CHAT_MESSAGES } from '../../src/shared/contracts/chat';
import { bearer, signIn } from './helpers/signIn';
import { createTestApp, type TestApp } from './helpers/testApp';

interface Seen {
  method: string;
  url: string;
  token: string | undefined;
  body: unknown;
}

let fake: Server;
let fakeUrl: string;
const seen: Seen[] = [];
const known = new Set<string>();
let refuseAll = false;

const bodyOf = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString();
  return text ? JSON.parse(text) : null;
};

beforeAll(async () => {
  fake = createServer(async (req, res) => {
    const body = await bodyOf(req);
    seen.push({ method: req.method!, url: req.url!, token: req.headers['api-token'] as string | undefined, body });
    const answer = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    if (req.headers['api-token'] !== 'sb-secret') return answer(401, { error: true, code: 400401, message: 'Invalid value: "Api-Token".' });
    if (refuseAll) return answer(500, { error: true, code: 500901, message: 'Unexpected error.' });
    const token = /^\/v3\/users\/([^/]+)\/token$/.exec(req.url!);
    if (req.method === 'POST' && req.url === '/v3/users') {
      known.add((body as { user_id: string }).user_id);
      return answer(200, { user_id: (body as { user_id: string }).user_id, nickname: (body as { nickname: string }).nickname });
    }
    if (token && req.method === 'POST') {
      const user = decodeURIComponent(token[1]!);
      if (!known.has(user)) return answer(400, { error: true, code: 400201, message: '"User" not found.' });
      return answer(200, { token: `sb-token-for-${user}`, expires_at: (body as { expires_at: number }).expires_at });
    }
    if (token && req.method === 'DELETE') return answer(200, {});
    return answer(404, { error: true, code: 400300, message: 'Not found' });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  fakeUrl = `http://127.0.0.1:${(fake.address() as { port: number }).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => fake.close(resolve));
});
beforeEach(() => {
  seen.splice(0);
  refuseAll = false;
});

describe('chat session tokens through Sendbird', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SENDBIRD_APP_ID: 'kosh-test', SENDBIRD_API_TOKEN: 'sb-secret', SENDBIRD_API_URL: fakeUrl });
  });
  afterAll(async () => {
    await t.close();
  });

  const me = async (email: string) => {
    const { access } = await signIn(t.app, email);
    const info = (await t.app.inject({ method: 'GET', url: '/api/session/', headers: bearer(access) })).json().user_info;
    return { access, userId: info.unique_id as string, nickname: `${info.first_name} ${info.last_name}` };
  };

  it('creates the unknown Sendbird user, then issues its session token with our expiry', async () => {
    const { access, userId, nickname } = await me('clientdealer@arihant.demo');
    await t.app.inject({ method: 'PATCH', url: '/api/client/chat-terms/', headers: bearer(access) });
    const res = await t.app.inject({ method: 'POST', url: '/api/issue-sb-session-token', headers: bearer(access), payload: { userId } });
    expect(res.statusCode).toBe(200);
    const expiresAt = t.clock.now().getTime() + CHAT_LIMITS.sessionTokenTtlMs;
    expect(res.json()).toEqual({ token: `sb-token-for-${userId}`, expires_at: expiresAt });
    expect(seen).toEqual([
      { method: 'POST', url: `/v3/users/${userId}/token`, token: 'sb-secret', body: { expires_at: expiresAt } },
      { method: 'POST', url: '/v3/users', token: 'sb-secret', body: { user_id: userId, nickname, profile_url: '' } },
      { method: 'POST', url: `/v3/users/${userId}/token`, token: 'sb-secret', body: { expires_at: expiresAt } },
    ]);
    // A known user: one call.
    seen.splice(0);
    await t.app.inject({ method: 'POST', url: '/api/issue-sb-session-token', headers: bearer(access), payload: { userId } });
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([`POST /v3/users/${userId}/token`]);
    // Removing the session revokes the user's Sendbird tokens.
    seen.splice(0);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/remove-sb-session', headers: bearer(access), payload: { userId } })).statusCode,
    ).toBe(204);
    expect(seen).toEqual([{ method: 'DELETE', url: `/v3/users/${userId}/token`, token: 'sb-secret', body: null }]);
  });

  it('the same rules before any call: only for oneself, and only with the chat terms accepted', async () => {
    const { access, userId } = await me('backoffice@arihant.demo');
    const other = await me('clientdealer@vasuki.demo');
    const noTerms = await t.app.inject({
      method: 'POST',
      url: '/api/issue-sb-session-token',
      headers: bearer(access),
      payload: { userId },
    });
    expect(noTerms.json().message).toBe(CHAT_MESSAGES.chatTermsRequired);
    const notMine = await t.app.inject({
      method: 'POST',
      url: '/api/issue-sb-session-token',
      headers: bearer(access),
      payload: { userId: other.userId },
    });
    expect(notMine.statusCode).toBe(403);
    expect(seen).toEqual([]);
  });

  it("Sendbird's refusal is a 502 with a clear message, never a 500", async () => {
    const { access, userId } = await me('clientdealer@arihant.demo');
    refuseAll = true;
    const res = await t.app.inject({ method: 'POST', url: '/api/issue-sb-session-token', headers: bearer(access), payload: { userId } });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ code: 'CHAT_SERVICE_FAILED', message: 'The chat service refused: Unexpected error.' });
  });
});

describe('a wrong API token or an unreachable Sendbird', () => {
  it('answers 502 CHAT_SERVICE_FAILED', async () => {
    for (const env of [
      { SENDBIRD_APP_ID: 'kosh-test', SENDBIRD_API_TOKEN: 'wrong', SENDBIRD_API_URL: fakeUrl },
      { SENDBIRD_APP_ID: 'kosh-test', SENDBIRD_API_TOKEN: 'sb-secret', SENDBIRD_API_URL: 'http://127.0.0.1:9' },
    ]) {
      const t = await createTestApp(env);
      try {
        const { access } = await signIn(t.app, 'clientdealer@arihant.demo');
        const userId = (await t.app.inject({ method: 'GET', url: '/api/session/', headers: bearer(access) })).json().user_info.unique_id;
        await t.app.inject({ method: 'PATCH', url: '/api/client/chat-terms/', headers: bearer(access) });
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/issue-sb-session-token',
          headers: bearer(access),
          payload: { userId },
        });
        expect(res.statusCode, env.SENDBIRD_API_TOKEN).toBe(502);
        expect(res.json().code).toBe('CHAT_SERVICE_FAILED');
      } finally {
        await t.close();
      }
    }
  });
});
