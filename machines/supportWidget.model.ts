/** The supportWidget machine's test model and its oracle, written from spec 01 §9 (third-party widget, 250 ms after a route change). */
import { expect } from 'vitest';
import { supportWidgetMachine } from './supportWidget.machine';
import { defineModel } from './testing/machineModel';
import { from } from './testing/oracle';

const AFTER = 'xstate.after.widgetDelay.supportWidget.waiting';

export const supportWidgetModel = defineModel({
  machine: supportWidgetMachine,
  inputs: [undefined],
  events: [{ type: 'route.changed' }, { type: AFTER }],
  initial: (snapshot) => {
    expect(snapshot.value).toBe('waiting');
    expect(snapshot.context).toEqual({ booted: false });
  },
  states: {
    idle: { tags: [], holds: (s) => expect(s.context.booted).toBe(true) },
    waiting: { tags: [] },
  },
  steps: {
    // A change while waiting restarts the wait; it boots or updates nothing by itself.
    'route.changed': from({
      idle: ['waiting', ({ actions }) => expect(actions).toEqual([])],
      waiting: [
        'waiting',
        ({ before, after, actions }) => {
          expect(after.context).toEqual(before.context);
          expect(actions).toEqual([]);
        },
      ],
    }),
    // The wait's end boots the widget once, then only updates it.
    [AFTER]: from({
      waiting: [
        'idle',
        ({ before, after, actions }) => {
          expect(actions).toEqual(before.context.booted ? ['updateWidget'] : ['bootWidget']);
          expect(after.context).toEqual({ booted: true });
        },
      ],
    }),
  },
});
