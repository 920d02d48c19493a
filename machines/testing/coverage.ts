/**
 * Model coverage: replays a transition cover of a machine model on a live actor, recording the
 * state nodes entered and the transitions taken (from the actor's microsteps), and compares
 * them with every state node and transition the machine declares.
 */
import { createActor, type AnyEventObject, type AnyStateMachine, type AnyStateNode, type AnyTransitionDefinition } from 'xstate';
import type { MachineModel } from './models';
import { transitionCover } from './replayPaths';

export interface Coverage {
  states: { covered: number; total: number; missing: string[] };
  transitions: { covered: number; total: number; missing: string[] };
}

const transitionKey = (t: AnyTransitionDefinition) =>
  `${t.source.id} —${t.eventType || 'always'}→ ${t.target?.map((n) => n.id).join(',') ?? '(stays)'}${t.guard ? ` [${typeof t.guard === 'string' ? t.guard : (t.guard as { type?: string }).type}]` : ''}`;

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

/** The transitions (as keys) the last of `events` takes, replayed on a live actor from `input`. */
export function lastStepTransitions(machine: AnyStateMachine, input: unknown, events: readonly AnyEventObject[]): string[] {
  let taken: string[] = [];
  const actor = createActor(machine, {
    input,
    inspect: (event) => {
      if (event.type === '@xstate.microstep') taken.push(...event._transitions.map(transitionKey));
    },
  }).start();
  for (const event of events) {
    taken = [];
    actor.send(event);
  }
  actor.stop();
  return taken;
}

/** Coverage of `model` by its generated shortest paths. */
export function modelCoverage(model: MachineModel): Coverage {
  const entered = new Set<string>();
  const taken = new Set<string>();
  for (const input of model.inputs) {
    for (const path of transitionCover(model.machine, { events: model.events as never, input: input as never })) {
      const actor = createActor(model.machine, {
        input,
        inspect: (event) => {
          if (event.type !== '@xstate.microstep') return;
          for (const t of event._transitions) {
            taken.add(transitionKey(t));
            // Transient states (eventless exits) are never a resting snapshot; leaving one proves it was entered.
            entered.add(t.source.id);
          }
        },
      });
      actor.subscribe({ next: (s) => { for (const node of s._nodes) entered.add(node.id); }, error: () => undefined });
      actor.start();
      for (const node of actor.getSnapshot()._nodes) entered.add(node.id);
      for (const event of path.events) actor.send(event);
      actor.stop();
    }
  }
  const all = declared(model.machine.root);
  const missingStates = all.states.filter((s) => !entered.has(s));
  const missingTransitions = all.transitions.filter((t) => !taken.has(t));
  return {
    states: { covered: all.states.length - missingStates.length, total: all.states.length, missing: missingStates },
    transitions: { covered: all.transitions.length - missingTransitions.length, total: all.transitions.length, missing: missingTransitions },
  };
}
