import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { sessionMachine, type SignedIn } from '../../../machines/session.machine';
import { tokenPairSchema } from '../../shared/contracts/auth';
import { sessionAuthHooks } from '../app/sessionAuth';
import { api, ApiRequestError, configureAuth, onMultiStatus } from './http';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const base = 'http://localhost';

/** A handler answering with `statuses` in turn, counting calls. */
function sequence(method: 'get' | 'post', path: string, statuses: number[]) {
  const calls = { count: 0 };
  server.use(
    http[method](`${base}${path}`, () => {
      const status = statuses[Math.min(calls.count, statuses.length - 1)] ?? 200;
      calls.count += 1;
      return HttpResponse.json({ ok: status < 400 }, { status, statusText: status === 503 ? 'Service Unavailable' : 'OK' });
    }),
  );
  return calls;
}

describe('api client', () => {
  it('sends credentials with every request', async () => {
    let credentials: RequestCredentials | undefined;
    server.use(
      http.get(`${base}/api/x`, ({ request }) => {
        credentials = request.credentials;
        return HttpResponse.json({});
      }),
    );
    await api.get(`${base}/api/x`);
    expect(credentials).toBe('include');
  });

  it('wraps a failure as [METHOD] "url": status statusText', async () => {
    server.use(
      http.post(`${base}/api/eoi/`, () =>
        HttpResponse.json({ fields: { quantum: 'Cannot be zero' } }, { status: 400, statusText: 'Bad Request' }),
      ),
    );
    const error = await api.post(`${base}/api/eoi/`, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).message).toBe(`[POST] "${base}/api/eoi/": 400 Bad Request`);
    expect((error as ApiRequestError).data).toEqual({ fields: { quantum: 'Cannot be zero' } });
  });

  it.each([408, 409, 425, 429, 500, 502, 503, 504])('retries a GET once on %i', async (status) => {
    const calls = sequence('get', '/api/list', [status, 200]);
    await expect(api.get(`${base}/api/list`)).resolves.toEqual({ ok: true });
    expect(calls.count).toBe(2);
  });

  it('retries only once, then fails', async () => {
    const calls = sequence('get', '/api/list', [503, 503, 200]);
    await expect(api.get(`${base}/api/list`)).rejects.toThrow(`[GET] "${base}/api/list": 503 Service Unavailable`);
    expect(calls.count).toBe(2);
  });

  it('does not retry other statuses, nor any write', async () => {
    const get = sequence('get', '/api/missing', [404]);
    await expect(api.get(`${base}/api/missing`)).rejects.toBeInstanceOf(ApiRequestError);
    expect(get.count).toBe(1);
    const post = sequence('post', '/api/order', [503, 200]);
    await expect(api.post(`${base}/api/order`, {})).rejects.toBeInstanceOf(ApiRequestError);
    expect(post.count).toBe(1);
  });

  it('reports a timeout with the spec text', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      server.use(http.get(`${base}/api/slow`, () => new Promise<never>(() => undefined)));
      const request = api.get(`${base}/api/slow`, { timeoutMs: 5_000 });
      const outcome = expect(request).rejects.toThrow('[TimeoutError]: The operation was aborted due to timeout');
      await vi.advanceTimersByTimeAsync(5_000);
      await outcome;
    } finally {
      vi.useRealTimers();
    }
  });

  it('merges a 207 status into the data and tells the listeners', async () => {
    server.use(http.post(`${base}/api/eoi/upload/`, () => HttpResponse.json({ created: 3, failed: 1 }, { status: 207 })));
    const seen: unknown[] = [];
    const stop = onMultiStatus((_url, data) => seen.push(data));
    await expect(api.post(`${base}/api/eoi/upload/`, {})).resolves.toEqual({ created: 3, failed: 1, status: 207 });
    stop();
    expect(seen).toEqual([{ created: 3, failed: 1 }]);
  });

  it('merges a 200 status only on the chatter trade POST', async () => {
    server.use(
      http.post(`${base}/api/chatter/trade/`, () => HttpResponse.json({ id: 9 })),
      http.post(`${base}/api/other/`, () => HttpResponse.json({ id: 9 })),
    );
    await expect(api.post(`${base}/api/chatter/trade/`, {})).resolves.toEqual({ id: 9, status: 200 });
    await expect(api.post(`${base}/api/other/`, {})).resolves.toEqual({ id: 9 });
  });
});

/** A promise the test settles: a held server answer. */
function hold() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

/**
 * The real session machine wired to the client as the app wires it, signed in with the access
 * token `old`, over a fake server where `old` has just expired and only the refresh issues `new`:
 * the refresh rotates the (cookie) refresh token, so a second
 * refresh call would be a reuse and the server would revoke the family (DESIGN §10).
 */
