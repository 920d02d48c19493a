import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { Session } from '../src/shared/contracts/auth';
import { sessionMachine, type SessionEvent, type SignedIn, type SignInCredentials } from './session.machine';
import { pathCases, replay } from './testing/replayPaths';

// Effects never settle on their own: the path drives every outcome through explicit events.
const pending = <T, I = void>() => fromPromise<T, I>(() => new Promise<never>(() => undefined));
const machine = sessionMachine.provide({
  actors: {
    restoreSession: pending<SignedIn>(), signIn: pending<SignedIn, SignInCredentials>(), refreshSession: pending<SignedIn>(), signOut: pending<void>(),
  },
});
const output = { access: 'token', session: {} as Session, refreshTokenMaxAgeMs: 60_000 };
const events = [
  { type: 'xstate.done.actor.restoreSession', output },
  { type: 'xstate.error.actor.restoreSession', error: new Error('no cookie') },
  { type: 'session.signIn', credentials: { kind: 'password', email: 'a@b.demo', password: 'pw' } },
  { type: 'xstate.done.actor.signIn', output },
  { type: 'xstate.error.actor.signIn', error: new Error('refused') },
  { type: 'xstate.after.refreshInterval.session.authenticated' },
  { type: 'xstate.after.refreshTokenMaxAge.session.authenticated' },
  { type: 'window.visible' },
  { type: 'request.unauthorized', url: '/api/x/' },
  { type: 'xstate.done.actor.refreshSession', output },
  { type: 'xstate.error.actor.refreshSession', error: new Error('401') },
  { type: 'session.signOut' },
  { type: 'xstate.done.actor.signOut' },
  { type: 'xstate.error.actor.signOut', error: new Error('offline') },
] as unknown as SessionEvent[];

describe('session machine paths (generated from the graph)', () => {
  const cases = pathCases(machine, { events });
  it('reaches every state', () => {
    const reached = new Set(cases.map((c) => JSON.stringify(c.expected.value)));
    for (const state of Object.keys(sessionMachine.root.states)) expect(reached).toContain(JSON.stringify(state));
  });
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(replay(machine, undefined, c.events).value).toEqual(c.expected.value);
  });
});
