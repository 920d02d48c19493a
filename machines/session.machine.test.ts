import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { sessionMachine, type SignedIn, type SignInCredentials } from './session.machine';

const signedIn = (access: string): SignedIn => ({ access, refreshTokenMaxAgeMs: 7 * 86_400_000 });

function start(effects: {
  restore?: () => Promise<SignedIn>;
  signIn?: (c: SignInCredentials) => Promise<SignedIn>;
  refresh?: () => Promise<SignedIn>;
}) {
  const clock = new SimulatedClock();
  const spies = {
    redirectAfterSignIn: vi.fn(),
    redirectAfterSignOut: vi.fn(),
    signOut: vi.fn(async (): Promise<void> => undefined),
    refresh: vi.fn(effects.refresh ?? (async () => signedIn('refreshed'))),
  };
  const machine = sessionMachine.provide({
    actors: {
      restoreSession: fromPromise<SignedIn, void>(effects.restore ?? (() => Promise.reject(new Error('no cookie')))),
      signIn: fromPromise(({ input }) => (effects.signIn ?? (async () => signedIn('a1')))(input)),
      refreshSession: fromPromise<SignedIn, void>(() => spies.refresh()),
      signOut: fromPromise<void, void>(() => spies.signOut()),
    },
    actions: { redirectAfterSignIn: spies.redirectAfterSignIn, redirectAfterSignOut: spies.redirectAfterSignOut },
  });
  const actor = createActor(machine, { clock }).start();
  return { actor, clock, spies };
}

const settled = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => !s.hasTag('busy') && !s.hasTag('loading'));

