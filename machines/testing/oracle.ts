/**
 * Applies a model's hand-written oracle to generated paths, and the helpers oracles are written
 * with. A state or event the oracle does not describe is a failure, not a pass.
 */
import { expect } from 'vitest';
import { transition, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { statePaths, type MachineModel, type Step } from './machineModel';

/** Checks what must hold in `snapshot`: each atomic state's oracle, and exactly their tags. */
export function checkState(model: MachineModel, snapshot: AnyMachineSnapshot): void {
  const paths = statePaths(snapshot);
  const oracles = paths.map((path) => {
    const oracle = model.states[path];
    if (!oracle) throw new Error(`the oracle says nothing about state "${path}"`);
    return oracle;
  });
  const expectedTags = [...new Set(oracles.flatMap((o) => o.tags))].sort();
  expect([...snapshot.tags].sort(), `tags in ${paths.join(' | ')}`).toEqual(expectedTags);
  for (const oracle of oracles) oracle.holds?.(snapshot);
}

/** The names of the machine's own actions that `event` executes from `before`. */
export function actionsOf(model: MachineModel, before: AnyMachineSnapshot, event: AnyEventObject): string[] {
  const [, actions] = transition(model.machine, before as never, event as never);
  return (actions as { type: string }[]).map((a) => a.type).filter((type) => !type.startsWith('xstate.'));
}

/** Checks what the oracle says `event` must do from `before`. */
export function checkStep(model: MachineModel, before: AnyMachineSnapshot, event: AnyEventObject, after: AnyMachineSnapshot): void {
  const oracle = model.steps[event.type];
  if (!oracle) throw new Error(`the oracle says nothing about event "${event.type}"`);
  oracle({ before, event, after, actions: actionsOf(model, before, event) });
}

// ---- helpers for writing oracles ----

/** The step left the machine exactly as it was and ran no action. */
export function expectUnchanged({ before, after, actions }: Step): void {
  expect(statePaths(after), 'state').toEqual(statePaths(before));
  expect(after.context, 'context').toEqual(before.context);
  expect(actions, 'actions').toEqual([]);
}

/** The step ended in exactly these atomic states. */
export function expectStates(after: AnyMachineSnapshot, ...paths: string[]): void {
  expect(statePaths(after), 'state').toEqual([...paths].sort());
}

/** Whether `snapshot` rests in the atomic state `path`. */
export const isIn = (snapshot: AnyMachineSnapshot, path: string) => statePaths(snapshot).includes(path);

type Outcome = string | [target: string, check: (step: Step) => void];
type OutcomeTable = Record<string, Outcome | ((step: Step) => Outcome)>;

function apply(table: OutcomeTable, source: string, step: Step, expected: (target: string) => string[]): void {
  const entry = table[source];
  if (entry === undefined) return expectUnchanged(step);
  const outcome = typeof entry === 'function' ? entry(step) : entry;
  const [target, check] = typeof outcome === 'string' ? [outcome, undefined] : outcome;
  expectStates(step.after, ...expected(target));
  check?.(step);
}

/**
 * A step oracle for a machine without parallel regions, as a table: from these states the event
 * leads to that state (and then `check` holds); from any other state it changes nothing.
 */
export const from =
  (table: OutcomeTable) =>
  (step: Step): void =>
    apply(table, statePaths(step.before)[0] ?? '', step, (target) => [target]);

/**
 * The same for one region of a parallel machine: from these states of `region` the event leads to
 * that state of it while the other regions stay where they were; from any other it changes nothing.
 */
export const inRegion =
  (region: string, table: OutcomeTable) =>
  (step: Step): void => {
    const paths = statePaths(step.before);
    const current = paths.find((p) => p.startsWith(`${region}.`)) ?? '';
    apply(table, current.slice(region.length + 1), step, (target) => paths.map((p) => (p === current ? `${region}.${target}` : p)));
  };
