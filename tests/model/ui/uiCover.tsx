/**
 * UI-level model-based tests: a machine model's generated paths driven through the rendered view.
 * For every transition the machine declares, the shortest generated path whose last step takes it
 * runs through TestModel.testPath: the driver performs each event the way a user or the outside
 * world would, the model's hand-written oracle checks each step, and the driver's hand-written view
 * of each state checks what the page shows. Nothing is compared with another actor of the chart.
 */
import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { declaredTransitions, transitionsTaken } from '../../../machines/testing/coverage';
import { eventLabeller, runPath, transitionCover, type CoverPath } from '../../../machines/testing/cover';
import { statePaths, type MachineModel } from '../../../machines/testing/machineModel';

export interface UiDriver<Ctx> {
  mount(input: unknown): Ctx | Promise<Ctx>;
  /**
   * How each event type is performed on the view, in act (fireEvent is); `before` is the model's
   * snapshot before the event. An `xstate.after.*` event left out advances the fake clock by its delay.
   */
  perform: Record<string, (ctx: Ctx, event: AnyEventObject, before: AnyMachineSnapshot) => unknown>;
  /** What the view shows in each atomic state of the machine (keyed like the model's states), by hand. */
  views: Record<string, (ctx: Ctx, snapshot: AnyMachineSnapshot) => void>;
  unmount?(ctx: Ctx): void;
}

// Taken before any test fakes the clock: waiting for the view must not move the app's time.
const realSetTimeout = globalThis.setTimeout;
const realNow = Date.now;
// Room for a failing case to wait out `eventually`: a case abandoned at the timeout keeps acting on
// the next case's page.
const CASE_TIMEOUT_MS = 15_000;

/**
 * The cover driven through the view: for every transition the machine declares, the shortest
 * generated path whose last step takes it. Context variations of the same transitions are checked
 * on the chart alone (the machine's paths test); each transition runs once through the slower view.
 */
function viewCover(model: MachineModel, input: unknown): { cases: CoverPath[]; missing: string[] } {
  const untaken = new Set(declaredTransitions(model.machine));
  const cases = [...transitionCover(model, input)]
    .sort((a, b) => a.events.length - b.events.length)
    .filter((c) => {
      const last = c.path.steps.at(-1)!;
      const taken = transitionsTaken(model.machine, c.path.steps.at(-2)!.state, last.event).filter((t) => untaken.has(t));
      for (const t of taken) untaken.delete(t);
      return taken.length > 0;
    });
  return { cases, missing: [...untaken] };
}

/** One `it` per transition of `model`'s view cover, each performed and checked through the view by `driver`. */
export function describeUiCover<Ctx>(name: string, model: MachineModel, driver: UiDriver<Ctx>) {
  const label = eventLabeller(model);
  const show = (ctx: Ctx, snapshot: AnyMachineSnapshot) =>
    eventually(() => {
      for (const state of statePaths(snapshot)) {
        const view = driver.views[state];
        if (!view) throw new Error(`the ${name} driver says nothing about what the view shows in state "${state}"`);
        view(ctx, snapshot);
      }
    });
  describe(`${name} transition cover through the view`, () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });
    for (const input of model.inputs) {
      const from = `from ${JSON.stringify(input) ?? 'start'}`;
      const { cases, missing } = viewCover(model, input);
      // Transitions no path from this input reaches would go untested through the view.
      it(`${from}: drives every transition of the machine`, () => expect(missing).toEqual([]));
      for (const c of cases) {
        it(
          `${from}: ${c.events.map(label).join(' → ')}`,
          async () => {
            const ctx = await driver.mount(input);
            try {
              await runPath(model, input, c, {
                perform: (event, before) => {
                  const perform = driver.perform[event.type] ?? (event.type.startsWith('xstate.after.') ? advanceAfter : undefined);
                  if (!perform) throw new Error(`the ${name} driver cannot perform ${event.type}`);
                  return perform(ctx, event, before);
                },
                verify: (snapshot) => show(ctx, snapshot),
              });
            } finally {
              driver.unmount?.(ctx);
            }
          },
          CASE_TIMEOUT_MS,
        );
      }
    }
  });
}

/** The delay an `xstate.after.<delay>.<state>` event stands for, as the machine computes it in `before`. */
function afterDelay(before: AnyMachineSnapshot, event: AnyEventObject): number {
  const delay = event.type.split('.')[2] ?? '';
  const implementation = (before.machine.implementations.delays as Record<string, unknown>)[delay];
  if (typeof implementation === 'function') return implementation({ context: before.context, event }) as number;
  return typeof implementation === 'number' ? implementation : Number(delay);
}

// Promises settle between the timers it fires.
const advanceAfter = (_ctx: unknown, event: AnyEventObject, before: AnyMachineSnapshot) =>
  act(() => vi.advanceTimersByTimeAsync(afterDelay(before, event)));

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
    await act(
      () =>
        new Promise<void>((resolve) => {
          realSetTimeout(resolve, 2);
        }),
    );
  }
}

/** A promise the test settles: a held network answer, a held lookup. */
export function hold<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
