import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { CHAT_WIDGET_UPDATE_DELAY_MS } from '../src/shared/constants';
import { supportWidgetMachine } from './supportWidget.machine';

function start() {
  const clock = new SimulatedClock();
  const calls: string[] = [];
  const actor = createActor(
    supportWidgetMachine.provide({
      actions: {
        bootWidget: () => {
          calls.push('boot');
        },
        updateWidget: () => {
          calls.push('update');
        },
      },
    }),
    { clock },
  ).start();
  return { actor, clock, calls };
}

describe('supportWidget machine', () => {
  it('boots the widget 250 ms after the first page, not before', () => {
    const { clock, calls } = start();
    clock.increment(CHAT_WIDGET_UPDATE_DELAY_MS - 1);
    expect(calls).toEqual([]);
    clock.increment(1);
    expect(calls).toEqual(['boot']);
  });

  it('updates it 250 ms after each later route change', () => {
    const { actor, clock, calls } = start();
    clock.increment(CHAT_WIDGET_UPDATE_DELAY_MS);
    actor.send({ type: 'route.changed' });
    clock.increment(CHAT_WIDGET_UPDATE_DELAY_MS);
    expect(calls).toEqual(['boot', 'update']);
  });

  it('updates once after a burst of changes, 250 ms after the last', () => {
    const { actor, clock, calls } = start();
    clock.increment(CHAT_WIDGET_UPDATE_DELAY_MS);
    actor.send({ type: 'route.changed' });
    clock.increment(200);
    actor.send({ type: 'route.changed' });
    clock.increment(200);
    expect(calls).toEqual(['boot']);
    clock.increment(50);
    expect(calls).toEqual(['boot', 'update']);
  });
});
