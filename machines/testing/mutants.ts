/**
 * Mutants of a machine for checking that its generated tests can fail: each one retargets a single
 * transition (an `on`, `after`, `always` or invoke `onDone`/`onError` edge) to another sibling state,
 * the kind of slip a reviewer could miss. The suite must reject every one.
 */
import { StateMachine, type AnyStateMachine } from 'xstate';

export interface Mutant {
  /** e.g. `session.authenticated on window.visible: refreshing → signingOut` */
  description: string;
  machine: AnyStateMachine;
}

type Node = Record<string, unknown>;
interface Site {
  where: string;
  target: string;
  siblings: string[];
  retarget(target: string): void;
}

// Copies plain objects and arrays; functions (inline actions, params, inputs) are shared.
function copy<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copy) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copy(v)])) as T;
  }
  return value;
}

/** The transitions of one `on`/`after` entry, `always`, or invoke outcome with a plain sibling target. */
function transitionSites(holder: Node, key: string | number, where: string, siblings: string[], sites: Site[]) {
  const value = holder[key as string];
  if (Array.isArray(value)) {
    value.forEach((_, i) => transitionSites(value as unknown as Node, i, `${where}[${i}]`, siblings, sites));
  } else if (typeof value === 'string' && siblings.includes(value)) {
    sites.push({
      where,
      target: value,
      siblings,
      retarget: (target) => {
        holder[key as string] = target;
      },
    });
  } else if (
    value &&
    typeof value === 'object' &&
    typeof (value as Node).target === 'string' &&
    siblings.includes((value as Node).target as string)
  ) {
    const transition = value as Node;
    sites.push({
      where,
      target: transition.target as string,
      siblings,
      retarget: (target) => {
        transition.target = target;
      },
    });
  }
}

function sitesOf(state: Node, path: string, siblings: string[], sites: Site[]): Site[] {
  for (const kind of ['on', 'after'] as const) {
    const table = state[kind] as Node | undefined;
    for (const event of Object.keys(table ?? {})) transitionSites(table!, event, `${path} ${kind} ${event}`, siblings, sites);
  }
  if (state.always) transitionSites(state, 'always', `${path} always`, siblings, sites);
  const invokes = ([] as Node[]).concat((state.invoke as Node | Node[] | undefined) ?? []);
  for (const invoke of invokes) {
    for (const outcome of ['onDone', 'onError'])
      if (invoke[outcome]) transitionSites(invoke, outcome, `${path} ${String(invoke.src)}.${outcome}`, siblings, sites);
  }
  const children = (state.states ?? {}) as Record<string, Node>;
  for (const [key, child] of Object.entries(children)) sitesOf(child, `${path}.${key}`, Object.keys(children), sites);
  return sites;
}

/** Every single-transition retarget of `machine`, keeping its implementations. */
export function retargetMutants(machine: AnyStateMachine): Mutant[] {
  const config = machine.config as Node;
  const mutants: Mutant[] = [];
  sitesOf(copy(config), machine.id, [], []).forEach((site, index) => {
    // An eventless transition back into its own state never settles (xstate loops forever).
    const source = site.where.split(' ')[0]!.split('.').at(-1);
    const alternatives = site.siblings.filter((s) => s !== site.target && !(site.where.includes(' always') && s === source));
    for (const alternative of alternatives) {
      const mutated = copy(config);
      sitesOf(mutated, machine.id, [], [])[index]!.retarget(alternative);
      mutants.push({
        description: `${site.where}: ${site.target} → ${alternative}`,
        machine: new StateMachine(mutated as never, machine.implementations as never) as AnyStateMachine,
      });
    }
  });
  return mutants;
}
