import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup } from 'xstate';
import { buzzMachine } from '../../../machines/buzz.machine';
import { createActorRecorder, INSPECTED_EVENT_LIMIT, REDACTED, redactSecrets } from './actorInspection';

const loginMachine = setup({
  types: {} as {
    context: { access: string | null; refreshTokenMaxAgeMs: number; user: string | null };
    events: { type: 'signIn'; password: string };
  },
  actors: { signIn: fromPromise(async () => ({ access: 'eyJ.secret.jwt', user: 'Asha' })) },
}).createMachine({
  id: 'login',
  context: { access: null, refreshTokenMaxAgeMs: 60_000, user: null },
  initial: 'out',
  states: {
    out: { on: { signIn: 'signingIn' } },
    signingIn: {
      invoke: { src: 'signIn', onDone: { target: 'in', actions: assign(({ event }) => event.output) } },
    },
    in: {},
  },
});

describe('actor recorder', () => {
  it('lists a started actor under its machine id with its current state', () => {
    const recorder = createActorRecorder(() => 0);
    const actor = createActor(buzzMachine, { inspect: recorder.inspect });
    expect(recorder.actors()).toEqual([]);
    actor.start();
    actor.send({ type: 'buzz.received' });
    expect(recorder.actors().map((a) => [a.name, a.snapshot.value])).toEqual([['buzz', 'started']]);
    expect(recorder.actors()[0]!.machine).toBe(buzzMachine);
  });

  it('masks secrets in context and events but keeps numbers and names', async () => {
    const recorder = createActorRecorder(() => 0);
    const actor = createActor(loginMachine, { inspect: recorder.inspect }).start();
    actor.send({ type: 'signIn', password: 'kosh-demo-2026' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const login = recorder.actors().find((a) => a.name === 'login')!;
    expect(login.snapshot.value).toBe('in');
    expect(login.snapshot.context).toEqual({ access: REDACTED, refreshTokenMaxAgeMs: 60_000, user: 'Asha' });
    const signIn = login.events.find((e) => e.type === 'signIn')!;
    expect(signIn.payload).toEqual({ type: 'signIn', password: REDACTED });
    expect(JSON.stringify(recorder.actors())).not.toContain('kosh-demo-2026');
    expect(JSON.stringify(recorder.actors())).not.toContain('eyJ.secret.jwt');
  });

  it('lists an invoked actor under its parent while it runs and drops it when done', async () => {
    const recorder = createActorRecorder(() => 0);
    const seen: string[][] = [];
    recorder.subscribe(() => seen.push(recorder.actors().map((a) => a.name)));
    const actor = createActor(loginMachine, { inspect: recorder.inspect }).start();
    actor.send({ type: 'signIn', password: 'x' });
    expect(seen.some((names) => names.includes('login › signIn'))).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(recorder.actors().map((a) => a.name)).toEqual(['login']);
    const done = recorder.actors()[0]!.events.at(-1)!;
    expect(done).toMatchObject({ type: 'xstate.done.actor.0.login.signingIn', source: 'login › signIn' });
  });

  it('keeps the last 50 events of an actor, newest last', () => {
    let clock = 0;
    const recorder = createActorRecorder(() => ++clock);
    const actor = createActor(buzzMachine, { inspect: recorder.inspect }).start();
    for (let i = 0; i < INSPECTED_EVENT_LIMIT + 10; i += 1) actor.send({ type: 'buzz.received' });
    const events = recorder.actors()[0]!.events;
    expect(events).toHaveLength(INSPECTED_EVENT_LIMIT);
    expect(events.at(-1)!.seq).toBe(INSPECTED_EVENT_LIMIT + 11);
    expect(events.at(-1)!.at).toBeGreaterThan(events[0]!.at);
  });

  it('forgets an actor once it is stopped', () => {
    const recorder = createActorRecorder(() => 0);
    const actor = createActor(buzzMachine, { inspect: recorder.inspect }).start();
    actor.stop();
    expect(recorder.actors()).toEqual([]);
    actor.send({ type: 'buzz.received' });
    expect(recorder.actors()).toEqual([]);
  });
});

describe('redactSecrets', () => {
  it('masks nested secret strings and objects, and turns errors into their message', () => {
    expect(
      redactSecrets({ credentials: { email: 'a@b', password: 'p' }, nested: [{ otp: '123456' }], error: new Error('refused') }),
    ).toEqual({ credentials: REDACTED, nested: [{ otp: REDACTED }], error: { error: 'refused' } });
  });
});