function signedInClient() {
  const server_ = {
    refreshCalls: 0,
    logoutCalls: 0,
    valid: '',
    refreshAnswer: hold(),
    refreshStatus: 200,
    seen: {} as Record<string, string[]>,
    heldAnswers: {} as Record<string, Promise<void>>,
  };
  server.use(
    http.post(`${base}/api/token/refresh/`, async () => {
      server_.refreshCalls += 1;
      await server_.refreshAnswer.promise;
      if (server_.refreshCalls > 1 || server_.refreshStatus === 401)
        return HttpResponse.json({ detail: 'Token is invalid or expired' }, { status: 401 });
      server_.valid = 'new';
      return HttpResponse.json({ access: 'new', refresh: 'rotated', refresh_expires_in: 86_400 });
    }),
    http.post(`${base}/api/logout/`, () => {
      server_.logoutCalls += 1;
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(`${base}/api/:name/`, async ({ request, params }) => {
      const name = String(params.name);
      const token = request.headers.get('authorization');
      (server_.seen[name] ??= []).push(token ?? '');
      // The token is checked on arrival; the answer may be delayed (a slow handler).
      const valid = token === `Bearer ${server_.valid}`;
      const held = server_.heldAnswers[name];
      delete server_.heldAnswers[name];
      await held;
      return valid
        ? HttpResponse.json({ name })
        : HttpResponse.json({ detail: 'Given token not valid for any token type' }, { status: 401 });
    }),
  );
  const clock = new SimulatedClock();
  const toSignedIn = (access: string): SignedIn => ({ access, refreshTokenMaxAgeMs: 86_400_000 });
  const session = createActor(
    sessionMachine.provide({
      actors: {
        restoreSession: fromPromise(async () => toSignedIn('old')),
        refreshSession: fromPromise(async () =>
          toSignedIn((await api.post(`${base}/api/token/refresh/`, undefined, { schema: tokenPairSchema })).access),
        ),
        signOut: fromPromise(async () => {
          await api.post(`${base}/api/logout/`);
        }),
      },
    }),
    { clock },
  ).start();
  configureAuth(sessionAuthHooks(session));
  const settled = () => waitFor(session, (s) => !s.hasTag('busy') && !s.hasTag('loading'));
  return { server: server_, session, clock, settled };
}

describe('401s and the session refresh (spec 01 §4, DESIGN §10)', () => {
  afterEach(() => configureAuth(null));
  const get = (name: string) => api.get(`${base}/api/${name}/`);

  it('several 401s at once, one answered after the refresh: one refresh call, every request retried with the new token, no logout', async () => {
    const { server: fake, session, settled } = signedInClient();
    await settled();
    const late = hold();
    fake.heldAnswers.late = late.promise;
    const requests = [get('a'), get('b'), get('c'), get('late')];
    // a, b and c come back 401 while the one refresh is held; late's 401 only after it ended.
    await waitFor(session, (s) => Object.keys(s.context.retries).length === 3);
    await vi.waitFor(() => expect(fake.refreshCalls).toBe(1));
    fake.refreshAnswer.release();
    await waitFor(session, (s) => s.context.access === 'new');
    late.release();
    await expect(Promise.all(requests)).resolves.toEqual([{ name: 'a' }, { name: 'b' }, { name: 'c' }, { name: 'late' }]);
    expect(fake.refreshCalls).toBe(1);
    expect(fake.logoutCalls).toBe(0);
    for (const name of ['a', 'b', 'c', 'late']) expect(fake.seen[name]).toEqual(['Bearer old', 'Bearer new']);
    expect(session.getSnapshot().hasTag('signedIn')).toBe(true);
  });

  it('a dashboard refetching one URL three times at once with an expired token: one refresh, all three retried, no logout', async () => {
    const { server: fake, session, settled } = signedInClient();
    await settled();
    const requests = [get('market'), get('market'), get('market')];
    await vi.waitFor(() => expect(fake.seen.market).toHaveLength(3));
    await vi.waitFor(() => expect(fake.refreshCalls).toBe(1));
    fake.refreshAnswer.release();
    await expect(Promise.all(requests)).resolves.toEqual([{ name: 'market' }, { name: 'market' }, { name: 'market' }]);
    expect(fake.refreshCalls).toBe(1);
    expect(fake.logoutCalls).toBe(0);
    expect(session.getSnapshot().hasTag('signedIn')).toBe(true);
  });

  it('a 401 while the timer refresh runs joins it, and the window becoming visible does not restart it', async () => {
    const { server: fake, session, clock, settled } = signedInClient();
    await settled();
    clock.increment(240_000);
    await vi.waitFor(() => expect(fake.refreshCalls).toBe(1));
    const requests = [get('a'), get('b')];
    await waitFor(session, (s) => Object.keys(s.context.retries).length === 2);
    session.send({ type: 'window.visible' });
    fake.refreshAnswer.release();
    await expect(Promise.all(requests)).resolves.toEqual([{ name: 'a' }, { name: 'b' }]);
    expect(fake.refreshCalls).toBe(1);
    expect(fake.logoutCalls).toBe(0);
    expect(fake.seen).toEqual({ a: ['Bearer old', 'Bearer new'], b: ['Bearer old', 'Bearer new'] });
  });

  it('only a 401 on the refresh call itself logs out: the waiting requests then fail with their 401', async () => {
    const { server: fake, session, settled } = signedInClient();
    await settled();
    fake.refreshStatus = 401;
    const requests = [get('a'), get('b')].map((r) => r.catch((e: unknown) => e));
    await waitFor(session, (s) => Object.keys(s.context.retries).length === 2);
    fake.refreshAnswer.release();
    const errors = await Promise.all(requests);
    expect(errors.map((e) => (e as ApiRequestError).status)).toEqual([401, 401]);
    expect(fake.refreshCalls).toBe(1);
    expect(fake.logoutCalls).toBe(1);
    expect(session.getSnapshot().hasTag('guest')).toBe(true);
  });

  it('a request still refused after 2 refresh-and-retry rounds logs the user out', async () => {
    const { server: fake, session, settled } = signedInClient();
    await settled();
    fake.refreshAnswer.release();
    // The server refuses every token for this URL: the second refresh is then refused too.
    server.use(
      http.get(`${base}/api/refused/`, () => HttpResponse.json({ detail: 'Given token not valid for any token type' }, { status: 401 })),
    );
    const error = await get('refused').catch((e: unknown) => e);
    expect((error as ApiRequestError).status).toBe(401);
    expect(fake.logoutCalls).toBe(1);
    expect(session.getSnapshot().hasTag('guest')).toBe(true);
  });
});
