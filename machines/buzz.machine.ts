/**
 * The buzz animation (spec 02 §4): idle until a buzz message arrives; a buzz starts the animation
 * unless it is already running (a second buzz does not restart or prolong it); it finishes
 * BUZZ_DURATION_MS later, and the next buzz starts it again. The view shakes while `shaking`.
 */
import { setup } from 'xstate';
import { BUZZ_DURATION_MS } from '../src/shared/constants';

export type BuzzEvent = { type: 'buzz.received' };

export const buzzMachine = setup({
  types: {} as { events: BuzzEvent },
  delays: { buzzDuration: BUZZ_DURATION_MS },
}).createMachine({
  id: 'buzz',
  initial: 'idle',
  states: {
    idle: {
      on: { 'buzz.received': 'started' },
    },
    started: {
      tags: ['shaking'],
      after: { buzzDuration: 'finished' },
    },
    finished: {
      on: { 'buzz.received': 'started' },
    },
  },
});