describe('session machine', () => {
  it('restores a session from the refresh cookie at start', async () => {
    const { actor } = start({ restore: async () => signedIn('restored') });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('authenticated');
    expect(actor.getSnapshot().context.access).toBe('restored');
  });

  it('is a guest when there is nothing to restore', async () => {
    const { actor } = start({});
    await settled(actor);
    expect(actor.getSnapshot().hasTag('guest')).toBe(true);
  });

  it('signs in, stores the token, then redirects', async () => {
    const { actor, spies } = start({});
    await settled(actor);
    actor.send({ type: 'session.signIn', credentials: { kind: 'password', email: 'a@b.demo', password: 'pw' } });
    await settled(actor);
    expect(actor.getSnapshot().context).toMatchObject({ access: 'a1', error: null });
    expect(spies.redirectAfterSignIn).toHaveBeenCalledOnce();
  });

  it('clears everything and keeps the error when sign-in or the session fetch fails', async () => {
    const failure = new Error('Incorrect email or password.');
    const { actor, spies } = start({ signIn: () => Promise.reject(failure) });
    await settled(actor);
    actor.send({ type: 'session.signIn', credentials: { kind: 'otp', email: 'a@b.demo', otp: '123456' } });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('unauthenticated');
    expect(actor.getSnapshot().context).toMatchObject({ access: null, error: failure });
    expect(spies.redirectAfterSignIn).not.toHaveBeenCalled();
  });

  it('refreshes every 240 000 ms while signed in', async () => {
    const { actor, clock, spies } = start({ restore: async () => signedIn('restored') });
    await settled(actor);
    clock.increment(239_999);
    expect(spies.refresh).not.toHaveBeenCalled();
    clock.increment(1);
    await settled(actor);
    expect(spies.refresh).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().context.access).toBe('refreshed');
  });

  it('refreshes at the refresh token maximum age when it is shorter than the interval', async () => {
    const { actor, clock, spies } = start({ restore: async () => ({ ...signedIn('restored'), refreshTokenMaxAgeMs: 60_000 }) });
    await settled(actor);
    clock.increment(60_000);
    await settled(actor);
    expect(spies.refresh).toHaveBeenCalledOnce();
  });

  it('refreshes when the window becomes visible', async () => {
    const { actor, spies } = start({ restore: async () => signedIn('restored') });
    await settled(actor);
    actor.send({ type: 'window.visible' });
    await settled(actor);
    expect(spies.refresh).toHaveBeenCalledOnce();
  });

  it('signs out when a refresh is refused (401 on refresh)', async () => {
    const { actor, spies } = start({
      restore: async () => signedIn('restored'),
      refresh: () => Promise.reject(Object.assign(new Error('Token is invalid or expired'), { status: 401 })),
    });
    await settled(actor);
    actor.send({ type: 'window.visible' });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('unauthenticated');
    expect(spies.signOut).toHaveBeenCalledOnce();
    expect(spies.redirectAfterSignOut).toHaveBeenCalledOnce();
  });

  it('keeps the session when a refresh is lost to the network, and tries again on the next timer', async () => {
    const { actor, clock, spies } = start({
      restore: async () => signedIn('restored'),
      refresh: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await settled(actor);
    clock.increment(240_000);
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('authenticated');
    expect(actor.getSnapshot().context.access).toBe('restored');
    expect(spies.signOut).not.toHaveBeenCalled();
    spies.refresh.mockImplementation(async () => signedIn('refreshed'));
    clock.increment(240_000);
    await settled(actor);
    expect(spies.refresh).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.access).toBe('refreshed');
  });

  it('refreshes on a 401 twice for the same URL, then resets and signs out', async () => {
    const { actor, spies } = start({ restore: async () => signedIn('restored') });
    await settled(actor);
    for (let round = 0; round < 2; round += 1) {
      actor.send({ type: 'request.unauthorized', url: '/api/session/', access: actor.getSnapshot().context.access });
      await settled(actor);
      expect(actor.getSnapshot().value).toBe('authenticated');
    }
    expect(spies.refresh).toHaveBeenCalledTimes(2);
    actor.send({ type: 'request.unauthorized', url: '/api/session/', access: 'refreshed' });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('unauthenticated');
    expect(actor.getSnapshot().context.retries).toEqual({});
  });

  it('counts retries per URL', async () => {
    const { actor } = start({ restore: async () => signedIn('restored') });
    await settled(actor);
    for (const url of ['/api/a/', '/api/a/', '/api/b/', '/api/b/']) {
      actor.send({ type: 'request.unauthorized', url, access: actor.getSnapshot().context.access });
      await settled(actor);
    }
    expect(actor.getSnapshot().value).toBe('authenticated');
    expect(actor.getSnapshot().context.retries).toEqual({ '/api/a/': 2, '/api/b/': 2 });
  });

  describe('a refresh in flight is joined, never restarted or run twice (rotating refresh tokens)', () => {
    /** Signed in with token a1 and the timer's refresh held open; `finish` answers it with a2. */
    async function refreshingOnTimer() {
      let finish!: () => void;
      const { actor, clock, spies } = start({
        restore: async () => signedIn('a1'),
        refresh: () =>
          new Promise<SignedIn>((resolve) => {
            finish = () => resolve(signedIn('a2'));
          }),
      });
      await settled(actor);
      clock.increment(240_000);
      expect(actor.getSnapshot().value).toBe('refreshing');
      return { actor, clock, spies, finish: () => finish() };
    }

    it('a 401 during the timer refresh waits for it: one refresh call, a retry counted, no sign-out', async () => {
      const { actor, spies, finish } = await refreshingOnTimer();
      const inFlight = actor.getSnapshot().children.refreshSession;
      actor.send({ type: 'request.unauthorized', url: '/api/session/', access: 'a1' });
      expect(actor.getSnapshot().value).toBe('refreshing');
      expect(actor.getSnapshot().children.refreshSession).toBe(inFlight);
      finish();
      await settled(actor);
      expect(spies.refresh).toHaveBeenCalledOnce();
      expect(spies.signOut).not.toHaveBeenCalled();
      expect(actor.getSnapshot().value).toBe('authenticated');
      expect(actor.getSnapshot().context).toMatchObject({ access: 'a2', retries: { '/api/session/': 1 } });
    });

    it('two 401s for different URLs and the window becoming visible during it: still one refresh call', async () => {
      const { actor, spies, finish } = await refreshingOnTimer();
      actor.send({ type: 'request.unauthorized', url: '/api/a/', access: 'a1' });
      actor.send({ type: 'request.unauthorized', url: '/api/b/', access: 'a1' });
      actor.send({ type: 'window.visible' });
      finish();
      await settled(actor);
      expect(spies.refresh).toHaveBeenCalledOnce();
      expect(actor.getSnapshot().context).toMatchObject({ access: 'a2', retries: { '/api/a/': 1, '/api/b/': 1 } });
    });

    it('the timer cannot fire while a 401 refresh runs', async () => {
      let finish!: () => void;
      const { actor, clock, spies } = start({
        restore: async () => signedIn('a1'),
        refresh: () =>
          new Promise<SignedIn>((resolve) => {
            finish = () => resolve(signedIn('a2'));
          }),
      });
      await settled(actor);
      clock.increment(239_000);
      actor.send({ type: 'request.unauthorized', url: '/api/a/', access: 'a1' });
      clock.increment(240_000);
      expect(spies.refresh).toHaveBeenCalledOnce();
      finish();
      await settled(actor);
      // The next refresh is a full interval after this one.
      clock.increment(239_999);
      expect(spies.refresh).toHaveBeenCalledOnce();
    });

    it('a 401 for a request sent with the token the refresh replaced retries with the new one, no second refresh', async () => {
      const { actor, spies, finish } = await refreshingOnTimer();
      finish();
      await settled(actor);
      actor.send({ type: 'request.unauthorized', url: '/api/late/', access: 'a1' });
      expect(actor.getSnapshot().value).toBe('authenticated');
      expect(spies.refresh).toHaveBeenCalledOnce();
      // The refresh that replaced a1 answered it: no round of its URL is spent.
      expect(actor.getSnapshot().context).toMatchObject({ access: 'a2', retries: {} });
    });

    it('many requests to one URL refused with the same token while refreshing spend one round and keep the session', async () => {
      const { actor, spies, finish } = await refreshingOnTimer();
      for (let i = 0; i < 5; i += 1) actor.send({ type: 'request.unauthorized', url: '/api/a/', access: 'a1' });
      finish();
      await settled(actor);
      expect(actor.getSnapshot().value).toBe('authenticated');
      expect(spies.signOut).not.toHaveBeenCalled();
      expect(spies.refresh).toHaveBeenCalledOnce();
      expect(actor.getSnapshot().context).toMatchObject({ access: 'a2', retries: { '/api/a/': 1 } });
    });
  });

  describe('the retry budget (spec 01 §4: 2 rounds per URL, then sign-out)', () => {
    it('a URL refused whatever the token signs out after its second refresh-and-retry round', async () => {
      let issued = 1;
      const { actor, spies } = start({ restore: async () => signedIn('a1'), refresh: async () => signedIn(`a${(issued += 1)}`) });
      await settled(actor);
      for (const token of ['a1', 'a2']) {
        actor.send({ type: 'request.unauthorized', url: '/api/refused/', access: token });
        await settled(actor);
        expect(actor.getSnapshot().value).toBe('authenticated');
      }
      actor.send({ type: 'request.unauthorized', url: '/api/refused/', access: 'a3' });
      await settled(actor);
      expect(actor.getSnapshot().value).toBe('unauthenticated');
      expect(spies.refresh).toHaveBeenCalledTimes(2);
      expect(spies.signOut).toHaveBeenCalledOnce();
    });

    it('the timer refresh renews the budget: a token expiring day after day never signs the user out', async () => {
      let issued = 1;
      const { actor, clock, spies } = start({ restore: async () => signedIn('a1'), refresh: async () => signedIn(`a${(issued += 1)}`) });
      await settled(actor);
      for (let day = 0; day < 4; day += 1) {
        actor.send({ type: 'request.unauthorized', url: '/api/session/', access: actor.getSnapshot().context.access });
        await settled(actor);
        clock.increment(240_000);
        await settled(actor);
      }
      expect(actor.getSnapshot().value).toBe('authenticated');
      expect(spies.signOut).not.toHaveBeenCalled();
    });
  });
});
