/**
 * Which row actions the view enables: what the EOI and cluster machines accept in the row's state
 * (the same charts the server applies, so an enabled button is never answered with a 409 for an
 * illegal transition), narrowed by ownership — only the owner expires or closes a quote, only
 * another client responds to it, each party acts on its own turn.
 */
import { clusterMachine, type ClusterEvent } from '../../../../machines/cluster.machine';
import { eoiMachine, type EoiEvent } from '../../../../machines/eoi.machine';
import type { ClusterView, EoiStatus, EoiView } from '../../../shared/contracts/trading';

/** The machine state value a list status stands for ('live' is a child of 'active'). */
function eoiStateValue(status: EoiStatus) {
  return status === 'live' || status === 'negotiating' ? { active: status } : status;
}

type EoiFacts = Pick<EoiView, 'status' | 'open_negotiations' | 'revision' | 'deal_pending'>;

function eoiAccepts(eoi: EoiFacts, event: EoiEvent): boolean {
  const snapshot = eoiMachine.resolveState({
    value: eoiStateValue(eoi.status),
    context: { openNegotiations: eoi.open_negotiations, revision: eoi.revision, dealPending: eoi.deal_pending },
  });
  return snapshot.can(event);
}

export interface EoiActions {
  respond: boolean;
  expire: boolean;
  close: boolean;
}

export function eoiActions(eoi: EoiFacts & Pick<EoiView, 'is_mine'>): EoiActions {
  return {
    respond: !eoi.is_mine && eoiAccepts(eoi, { type: 'negotiation.opened' }),
    expire: eoi.is_mine && eoiAccepts(eoi, { type: 'expire' }),
    close: eoi.is_mine && eoiAccepts(eoi, { type: 'close' }),
  };
}

type ClusterStatus = ClusterView['status'];

function clusterStateValue(status: ClusterStatus) {
  return status === 'withOwner' || status === 'withResponder' ? { negotiating: status } : status;
}

function clusterAccepts(status: ClusterStatus, event: ClusterEvent): boolean {
  return clusterMachine.resolveState({ value: clusterStateValue(status), context: undefined }).can(event);
}

export interface ClusterActions {
  counter: boolean;
  accept: boolean;
  close: boolean;
}

/** A broker on a negotiation follows it; only the parties act. */
const NO_CLUSTER_ACTIONS: ClusterActions = { counter: false, accept: false, close: false };

export function clusterActions(cluster: Pick<ClusterView, 'status' | 'my_role'>): ClusterActions {
  if (cluster.my_role === 'broker') return NO_CLUSTER_ACTIONS;
  const byOwner = cluster.my_role === 'owner';
  return {
    counter: clusterAccepts(cluster.status, { type: byOwner ? 'counter.byOwner' : 'counter.byResponder' }),
    accept: clusterAccepts(cluster.status, { type: byOwner ? 'accept.byOwner' : 'accept.byResponder' }),
    close: clusterAccepts(cluster.status, { type: 'close' }),
  };
}
