/**
 * Browser connectivity (spec 02 §4): owns whether the browser is online. The composition root
 * forwards the window's `online`/`offline` events; going offline shows a persistent
 * 'You are offline' toast in the connectivity group, coming back clears it and toasts 'Connected'.
 */
import { setup } from 'xstate';

export type ConnectivityEvent = { type: 'browser.online' } | { type: 'browser.offline' };

export const connectivityMachine = setup({
  types: {} as {
    input: { online: boolean };
    context: { startedOnline: boolean };
    events: ConnectivityEvent;
  },
  actions: {
    showOfflineNotice: () => {},
    clearOfflineNotice: () => {},
    announceConnected: () => {},
  },
  guards: {
    isStartingOffline: ({ context }) => !context.startedOnline,
  },
}).createMachine({
  id: 'connectivity',
  context: ({ input }) => ({ startedOnline: input.online }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'isStartingOffline', target: 'offline' }, { target: 'online' }],
    },
    online: {
      tags: ['online'],
      on: { 'browser.offline': 'offline' },
    },
    offline: {
      tags: ['offline'],
      entry: 'showOfflineNotice',
      on: {
        'browser.online': { target: 'online', actions: ['clearOfflineNotice', 'announceConnected'] },
      },
    },
  },
});
