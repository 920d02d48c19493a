/**
 * State sets read from the charts' tags, so a list of states on the server (the market's quotes, the
 * quotes due to expire, the negotiations still open…) follows the chart: a state added with its tag
 * joins every list that filters on it. Rows store their leaf state's name (`status`), so the sets
 * are leaf names.
 */
import type { AnyStateMachine } from 'xstate';
import { clusterMachine } from './cluster.machine';
import { eoiMachine } from './eoi.machine';

interface StateNodeLike {
  key: string;
  tags: readonly string[];
  states: Record<string, StateNodeLike>;
}

/** The leaf states of `machine` that carry `tag`, on themselves or on a parent state, in chart order. */
export function statesTagged(machine: AnyStateMachine, tag: string): string[] {
  const walk = (node: StateNodeLike, inherited: boolean): string[] => {
    const tagged = inherited || node.tags.includes(tag);
    const children = Object.values(node.states);
    if (children.length === 0) return tagged ? [node.key] : [];
    return children.flatMap((child) => walk(child, tagged));
  };
  return walk(machine.root as unknown as StateNodeLike, false);
}

/** Quotes on the market: live, or live with negotiations open. */
export const EOI_ON_MARKET = statesTagged(eoiMachine, 'onMarket');
/** Negotiations still being negotiated (a party's turn). */
export const CLUSTER_NEGOTIATING = statesTagged(clusterMachine, 'negotiating');
/** Negotiations whose deal waits for the exchange's answer. */
export const CLUSTER_DEAL_PENDING = statesTagged(clusterMachine, 'dealPending');
/** Negotiations waiting for the owner's move. */
export const CLUSTER_OWNER_TO_ACT = statesTagged(clusterMachine, 'ownerToAct');
