/**
 * A machine's mermaid `stateDiagram-v2`, drawn from its graph (@xstate/graph toDirectedGraph).
 * One renderer for the generated docs (docs/machines) and the in-app inspector, which also
 * passes the active states to highlight.
 */
import { toDirectedGraph, type DirectedGraphNode } from '@xstate/graph';
import type { AnyStateMachine, AnyStateNode, StateValue } from 'xstate';

/** The mermaid id of a state node: its path joined by `_`, the machine id for the root. */
const diagramNodeId = (node: AnyStateNode) => node.path.join('_') || node.machine.id;

/** The names of `items` (actions), leaving out xstate's built-in ones. */
const namedItems = (items: readonly unknown[]) =>
  items
    .map((item) => (typeof item === 'string' ? item : (item as { type?: string } | undefined)?.type))
    .filter((name): name is string => Boolean(name) && !name!.startsWith('xstate.'));

type Transition = DirectedGraphNode['edges'][number]['transition'];

function transitionLabel(transition: Transition): string {
  const event = transition.eventType.replace(/^xstate\.after\.([^.]+)\..*$/, 'after $1').replace(/^xstate\.(done|error)\.actor\./, '$1: ');
  const guard = transition.guard
    ? ` [${typeof transition.guard === 'string' ? transition.guard : ((transition.guard as { type?: string }).type ?? 'guard')}]`
    : '';
  const actions = namedItems(transition.actions);
  return `${event || 'always'}${guard}${actions.length ? ` / ${actions.join(', ')}` : ''}`.replaceAll(':', ' —');
}

function diagramLines(node: DirectedGraphNode, indent: string): string[] {
  const lines: string[] = [];
  const state = node.stateNode as unknown as AnyStateNode;
  const initial = state.initial?.target?.[0];
  if (initial) lines.push(`${indent}[*] --> ${diagramNodeId(initial)}`);
  for (const child of node.children) {
    const childState = child.stateNode as unknown as AnyStateNode;
    if (child.children.length > 0) {
      lines.push(`${indent}state ${diagramNodeId(childState)} {`, ...diagramLines(child, `${indent}  `), `${indent}}`);
    }
    // Targetless transitions stay where they are; eventless (`always`) ones are not graph edges.
    const transitions = [...child.edges.map((e) => e.transition), ...(childState.always ?? [])];
    for (const transition of transitions) {
      const target = transition.target?.[0] ?? childState;
      lines.push(`${indent}${diagramNodeId(childState)} --> ${diagramNodeId(target)}: ${transitionLabel(transition as Transition)}`);
    }
  }
  return lines;
}

/** The mermaid ids of the states `value` is in, innermost and outer ones alike. */
export function activeNodeIds(value: StateValue, prefix: readonly string[] = []): string[] {
  if (typeof value === 'string') return [[...prefix, value].join('_')];
  return Object.entries(value).flatMap(([key, inner]) => [
    [...prefix, key].join('_'),
    ...(inner === undefined ? [] : activeNodeIds(inner, [...prefix, key])),
  ]);
}

export const ACTIVE_CLASS = 'active';

/** The diagram's mermaid source; `active` state ids get the ACTIVE_CLASS style. */
export function stateDiagram(machine: AnyStateMachine, active: readonly string[] = []): string {
  const lines = ['stateDiagram-v2', ...diagramLines(toDirectedGraph(machine), '  ')];
  if (active.length > 0) {
    lines.push(`  classDef ${ACTIVE_CLASS} fill:#2d72d2,stroke:#184a90,color:#ffffff,font-weight:bold`);
    lines.push(`  class ${active.join(',')} ${ACTIVE_CLASS}`);
  }
  return lines.join('\n');
}
