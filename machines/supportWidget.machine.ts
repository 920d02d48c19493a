/**
 * The optional third-party messenger widget (spec 01 §9): 250 ms after each route change it is
 * booted (the first time) or told the page changed; a change within the wait restarts it, so a
 * burst of redirects updates once. Started only when SUPPORT_WIDGET_APP_ID is set; the router
 * sends `route.changed`; the composition root provides `bootWidget` and `updateWidget`.
 */
import { assign, setup } from 'xstate';
import { CHAT_WIDGET_UPDATE_DELAY_MS } from '../src/shared/constants';

export type SupportWidgetEvent = { type: 'route.changed' };

export const supportWidgetMachine = setup({
  types: {} as { context: { booted: boolean }; events: SupportWidgetEvent },
  actions: {
    bootWidget: () => {},
    updateWidget: () => {},
    markBooted: assign({ booted: true }),
  },
  guards: {
    isBooted: ({ context }) => context.booted,
  },
  delays: { widgetDelay: CHAT_WIDGET_UPDATE_DELAY_MS },
}).createMachine({
  id: 'supportWidget',
  context: { booted: false },
  // The first page is a route change too.
  initial: 'waiting',
  states: {
    idle: {
      on: { 'route.changed': 'waiting' },
    },
    waiting: {
      on: { 'route.changed': { target: 'waiting', reenter: true } },
      after: {
        widgetDelay: [
          { guard: 'isBooted', target: 'idle', actions: 'updateWidget' },
          { target: 'idle', actions: ['bootWidget', 'markBooted'] },
        ],
      },
    },
  },
});
