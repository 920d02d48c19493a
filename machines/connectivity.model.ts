/** The connectivity machine's test model and its oracle, written from spec 02 §4 (browser online/offline). */
import { expect } from 'vitest';
import { connectivityMachine } from './connectivity.machine';
import { defineModel } from './testing/machineModel';
import { from } from './testing/oracle';

export const connectivityModel = defineModel({
  machine: connectivityMachine,
  inputs: [{ online: true }, { online: false }],
  events: [{ type: 'browser.online' }, { type: 'browser.offline' }],
  // A page opened offline says so at once.
  initial: (snapshot, input) => expect(snapshot.value).toBe((input as { online: boolean }).online ? 'online' : 'offline'),
  states: {
    online: { tags: ['online'] },
    offline: { tags: ['offline'] },
  },
  steps: {
    'browser.offline': from({ online: ['offline', ({ actions }) => expect(actions).toEqual(['showOfflineNotice'])] }),
    'browser.online': from({ offline: ['online', ({ actions }) => expect(actions).toEqual(['clearOfflineNotice', 'announceConnected'])] }),
  },
});
