/**
 * The appVersion machine's test model and its oracle, written from spec 01 §4 (Version and build):
 * reload when /version.json differs from the stored version; poll builds/latest.json and reload on
 * the next navigation after its id changed.
 */
import { expect } from 'vitest';
import { appVersionMachine } from './appVersion.machine';
import { defineModel } from './testing/machineModel';
import { expectStates, inRegion } from './testing/oracle';
import { pending } from './testing/pending';

export const appVersionModel = defineModel({
  machine: appVersionMachine.provide({ actors: { fetchVersion: pending(), fetchBuildId: pending() } }),
  inputs: [{ storedVersion: '1.0.0' }, { storedVersion: null }],
  events: [
    { type: 'route.changed' },
    { type: 'xstate.done.actor.fetchVersion', output: '2.0.0' },
    { type: 'xstate.done.actor.fetchVersion', output: '1.0.0' },
    { type: 'xstate.error.actor.fetchVersion', error: new Error('offline') },
    { type: 'xstate.done.actor.fetchBuildId', output: 'b1' },
    { type: 'xstate.done.actor.fetchBuildId', output: 'b2' },
    { type: 'xstate.error.actor.fetchBuildId', error: new Error('offline') },
    { type: 'xstate.after.buildPollInterval.appVersion.build.waiting' },
  ],
  // The page asks for the build id at once and checks the version on its first navigation.
  initial: (snapshot) => expectStates(snapshot, 'version.idle', 'build.fetching'),
  states: {
    'version.idle': { tags: [] },
    'version.checking': { tags: [] },
    'build.fetching': { tags: [] },
    'build.waiting': { tags: [] },
  },
  steps: {
    'route.changed': inRegion('version', {
      // After a new build was published, this navigation reloads the page instead.
      idle: ({ before }) =>
        before.context.reloadOnNavigation ? ['idle', ({ actions }) => expect(actions).toEqual(['reloadPage'])] : 'checking',
    }),
    'xstate.done.actor.fetchVersion': inRegion('version', {
      checking: [
        'idle',
        ({ before, after, event, actions }) => {
          const stored = before.context.storedVersion as string | null;
          if (stored !== null && stored !== event.output) return expect(actions).toEqual(['storeVersion', 'reloadPage']);
          expect(actions).toEqual(['storeVersion']);
          expect(after.context.storedVersion).toBe(event.output);
        },
      ],
    }),
    'xstate.error.actor.fetchVersion': inRegion('version', { checking: ['idle', ({ actions }) => expect(actions).toEqual([])] }),
    'xstate.done.actor.fetchBuildId': inRegion('build', {
      fetching: [
        'waiting',
        ({ before, after, event }) => {
          const first = before.context.buildId as string | null;
          if (first === null) return expect(after.context).toMatchObject({ buildId: event.output, reloadOnNavigation: false });
          expect(after.context.buildId).toBe(first);
          expect(after.context.reloadOnNavigation).toBe(before.context.reloadOnNavigation || event.output !== first);
        },
      ],
    }),
    'xstate.error.actor.fetchBuildId': inRegion('build', {
      fetching: ['waiting', ({ before, after }) => expect(after.context).toEqual(before.context)],
    }),
    'xstate.after.buildPollInterval.appVersion.build.waiting': inRegion('build', { waiting: 'fetching' }),
  },
});
