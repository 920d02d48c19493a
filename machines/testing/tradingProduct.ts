/**
 * The three trading charts together, as the server glues them (DESIGN §3): one quote (eoi), the
 * negotiations answering it (cluster) and the order a confirmed deal books (order). A step is one
 * user action, exchange answer or job, with every chart event it entails; like the server's
 * transaction, it happens whole or not at all (a chart that refuses its part refuses the step).
 * Each chart is tested alone in its own model; this one is for the rules between them.
 */
import { type AnyMachineSnapshot, type AnyStateMachine, getInitialSnapshot, transition } from 'xstate';
import { clusterMachine, type ClusterEvent } from '../cluster.machine';
import { eoiMachine } from '../eoi.machine';
import { orderMachine, type OrderEvent } from '../order.machine';

export interface Negotiation {
  cluster: AnyMachineSnapshot;
  /** The order its confirmed deal booked. */
  order: AnyMachineSnapshot | null;
  /** It went through `accepted` (a deal was agreed). */
  wasAccepted: boolean;
}

export interface Product {
  eoi: AnyMachineSnapshot;
  negotiations: Negotiation[];
}

export interface ProductStep {
  name: string;
  apply(product: Product): Product | null;
}

type Event = { type: string };

/** `event` applied to `snapshot`, or null when its chart refuses it. */
function step(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: Event): AnyMachineSnapshot | null {
  if (!snapshot.can(event)) return null;
  return transition(machine, snapshot, event)[0] as AnyMachineSnapshot;
}

const QUOTE_ENDINGS = ['expire', 'validity.elapsed', 'close', 'replace'] as const;
const NEGOTIATION_MOVES: ClusterEvent['type'][] = ['counter.byOwner', 'counter.byResponder', 'exchange.submitted'];
const ACCEPTS: ClusterEvent['type'][] = ['accept.byOwner', 'accept.byResponder'];
const ORDER_EVENTS: OrderEvent['type'][] = [
  'modify',
  'accept',
  'reject',
  'cancel',
  'cancel.agreed',
  'obligations.due',
  'payout',
  'cutoff.missed',
];
/** At most this many answers to one quote: two already behave like any larger number. */
const MAX_NEGOTIATIONS = 3;

export const isNegotiating = (n: Negotiation) => n.cluster.matches('negotiating');
export const isDone = (s: AnyMachineSnapshot) => s.status === 'done';
/** A deal agreed and not yet answered by the exchange. */
export const dealPending = (n: Negotiation) => n.cluster.hasTag('dealt') && !isDone(n.cluster);

export function initialProduct(): Product {
  return { eoi: step(eoiMachine, getInitialSnapshot(eoiMachine), { type: 'submit' })!, negotiations: [] };
}

/** The product with negotiation `i` changed and the quote at `eoi`; null when a chart refused its part. */
function withNegotiation(p: Product, i: number, change: Partial<Negotiation> | null, eoi: AnyMachineSnapshot | null): Product | null {
  if (!change || !eoi) return null;
  return { eoi, negotiations: p.negotiations.map((n, j) => (j === i ? { ...n, ...change } : n)) };
}

/** The negotiations still open end with their quote (closed with it, or expired with its validity). */
function endNegotiations(negotiations: Negotiation[], how: 'close' | 'validity.elapsed', keep?: number): Negotiation[] {
  return negotiations.map((n, i) =>
    i !== keep && isNegotiating(n) ? { ...n, cluster: step(clusterMachine, n.cluster, { type: how })! } : n,
  );
}

function quoteSteps(): ProductStep[] {
  const respond: ProductStep = {
    name: 'respond',
    apply: (p) => {
      const eoi = p.negotiations.length < MAX_NEGOTIATIONS ? step(eoiMachine, p.eoi, { type: 'negotiation.opened' }) : null;
      if (!eoi) return null;
      return { eoi, negotiations: [...p.negotiations, { cluster: getInitialSnapshot(clusterMachine), order: null, wasAccepted: false }] };
    },
  };
  const update: ProductStep = {
    name: 'quote update',
    apply: (p) => {
      const eoi = step(eoiMachine, p.eoi, { type: 'update' });
      return eoi && { ...p, eoi };
    },
  };
  const endings = QUOTE_ENDINGS.map((ending): ProductStep => ({
    name: `quote ${ending}`,
    apply: (p) => {
      const eoi = step(eoiMachine, p.eoi, { type: ending });
      return eoi && { eoi, negotiations: endNegotiations(p.negotiations, ending === 'validity.elapsed' ? 'validity.elapsed' : 'close') };
    },
  }));
  return [respond, update, ...endings];
}

/** A step on negotiation `i`: its cluster takes `type`; `glue` says what the rest of the product does. */
function clusterStep(i: number, type: ClusterEvent['type'], glue: (p: Product, n: Negotiation) => Product | null): ProductStep {
  return {
    name: `negotiation ${i} ${type}`,
    apply: (p) => {
      const n = p.negotiations[i];
      const cluster = n && step(clusterMachine, n.cluster, { type });
      return n && cluster ? glue(p, { ...n, cluster }) : null;
    },
  };
}

function negotiationSteps(i: number): ProductStep[] {
  const moves = NEGOTIATION_MOVES.map((type) => clusterStep(i, type, (p, n) => withNegotiation(p, i, n, p.eoi)));
  const ends = (['close', 'validity.elapsed'] as const).map((type) =>
    clusterStep(i, type, (p, n) => withNegotiation(p, i, n, step(eoiMachine, p.eoi, { type: 'negotiation.ended' }))),
  );
  // The quote hears of the deal (one deal at a time).
  const accepts = ACCEPTS.map((type) =>
    clusterStep(i, type, (p, n) => withNegotiation(p, i, { ...n, wasAccepted: true }, step(eoiMachine, p.eoi, { type: 'deal.submitted' }))),
  );
  // A confirmed deal trades the quote, books one order and ends the quote's other open negotiations.
  const confirmed = clusterStep(i, 'exchange.confirmed', (p, n) => {
    const eoi = step(eoiMachine, p.eoi, { type: 'deal.confirmed' });
    return withNegotiation(
      { ...p, negotiations: endNegotiations(p.negotiations, 'close', i) },
      i,
      { ...n, order: getInitialSnapshot(orderMachine) },
      eoi,
    );
  });
  const rejected = clusterStep(i, 'exchange.rejected', (p, n) =>
    withNegotiation(p, i, n, step(eoiMachine, p.eoi, { type: 'deal.rejected' })),
  );
  const orders = ORDER_EVENTS.map((type): ProductStep => ({
    name: `order ${i} ${type}`,
    apply: (p) => {
      const order = p.negotiations[i]?.order;
      const next = order && step(orderMachine, order, { type });
      return next ? withNegotiation(p, i, { order: next }, p.eoi) : null;
    },
  }));
  return [...moves, ...ends, ...accepts, confirmed, rejected, ...orders];
}

/** Every step of the product; those that do not apply in a state answer null. */
export const PRODUCT_STEPS: ProductStep[] = [
  ...quoteSteps(),
  ...Array.from({ length: MAX_NEGOTIATIONS }, (_, i) => negotiationSteps(i)).flat(),
];

/** The steps `product` accepts, with where each leads. */
export function enabledSteps(product: Product): { name: string; next: Product }[] {
  return PRODUCT_STEPS.flatMap((s) => {
    const next = s.apply(product);
    return next ? [{ name: s.name, next }] : [];
  });
}
