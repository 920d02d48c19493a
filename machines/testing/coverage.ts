/**
 * Model coverage: the state nodes entered and the transitions taken by a model's generated paths,
 * against every state node and transition the machine declares. Read with xstate's public pure
 * functions (microsteps, transition data, state nodes of a value), never its private fields.
 */
import {
  getInitialMicrosteps,
  getMicrosteps,
  getNextTransitions,
  getStateNodes,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
} from 'xstate';
import { transitionCover } from './cover';
import type { MachineModel } from './machineModel';

export interface Coverage {
  states: { covered: number; total: number; missing: string[] };
  transitions: { covered: number; total: number; missing: string[] };
}

const guardName = (t: AnyTransitionDefinition) =>
  t.guard ? ` [${typeof t.guard === 'string' ? t.guard : (t.guard as { type?: string }).type}]` : '';
const transitionKey = (t: AnyTransitionDefinition) =>
  `${t.source.id} —${t.eventType || 'always'}→ ${t.target?.map((n) => n.id).join(',') ?? '(stays)'}${guardName(t)}`;

function declared(root: AnyStateNode): { states: string[]; transitions: string[] } {
  const states: string[] = [];
  const transitions: string[] = [];
  const visit = (node: AnyStateNode) => {
    if (node !== root) states.push(node.id);
    for (const list of node.transitions.values()) for (const t of list) transitions.push(transitionKey(t));
    for (const t of node.always ?? []) transitions.push(transitionKey(t));
    for (const child of Object.values(node.states)) visit(child as AnyStateNode);
  };
  visit(root);
  return { states, transitions };
}

/** Every transition `machine` declares, as keys. */
export const declaredTransitions = (machine: AnyStateMachine) => declared(machine.root).transitions;

const activeIds = (machine: AnyStateMachine, snapshot: AnyMachineSnapshot) =>
  new Set(getStateNodes(machine.root, snapshot.value).map((n) => n.id));

/**
 * The eventless transitions between two consecutive microsteps: per active atomic state, the first
 * `always` transition (document order) whose targets are all active afterwards.
 */
function eventlessTaken(machine: AnyStateMachine, previous: AnyMachineSnapshot, next: AnyMachineSnapshot): AnyTransitionDefinition[] {
  const after = activeIds(machine, next);
  const taken = new Map<string, AnyTransitionDefinition>();
  for (const t of getNextTransitions(previous)) {
    if (t.eventType !== '' || taken.has(t.source.id)) continue;
    if ((t.target ?? []).every((n) => after.has(n.id)) && !after.has(t.source.id)) taken.set(t.source.id, t);
  }
  return [...taken.values()];
}

/** The transitions (as keys) that `event` takes from `before`, eventless ones after it included. */
export function transitionsTaken(machine: AnyStateMachine, before: AnyMachineSnapshot, event: AnyEventObject): string[] {
  const micro = getMicrosteps(machine, before as never, event as never).map(([snapshot]) => snapshot as AnyMachineSnapshot);
  const taken = machine.getTransitionData(before as never, event as never);
  for (let i = 1; i < micro.length; i += 1) taken.push(...eventlessTaken(machine, micro[i - 1]!, micro[i]!));
  return taken.map(transitionKey);
}

/** Coverage of `model` by its generated transition cover. */
export function modelCoverage(model: MachineModel): Coverage {
  const { machine } = model;
  const entered = new Set<string>();
  const taken = new Set<string>();
  const enter = (snapshot: AnyMachineSnapshot) => {
    for (const id of activeIds(machine, snapshot)) entered.add(id);
  };
  for (const input of model.inputs) {
    // The initial microsteps: transient states (an `always` on entry) are entered but never rest.
    const initial = getInitialMicrosteps(machine, input as never).map(([snapshot]) => snapshot as AnyMachineSnapshot);
    initial.forEach(enter);
    for (let i = 1; i < initial.length; i += 1)
      for (const t of eventlessTaken(machine, initial[i - 1]!, initial[i]!)) taken.add(transitionKey(t));
    for (const { path } of transitionCover(model, input)) {
      for (let i = 1; i < path.steps.length; i += 1) {
        const before = path.steps[i - 1]!.state;
        const { event } = path.steps[i]!;
        for (const [snapshot] of getMicrosteps(machine, before as never, event as never)) enter(snapshot as AnyMachineSnapshot);
        for (const key of transitionsTaken(machine, before, event)) taken.add(key);
      }
    }
  }
  const all = declared(machine.root);
  const missingStates = all.states.filter((s) => !entered.has(s));
  const missingTransitions = all.transitions.filter((t) => !taken.has(t));
  return {
    states: { covered: all.states.length - missingStates.length, total: all.states.length, missing: missingStates },
    transitions: {
      covered: all.transitions.length - missingTransitions.length,
      total: all.transitions.length,
      missing: missingTransitions,
    },
  };
}
