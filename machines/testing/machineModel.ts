/**
 * A machine's test model: the machine with effects that never settle on their own (paths decide
 * every outcome with explicit done/error/after events), the events to explore, the inputs to
 * start from — and an oracle written by hand from the spec: what must hold in each state and what
 * each event must do. Paths are generated from the chart; the oracle is not, so a wrong edge fails.
 */
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate';

/** What must hold whenever the machine rests in one atomic state. */
export interface StateOracle {
  /** The tags this state contributes, exactly (a parallel snapshot's tags are the union). */
  tags: readonly string[];
  /** Further checks of the context in this state (throwing assertions). */
  holds?: (snapshot: AnyMachineSnapshot) => void;
}

/** One step of a path: the snapshot before, the event, the snapshot after and the actions it ran. */
export interface Step {
  before: AnyMachineSnapshot;
  event: AnyEventObject;
  after: AnyMachineSnapshot;
  /** Names of the machine's own actions the step executes (assigns and xstate built-ins left out). */
  actions: string[];
}

export interface MachineModel {
  machine: AnyStateMachine;
  events: AnyEventObject[];
  inputs: unknown[];
  /** Keyed by atomic state path ('authenticated', 'mode.price'); every resting state needs one. */
  states: Record<string, StateOracle>;
  /** Keyed by event type: what the event must do from every state, including nothing. */
  steps: Record<string, (step: Step) => void>;
  /** What must hold in the initial snapshot for an input. */
  initial?: (snapshot: AnyMachineSnapshot, input: unknown) => void;
  /**
   * The part of a snapshot that decides what happens next: snapshots that agree on it are one node
   * of the graph (default: value and whole context). Leaving out data that is only carried along
   * (a settlement, a quantity) keeps the graph small; every step is still checked in full.
   */
  serialize?: (snapshot: AnyMachineSnapshot) => string;
  /** Mutants (by description) that behave exactly like the machine, each with the reason. */
  equivalentMutants?: Record<string, string>;
}

/** Declares a model (a typed identity, so model files read as data). */
export const defineModel = (model: MachineModel): MachineModel => model;

/** The atomic states a snapshot rests in, as paths from the root: 'authenticated', 'mode.price'. */
export function statePaths(snapshot: Pick<AnyMachineSnapshot, 'value'>): string[] {
  const walk = (value: unknown, prefix: string): string[] =>
    typeof value === 'string'
      ? [prefix + value]
      : Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => walk(child, `${prefix}${key}.`));
  return walk(snapshot.value, '').sort();
}

/** The state a snapshot rests in, for path descriptions: 'authenticated' or 'lookup.idle|mode.yield'. */
export const stateLabel = (snapshot: Pick<AnyMachineSnapshot, 'value'>) => statePaths(snapshot).join('|');
