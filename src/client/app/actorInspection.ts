/**
 * Records the app's running actors for the machine inspector (/dev/machines): each actor's latest
 * snapshot and its last INSPECTED_EVENT_LIMIT events, through xstate's `inspect` option. Built in
 * only with the inspector (__KOSH_INSPECTOR__); otherwise `inspect` is undefined and actors run
 * unobserved. Secrets never reach the inspector: `redactSecrets` masks them in context and events.
 */
import type { ActorRefLike, AnyStateMachine, InspectionEvent } from 'xstate';

export const INSPECTED_EVENT_LIMIT = 50;

export interface InspectedEvent {
  seq: number;
  at: number;
  type: string;
  /** The event with secrets masked. */
  payload: unknown;
  /** The sending actor's name, when an actor sent it. */
  source?: string;
}

export interface InspectedActor {
  sessionId: string;
  /** The machine's id for an app actor (`id (2)` for a second one), `parent › child` for an invoked one. */
  name: string;
  /** The machine the actor runs, when it runs one (invoked promises do not). */
  machine?: AnyStateMachine;
  snapshot: { value?: unknown; status: string; context?: unknown };
  /** Newest last. */
  events: readonly InspectedEvent[];
}

export interface ActorRecorder {
  inspect: (event: InspectionEvent) => void;
  /** The running actors, in start order; a new array after every change. */
  actors: () => readonly InspectedActor[];
  subscribe: (listener: () => void) => () => void;
}

const SECRET_KEY = /pass(word)?|secret|token|access|otp|credential|authorization|jwt/i;
export const REDACTED = '••• redacted';

/** `value` with every string or object under a secret-looking key masked (numbers and flags stay). */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return { error: value.message };
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      SECRET_KEY.test(key) && (typeof inner === 'string' || (inner !== null && typeof inner === 'object'))
        ? REDACTED
        : redactSecrets(inner, depth + 1),
    ]),
  );
}

/** What the recorder reads of an actor (inspection events type it as the narrower ActorRefLike). */
interface ActorFacts {
  sessionId: string;
  id: string;
  src: unknown;
  logic: unknown;
  _parent?: ActorFacts;
}
const factsOf = (ref: ActorRefLike) => ref as unknown as ActorFacts;

const isMachine = (logic: unknown): logic is AnyStateMachine =>
  typeof logic === 'object' && logic !== null && 'root' in logic && 'provide' in logic;

export function createActorRecorder(now: () => number = Date.now): ActorRecorder {
  const running = new Map<string, InspectedActor>();
  // Stopped and finished actors, so an event still sent to one does not list it again.
  const gone = new Set<string>();
  const listeners = new Set<() => void>();
  let list: readonly InspectedActor[] = [];
  let seq = 0;

  const nameOf = (ref: ActorFacts): string => {
    const known = running.get(ref.sessionId);
    if (known) return known.name;
    if (ref._parent) return `${nameOf(ref._parent)} › ${typeof ref.src === 'string' ? ref.src : ref.id}`;
    const own = isMachine(ref.logic) ? ref.logic.id : ref.id;
    const taken = new Set([...running.values()].map((a) => a.name));
    let name = own;
    for (let n = 2; taken.has(name); n += 1) name = `${own} (${n})`;
    return name;
  };
  // Actors are listed from their first event or snapshot, not on creation: React may create an
  // actor it never starts.
  const update = (ref: ActorFacts, change: (actor: InspectedActor) => InspectedActor | undefined) => {
    if (gone.has(ref.sessionId)) return;
    const actor = running.get(ref.sessionId) ?? {
      sessionId: ref.sessionId,
      name: nameOf(ref),
      machine: isMachine(ref.logic) ? ref.logic : undefined,
      snapshot: { status: 'active' },
      events: [],
    };
    const next = change(actor);
    if (next) running.set(ref.sessionId, next);
    else {
      running.delete(ref.sessionId);
      gone.add(ref.sessionId);
    }
    list = [...running.values()];
    for (const listener of listeners) listener();
  };

  return {
    inspect(event) {
      if (event.type === '@xstate.event') {
        const recorded: InspectedEvent = {
          seq: ++seq,
          at: now(),
          type: event.event.type,
          payload: redactSecrets(event.event),
          ...(event.sourceRef && event.sourceRef !== event.actorRef ? { source: nameOf(factsOf(event.sourceRef)) } : {}),
        };
        update(factsOf(event.actorRef), (actor) => ({ ...actor, events: [...actor.events, recorded].slice(-INSPECTED_EVENT_LIMIT) }));
      } else if (event.type === '@xstate.snapshot') {
        const snapshot = event.snapshot as { value?: unknown; status: string; context?: unknown };
        update(factsOf(event.actorRef), (actor) =>
          snapshot.status === 'active'
            ? { ...actor, snapshot: { value: snapshot.value, status: snapshot.status, context: redactSecrets(snapshot.context) } }
            : undefined,
        );
      }
    },
    actors: () => list,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's recorder: null unless the inspector is built in. */
export const actorRecorder: ActorRecorder | null = __KOSH_INSPECTOR__ ? /* @__PURE__ */ createActorRecorder() : null;

/** Pass as createActor's / useActorRef's `inspect` option on every app actor. */
export const inspect = actorRecorder?.inspect;
