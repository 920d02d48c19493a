/**
 * Model-based testing helper: generates paths through a machine's graph with @xstate/graph and
 * replays each on a live actor, so tests cover every reachable state and transition.
 */
import { getAdjacencyMap, getShortestPaths, serializeSnapshot, type AdjacencyMap } from '@xstate/graph';
import { createActor, type AnyStateMachine, type EventFromLogic, type InputFrom, type SnapshotFrom } from 'xstate';

export interface PathCase<M extends AnyStateMachine> {
  /** e.g. "starting → browser.offline → …" */
  name: string;
  events: EventFromLogic<M>[];
  expected: SnapshotFrom<M>;
}

/** Runs `machine` with `input`, sends `events` in order, and returns the final snapshot. */
export function replay<M extends AnyStateMachine>(machine: M, input: InputFrom<M> | undefined, events: EventFromLogic<M>[]): SnapshotFrom<M> {
  const actor = createActor(machine, { input } as never).start();
  for (const event of events) actor.send(event);
  const snapshot = actor.getSnapshot() as SnapshotFrom<M>;
  actor.stop();
  return snapshot;
}

/**
 * A transition cover: for every (reachable state, accepted event) pair of the graph, the
 * shortest path to the state followed by that event — one case per edge, not every simple path.
 */
export function transitionCover<M extends AnyStateMachine>(
  machine: M,
  options: { events: EventFromLogic<M>[]; input?: InputFrom<M> },
): PathCase<M>[] {
  const traversal = { events: options.events, input: options.input } as never;
  const shortest = new Map(getShortestPaths(machine, traversal).map((p) => [
    serializeSnapshot(p.state),
    p.steps.slice(1).map((step) => step.event as EventFromLogic<M>),
  ]));
  const cases: PathCase<M>[] = [];
  const adjacency = getAdjacencyMap(machine, traversal) as AdjacencyMap<SnapshotFrom<M>, EventFromLogic<M>>;
  for (const [from, value] of Object.entries(adjacency)) {
    const prefix = shortest.get(from as never);
    if (!prefix) continue;
    for (const { state, event } of Object.values(value.transitions) as { state: SnapshotFrom<M>; event: EventFromLogic<M> }[]) {
      // The adjacency map tries every event everywhere; an event the state does not accept is no
      // edge (and an unaccepted xstate.error.* event would fail the actor).
      if (machine.getTransitionData(value.state as never, event).length === 0) continue;
      const events = [...prefix, event as EventFromLogic<M>];
      cases.push({ name: events.map((e) => e.type).join(' → ') || '(start)', events, expected: state as SnapshotFrom<M> });
    }
  }
  return cases;
}
