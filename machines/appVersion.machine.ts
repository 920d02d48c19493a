/**
 * Keeps the open page on the deployed version (spec 01 §4 Version and build): on every
 * navigation it reads /version.json and reloads when the version differs from the one stored;
 * it polls builds/latest.json and, when the build id changes, reloads on the next navigation.
 * The composition root sends `route.changed` and provides the fetches, storage and reload.
 */
import { assign, setup } from 'xstate';
import { BUILD_POLL_INTERVAL_MS } from '../src/shared/constants';
import { notProvided } from './notProvided';

export type AppVersionEvent = { type: 'route.changed' };

export interface AppVersionContext {
  /** The version this browser last ran (null on a first visit). */
  storedVersion: string | null;
  /** The build id first seen by this page. */
  buildId: string | null;
  /** Set when a new build was published: the next navigation reloads. */
  reloadOnNavigation: boolean;
}

export const appVersionMachine = setup({
  types: {} as { context: AppVersionContext; events: AppVersionEvent; input: { storedVersion: string | null } },
  actors: {
    fetchVersion: notProvided<string>('fetchVersion'),
    fetchBuildId: notProvided<string>('fetchBuildId'),
  },
  actions: {
    rememberVersion: assign((_, version: string) => ({ storedVersion: version })),
    storeVersion: (_, _version: string) => {},
    rememberBuild: assign(({ context }, buildId: string) =>
      context.buildId === null ? { buildId } : { reloadOnNavigation: context.reloadOnNavigation || buildId !== context.buildId },
    ),
    reloadPage: () => {},
  },
  guards: {
    isNewVersion: ({ context }, version: string) => context.storedVersion !== null && context.storedVersion !== version,
    isReloadDue: ({ context }) => context.reloadOnNavigation,
  },
  delays: { buildPollInterval: BUILD_POLL_INTERVAL_MS },
}).createMachine({
  id: 'appVersion',
  context: ({ input }) => ({ storedVersion: input.storedVersion, buildId: null, reloadOnNavigation: false }),
  type: 'parallel',
  states: {
    version: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'route.changed': [{ guard: 'isReloadDue', actions: 'reloadPage' }, { target: 'checking' }],
          },
        },
        checking: {
          invoke: {
            id: 'fetchVersion',
            src: 'fetchVersion',
            onDone: [
              {
                guard: { type: 'isNewVersion', params: ({ event }) => event.output },
                target: 'idle',
                actions: [{ type: 'storeVersion', params: ({ event }) => event.output }, 'reloadPage'],
              },
              {
                target: 'idle',
                actions: [
                  { type: 'rememberVersion', params: ({ event }) => event.output },
                  { type: 'storeVersion', params: ({ event }) => event.output },
                ],
              },
            ],
            // An unreachable server is not a new version; try again on the next navigation.
            onError: 'idle',
          },
        },
      },
    },
    build: {
      initial: 'fetching',
      states: {
        fetching: {
          invoke: {
            id: 'fetchBuildId',
            src: 'fetchBuildId',
            onDone: { target: 'waiting', actions: { type: 'rememberBuild', params: ({ event }) => event.output } },
            onError: 'waiting',
          },
        },
        waiting: {
          after: { buildPollInterval: 'fetching' },
        },
      },
    },
  },
});
