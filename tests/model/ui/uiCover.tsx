/**
 * UI-level model-based tests: the transition cover of a machine model (machines/testing/models.ts)
 * driven through the rendered view. Each case mounts a fresh view, performs the path's events the
 * way a user or the outside world would, and after every step checks what the view shows against a
 * shadow actor of the model machine that has received the same events. A machine joins with one
 * driver: how to mount its view, how to perform each event type, what the view shows for a state.
 */
import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import type { MachineModel } from '../../../machines/testing/models';
import { declaredTransitions, lastStepTransitions } from '../../../machines/testing/coverage';
import { transitionCover, type PathCase } from '../../../machines/testing/replayPaths';

export interface UiDriver<Ctx> {
  mount(input: unknown): Ctx | Promise<Ctx>;
  /**
   * How each event type is performed on the view, in act (fireEvent is); `shadow` is the model's
   * snapshot before the event. An `xstate.after.*` event left out advances the fake clock by its delay.
   */
  perform: Record<string, (ctx: Ctx, event: AnyEventObject, shadow: AnyMachineSnapshot) => unknown>;
  /** Asserts that the view shows the state `expected`. */
  verify(ctx: Ctx, expected: AnyMachineSnapshot): void | Promise<void>;
  unmount?(ctx: Ctx): void;
}

// Taken before any test fakes the clock: waiting for the view must not move the app's time.
const realSetTimeout = globalThis.setTimeout;
const realNow = Date.now;
// Room for a failing case to wait out `eventually`: a case abandoned at the timeout keeps acting on
// the next case's page.
const CASE_TIMEOUT_MS = 15_000;

// Events of one type that differ in payload (two texts, two outputs) are told apart by it.
function labelOf(model: MachineModel) {
  const types = model.events.map((e) => e.type);
  return (event: AnyEventObject) => {
    if (types.indexOf(event.type) === types.lastIndexOf(event.type)) return event.type;
    const { type: _type, ...payload } = event;
    return `${event.type} ${JSON.stringify(payload).slice(0, 32)}`;
  };
}

/**
 * The cover driven through the view: for every transition the machine declares, the shortest case
 * whose last step takes it. The graph's states also differ by context, which multiplies its edges;
 * those variations are replayed on bare actors (machines/testing/paths.test.ts), while each
 * transition is driven once through the slower view.
 */
function viewCover(model: MachineModel, input: unknown): { cases: PathCase<AnyStateMachine>[]; missing: string[] } {
  const cases = transitionCover(model.machine, { events: model.events, input }).sort((a, b) => a.events.length - b.events.length);
  const untaken = new Set(declaredTransitions(model.machine));
  const chosen = cases.filter((c) => {
    const taken = lastStepTransitions(model.machine, input, c.events).filter((t) => untaken.has(t));
    for (const t of taken) untaken.delete(t);
    return taken.length > 0;
  });
  return { cases: chosen, missing: [...untaken] };
}

/** One `it` per transition of `model`'s view cover, each replayed through the view by `driver`. */
export function describeUiCover<Ctx>(name: string, model: MachineModel, driver: UiDriver<Ctx>) {
  const label = labelOf(model);
  describe(`${name} transition cover through the view`, () => {
    beforeEach(() => { vi.useFakeTimers(); });
    afterEach(() => { vi.useRealTimers(); });
    for (const input of model.inputs) {
      const { cases, missing } = viewCover(model, input);
      // Transitions no path from this input reaches would go untested through the view.
      it(`from ${JSON.stringify(input) ?? 'start'}: drives every transition of the machine`, () => expect(missing).toEqual([]));
      for (const { events, expected } of cases) {
        it(`from ${JSON.stringify(input) ?? 'start'}: ${events.map(label).join(' → ')}`, async () => {
          // A clock never advanced: the shadow moves only on the events performed, its timers never fire.
          const shadow = createActor(model.machine, { input, clock: new SimulatedClock() }).start();
          const ctx = await driver.mount(input);
          try {
            await driver.verify(ctx, shadow.getSnapshot());
            for (const [step, event] of events.entries()) {
              const perform = driver.perform[event.type] ?? (event.type.startsWith('xstate.after.') ? advanceAfter : undefined);
              if (!perform) throw new Error(`the ${name} driver cannot perform ${event.type}`);
              await perform(ctx, event, shadow.getSnapshot());
              shadow.send(event);
              try {
                await driver.verify(ctx, shadow.getSnapshot());
              } catch (error) {
                if (error instanceof Error) error.message = `after step ${step + 1} (${label(event)}): ${error.message}`;
                throw error;
              }
            }
            expect(shadow.getSnapshot().value).toEqual(expected.value);
          } finally {
            shadow.stop();
            driver.unmount?.(ctx);
          }
        }, CASE_TIMEOUT_MS);
      }
    }
  });
}

/** The delay an `xstate.after.<delay>.<state>` event stands for, as the machine computes it in `shadow`. */
function afterDelay(shadow: AnyMachineSnapshot, event: AnyEventObject): number {
  const delay = event.type.split('.')[2] ?? '';
  const implementation = (shadow.machine.implementations.delays as Record<string, unknown>)[delay];
  if (typeof implementation === 'function') return implementation({ context: shadow.context, event }) as number;
  return typeof implementation === 'number' ? implementation : Number(delay);
}

// Promises settle between the timers it fires.
const advanceAfter = (_ctx: unknown, event: AnyEventObject, shadow: AnyMachineSnapshot) =>
  act(() => vi.advanceTimersByTimeAsync(afterDelay(shadow, event)));

/**
 * Retries `check` until it passes, waiting in real time (the app's fake clock stays put) inside
 * act: for views that settle asynchronously (network answers, lazily loaded pages).
 */
export async function eventually(check: () => void, timeoutMs = 2_000): Promise<void> {
  const deadline = realNow() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (realNow() > deadline) throw error;
    }
    await act(() => new Promise<void>((resolve) => { realSetTimeout(resolve, 2); }));
  }
}

/** A promise the test settles: a held network answer, a held lookup. */
export function hold<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => { resolve = res; reject = rej; });
  return { promise, resolve, reject };
}
