import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import type { SocketPort } from '../api/liveSocket';
import { sessionFixture } from '../features/account/testing';
import { sessionQuery } from './sessionQueries';
import { createSystem } from './system';

// The restore issues `old`, the refresh `new`; a third refresh call would reuse a rotated refresh
// token, which the server refuses (DESIGN §10).
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterAll(() => server.close());

describe('the session query in flight as the access token expires (spec 01 §4)', () => {
  it('refreshes once and answers the query with the new token: the refresh does not wait on the query that waits on it', async () => {
    const seen: string[] = [];
    let valid = '';
    let refreshes = 0;
    let logouts = 0;
    server.use(
      http.post('*/api/token/refresh/', () => {
        refreshes += 1;
        if (refreshes > 2) return HttpResponse.json({ detail: 'Token is invalid or expired' }, { status: 401 });
        valid = refreshes === 1 ? 'old' : 'new';
        return HttpResponse.json({ access: valid, refresh: `refresh-${refreshes}`, refresh_expires_in: 86_400 });
      }),
      http.post('*/api/logout/', () => {
        logouts += 1;
        return new HttpResponse(null, { status: 204 });
      }),
      http.get('*/api/session/', ({ request }) => {
        const token = request.headers.get('authorization') ?? '';
        seen.push(token);
        return token === `Bearer ${valid}`
          ? HttpResponse.json(sessionFixture())
          : HttpResponse.json({ detail: 'Given token not valid for any token type' }, { status: 401 });
      }),
    );
    const quietSocket: SocketPort = {
      readyState: 0,
      onopen: null,
      onmessage: null,
      onclose: null,
      send: () => undefined,
      close: () => undefined,
    };
    const system = createSystem(() => undefined, undefined, { openSocket: () => quietSocket });
    try {
      await waitFor(system.session, (s) => s.hasTag('signedIn') && !s.hasTag('busy'));
      valid = 'expired';
      // The dashboard refetches the session profile with the token that has just expired: its 401
      // starts the refresh, whose own session fetch must not join this one.
      const refetched = system.queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 });
      await expect(refetched).resolves.toEqual(sessionFixture());
      expect(refreshes).toBe(2);
      expect(logouts).toBe(0);
      expect(system.session.getSnapshot().context.access).toBe('new');
      // Restore's fetch, the expired refetch, the refresh's fetch, the refetch's retry.
      expect(seen).toEqual(['Bearer old', 'Bearer old', 'Bearer new', 'Bearer new']);
    } finally {
      system.dispose();
    }
  });
});
