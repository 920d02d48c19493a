import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, ApiRequestError, onMultiStatus } from './http';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const base = 'http://localhost';

/** A handler answering with `statuses` in turn, counting calls. */
function sequence(method: 'get' | 'post', path: string, statuses: number[]) {
  const calls = { count: 0 };
  server.use(http[method](`${base}${path}`, () => {
    const status = statuses[Math.min(calls.count, statuses.length - 1)] ?? 200;
    calls.count += 1;
    return HttpResponse.json({ ok: status < 400 }, { status, statusText: status === 503 ? 'Service Unavailable' : 'OK' });
  }));
  return calls;
}

describe('api client', () => {
  it('sends credentials with every request', async () => {
    let credentials: RequestCredentials | undefined;
    server.use(http.get(`${base}/api/x`, ({ request }) => {
      credentials = request.credentials;
      return HttpResponse.json({});
    }));
    await api.get(`${base}/api/x`);
    expect(credentials).toBe('include');
  });

  it('wraps a failure as [METHOD] "url": status statusText', async () => {
    server.use(http.post(`${base}/api/eoi/`, () => HttpResponse.json({ fields: { quantum: 'Cannot be zero' } }, { status: 400, statusText: 'Bad Request' })));
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
