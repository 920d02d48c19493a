import { describe, expect, it } from 'vitest';
import { getInitialSnapshot, transition, type SnapshotFrom } from 'xstate';
import { clusterMachine, type ClusterEvent } from './cluster.machine';
import { eoiMachine, type EoiEvent } from './eoi.machine';

type EoiSnapshot = SnapshotFrom<typeof eoiMachine>;
const applyEoi = (events: EoiEvent['type'][]) =>
  events.reduce<EoiSnapshot>((s, type) => transition(eoiMachine, s, { type } as EoiEvent)[0], getInitialSnapshot(eoiMachine));
type ClusterSnapshot = SnapshotFrom<typeof clusterMachine>;
const applyCluster = (events: ClusterEvent['type'][]) =>
  events.reduce<ClusterSnapshot>(
    (s, type) => transition(clusterMachine, s, { type } as ClusterEvent)[0],
    getInitialSnapshot(clusterMachine),
  );

// The server answers 409 for an event the state does not accept and the views enable an action
// only when `can` allows it, so `can` must say yes exactly to the actions of each state.
describe('EOI actions the views offer', () => {
  const offered = (s: EoiSnapshot) =>
    (['update', 'expire', 'close', 'replace', 'negotiation.opened', 'deal.confirmed'] as const).filter((type) => s.can({ type }));

  it('offers update, expire, close, replace and a response on a live EOI', () => {
    expect(offered(applyEoi(['submit']))).toEqual(['update', 'expire', 'close', 'replace', 'negotiation.opened']);
  });

  it('offers nothing once the EOI has expired, closed, been replaced or traded', () => {
    for (const end of ['expire', 'close', 'replace'] as const) expect(offered(applyEoi(['submit', end])), end).toEqual([]);
    expect(offered(applyEoi(['submit', 'negotiation.opened', 'deal.submitted', 'deal.confirmed']))).toEqual([]);
  });

  it('cannot end while a deal waits on the exchange: only an update or another response until the answer', () => {
    const dealing = applyEoi(['submit', 'negotiation.opened', 'deal.submitted']);
    expect(offered(dealing)).toEqual(['update', 'negotiation.opened', 'deal.confirmed']);
    expect(dealing.can({ type: 'validity.elapsed' })).toBe(false);
    expect(dealing.can({ type: 'deal.submitted' }), 'a second deal at once').toBe(false);
    const rejected = applyEoi(['submit', 'negotiation.opened', 'deal.submitted', 'deal.rejected']);
    expect(rejected.value).toEqual({ active: 'live' });
    expect(offered(rejected)).toEqual(['update', 'expire', 'close', 'replace', 'negotiation.opened']);
  });

  it('counts each update, so an answer to an older revision can be told apart', () => {
    expect(applyEoi(['submit', 'update', 'negotiation.opened', 'update']).context.revision).toBe(2);
  });
});

describe('cluster turns', () => {
  it("lets only the party holding the other side's quote accept or counter", () => {
    const opened = applyCluster([]);
    expect([opened.can({ type: 'accept.byOwner' }), opened.can({ type: 'accept.byResponder' })]).toEqual([true, false]);
    const countered = applyCluster(['counter.byOwner']);
    expect([countered.can({ type: 'accept.byOwner' }), countered.can({ type: 'accept.byResponder' })]).toEqual([false, true]);
  });

  it('cannot be closed once dealt', () => {
    expect(applyCluster(['accept.byOwner']).can({ type: 'close' })).toBe(false);
    expect(applyCluster(['accept.byOwner', 'exchange.submitted']).can({ type: 'close' })).toBe(false);
  });
});
