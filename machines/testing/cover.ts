/**
 * Generated paths: a transition cover of a model's graph with @xstate/graph's TestModel — for every
 * (reachable state, accepted event) pair, the shortest path to the state followed by that event —
 * and the run of one path through `TestModel.testPath`, checking the hand-written oracle at every
 * step and, when given, a system under test (a rendered view) performing each event.
 */
import { serializeSnapshot, TestModel, type StatePath } from '@xstate/graph';
import { initialTransition, transition, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { stateLabel, type MachineModel } from './machineModel';
import { checkState, checkStep } from './oracle';

export type ModelPath = StatePath<AnyMachineSnapshot, AnyEventObject>;

export interface CoverPath {
  /** e.g. `restoring —xstate.done.actor.restoreSession→ authenticated —window.visible→ refreshing` */
  description: string;
  /** The edge the path ends with, e.g. `authenticated —window.visible→ refreshing`. */
  edge: string;
  /** TestModel's form: the first step is `xstate.init` into the initial snapshot. */
  path: ModelPath;
  /** The events after `xstate.init`. */
  events: AnyEventObject[];
}

/** What a rendered view does for a path: perform each event, show each state. */
export interface SystemUnderTest {
  perform(event: AnyEventObject, before: AnyMachineSnapshot): unknown;
  verify(snapshot: AnyMachineSnapshot): unknown;
}

// A model's graph has at most a few thousand nodes; a chart whose graph grows past this is broken.
const TRAVERSAL_LIMIT = 20_000;

/** The TestModel of `model` started with `input`. */
export function testModelOf(model: MachineModel, input: unknown) {
  return new TestModel(model.machine, {
    events: model.events,
    input,
    limit: TRAVERSAL_LIMIT,
    serializeState: (s) => keyOf(model, s as AnyMachineSnapshot) as never,
  });
}

const keyOf = (model: MachineModel, snapshot: AnyMachineSnapshot) => (model.serialize ?? serializeSnapshot)(snapshot);

/** Labels events; events of one type that differ in payload (two texts, two outputs) by their payload. */
export function eventLabeller(model: MachineModel) {
  const types = model.events.map((e) => e.type);
  return (event: AnyEventObject) => {
    if (types.indexOf(event.type) === types.lastIndexOf(event.type)) return event.type;
    const { type, ...payload } = event;
    return `${type} ${JSON.stringify(payload).slice(0, 40)}`;
  };
}

/**
 * One path per edge of the graph reachable from `input`: a breadth-first walk of TestModel's
 * adjacency map, so each path is a shortest path to its edge's source state followed by the edge.
 * The graph decides which events are edges; the snapshots are replayed with xstate's pure
 * transitions, so data the model's `serialize` leaves out is carried along faithfully.
 */
export function transitionCover(model: MachineModel, input: unknown): CoverPath[] {
  const adjacency = testModelOf(model, input).getAdjacencyMap() as unknown as Record<
    string,
    { transitions: Record<string, { event: AnyEventObject }> }
  >;
  const label = eventLabeller(model);
  const arrow = (s: ModelPath['steps'][number]) => `—${label(s.event)}→ ${stateLabel(s.state)}`;
  const [initial] = initialTransition(model.machine, input as never);
  const start: ModelPath['steps'] = [{ event: { type: 'xstate.init' }, state: initial as AnyMachineSnapshot }];
  const reached = new Map([[keyOf(model, initial as AnyMachineSnapshot), start]]);
  const queue = [...reached.keys()];
  const cover: CoverPath[] = [];
  for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
    const prefix = reached.get(key)!;
    const from = prefix.at(-1)!.state;
    for (const { event } of Object.values(adjacency[key]?.transitions ?? {})) {
      // The adjacency map tries every event in every state; an event the state does not accept is no edge.
      if (model.machine.getTransitionData(from as never, event as never).length === 0) continue;
      const [next] = transition(model.machine, from as never, event as never);
      const steps = [...prefix, { event: event as AnyEventObject, state: next as AnyMachineSnapshot }];
      const nextKey = keyOf(model, next as AnyMachineSnapshot);
      if (!reached.has(nextKey)) {
        reached.set(nextKey, steps);
        queue.push(nextKey);
      }
      cover.push({
        description: [stateLabel(steps[0]!.state), ...steps.slice(1).map(arrow)].join(' '),
        edge: `${stateLabel(from)} ${arrow(steps.at(-1)!)}`,
        path: { state: steps.at(-1)!.state, steps, weight: steps.length },
        events: steps.slice(1).map((s) => s.event),
      });
    }
  }
  return cover;
}

/** Checks the initial snapshot for `input` against the oracle. */
export function checkInitial(model: MachineModel, input: unknown): void {
  const [snapshot] = initialTransition(model.machine, input as never);
  model.initial?.(snapshot as AnyMachineSnapshot, input);
  checkState(model, snapshot as AnyMachineSnapshot);
}

/**
 * Runs `cover` through TestModel.testPath: the oracle checks the initial state, every step and every
 * state; a system under test, when given, performs each event and must show each state.
 */
export async function runPath(model: MachineModel, input: unknown, cover: CoverPath, sut?: SystemUnderTest): Promise<void> {
  let before: AnyMachineSnapshot | undefined;
  let pending: AnyEventObject | undefined;
  const perform = async (event: AnyEventObject) => {
    pending = event;
    if (sut && before) await sut.perform(event, before);
  };
  await testModelOf(model, input).testPath(cover.path, {
    events: Object.fromEntries(model.events.map((e) => [e.type, (step: { event: AnyEventObject }) => perform(step.event)])),
    states: {
      '*': async (after: AnyMachineSnapshot) => {
        if (before && pending) checkStep(model, before, pending, after);
        else model.initial?.(after, input);
        checkState(model, after);
        await sut?.verify(after);
        before = after;
        pending = undefined;
      },
    },
  });
}
