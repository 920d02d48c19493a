/** The buzz machine's test model and its oracle, written from spec 02 §4 (buzz animation, 2 s). */
import { expect } from 'vitest';
import { buzzMachine } from './buzz.machine';
import { defineModel } from './testing/machineModel';
import { from } from './testing/oracle';

export const buzzModel = defineModel({
  machine: buzzMachine,
  inputs: [undefined],
  events: [{ type: 'buzz.received' }, { type: 'xstate.after.buzzDuration.buzz.started' }],
  initial: (snapshot) => expect(snapshot.value).toBe('idle'),
  states: {
    idle: { tags: [] },
    started: { tags: ['shaking'] },
    finished: { tags: [] },
  },
  steps: {
    // A buzz while shaking neither restarts nor prolongs the animation.
    'buzz.received': from({ idle: 'started', finished: 'started' }),
    'xstate.after.buzzDuration.buzz.started': from({ started: 'finished' }),
  },
});
