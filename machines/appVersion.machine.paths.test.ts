import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { appVersionMachine, type AppVersionEvent } from './appVersion.machine';
import { pathCases, replay } from './testing/replayPaths';

const pending = fromPromise<string, void>(() => new Promise<never>(() => undefined));
const machine = appVersionMachine.provide({ actors: { fetchVersion: pending, fetchBuildId: pending } });
const events = [
  { type: 'route.changed' },
  { type: 'xstate.done.actor.fetchVersion', output: '2.0.0' },
  { type: 'xstate.done.actor.fetchVersion', output: '1.0.0' },
  { type: 'xstate.error.actor.fetchVersion', error: new Error('offline') },
  { type: 'xstate.done.actor.fetchBuildId', output: 'b1' },
  { type: 'xstate.done.actor.fetchBuildId', output: 'b2' },
  { type: 'xstate.error.actor.fetchBuildId', error: new Error('offline') },
  { type: 'xstate.after.buildPollInterval.appVersion.build.waiting' },
] as unknown as AppVersionEvent[];
const input = { storedVersion: '1.0.0' };

describe('app version machine paths (generated from the graph)', () => {
  const cases = pathCases(machine, { events, input });
  it('reaches both states of both regions', () => {
    const values = cases.map((c) => JSON.stringify(c.expected.value));
    for (const fragment of ['"version":"idle"', '"version":"checking"', '"build":"fetching"', '"build":"waiting"']) {
      expect(values.some((v) => v.includes(fragment))).toBe(true);
    }
  });
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(replay(machine, input, c.events).value).toEqual(c.expected.value);
  });
});
