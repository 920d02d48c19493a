import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { BUZZ_DURATION_MS } from '../src/shared/constants';
import { buzzMachine } from './buzz.machine';

function start() {
  const clock = new SimulatedClock();
  const actor = createActor(buzzMachine, { clock }).start();
  return { actor, clock };
}

describe('buzz machine', () => {
  it('stays idle until a buzz arrives, then shakes', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'buzz.received' });
    expect(actor.getSnapshot().value).toBe('started');
    expect(actor.getSnapshot().hasTag('shaking')).toBe(true);
  });

  it('finishes exactly 2 seconds after it started', () => {
    const { actor, clock } = start();
    actor.send({ type: 'buzz.received' });
    clock.increment(BUZZ_DURATION_MS - 1);
    expect(actor.getSnapshot().value).toBe('started');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('finished');
    expect(actor.getSnapshot().hasTag('shaking')).toBe(false);
  });

  it('ignores a buzz while already started: the animation is not prolonged', () => {
    const { actor, clock } = start();
    actor.send({ type: 'buzz.received' });
    clock.increment(1_500);
    actor.send({ type: 'buzz.received' });
    clock.increment(500);
    expect(actor.getSnapshot().value).toBe('finished');
  });

  it('starts again on the next buzz after finishing', () => {
    const { actor, clock } = start();
    actor.send({ type: 'buzz.received' });
    clock.increment(BUZZ_DURATION_MS);
    actor.send({ type: 'buzz.received' });
    expect(actor.getSnapshot().value).toBe('started');
  });
});
