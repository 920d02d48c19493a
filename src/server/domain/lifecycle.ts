/**
 * The trading lifecycles applied on the server (DESIGN §3): a row's stored snapshot is resolved
 * into the machine, the event applied with xstate's pure `transition`, and the next snapshot stored
 * back. An event the state does not accept is a 409 with the caller's clear message.
 */
import { type AnyStateMachine, type EventFromLogic, getInitialSnapshot, type SnapshotFrom, transition } from 'xstate';
import { AppError } from '../errors.js';

export interface StoredSnapshot {
  value: unknown;
  context: unknown;
}

/** The leaf state a list filters on: 'live' for { active: 'live' }, 'expired' for 'expired'. */
export function statusOf(value: unknown): string {
  let node = value;
  while (node && typeof node === 'object') node = Object.values(node)[0];
  return String(node);
}

const stored = (snapshot: { value: unknown; context: unknown }): StoredSnapshot => ({
  value: snapshot.value,
  context: snapshot.context ?? {},
});

/** The machine's initial snapshot, ready to store. */
export function initialSnapshot(machine: AnyStateMachine): StoredSnapshot {
  return stored(getInitialSnapshot(machine));
}

/** Applies `event` to a stored snapshot; 409 with `refusal` when the current state does not accept it. */
export function applyEvent<M extends AnyStateMachine>(
  machine: M,
  current: StoredSnapshot,
  event: EventFromLogic<M>,
  refusal: string,
): StoredSnapshot {
  const snapshot = machine.resolveState({ value: current.value, context: current.context } as Parameters<M['resolveState']>[0]);
  if (!snapshot.can(event)) throw new AppError('CONFLICT', refusal);
  const [next] = transition(machine, snapshot as SnapshotFrom<M>, event);
  return stored(next);
}

/** Whether a stored snapshot would accept `event` (for the views' enabled actions). */
export function accepts<M extends AnyStateMachine>(machine: M, current: StoredSnapshot, event: EventFromLogic<M>): boolean {
  return machine.resolveState({ value: current.value, context: current.context } as Parameters<M['resolveState']>[0]).can(event);
}
