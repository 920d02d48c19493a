/**
 * One negotiation (a cluster) between an EOI's owner and one responder (spec 01 §4 EOI actions:
 * cluster update, close and accept). The responder's answer opens it with their quote on the
 * table; from then on exactly one party holds the other's quote and may accept it or counter —
 * nobody accepts their own quote. Either party may close it while it is being negotiated; the
 * EOI's validity ends it. An accepted cluster becomes a deal on the chosen exchange's RFQ platform,
 * which confirms or rejects it (DOMAIN.md); until it answers the deal is pending and nothing else
 * ends the cluster (nor its quote: eoi.machine.ts). Pure: the server applies it with `transition` and
 * keeps validity on its durable job clock, so the chart has no timers.
 */
import { setup } from 'xstate';

export type ClusterEvent =
  | { type: 'counter.byOwner' }
  | { type: 'counter.byResponder' }
  | { type: 'accept.byOwner' }
  | { type: 'accept.byResponder' }
  | { type: 'close' }
  | { type: 'validity.elapsed' }
  | { type: 'exchange.submitted' }
  | { type: 'exchange.confirmed' }
  | { type: 'exchange.rejected' };

export const clusterMachine = setup({
  types: {} as { events: ClusterEvent },
}).createMachine({
  id: 'cluster',
  initial: 'negotiating',
  states: {
    negotiating: {
      initial: 'withOwner',
      tags: ['negotiating'],
      on: { close: 'closed', 'validity.elapsed': 'expired' },
      states: {
        // The responder's latest quote waits for the owner.
        withOwner: {
          tags: ['ownerToAct'],
          on: { 'counter.byOwner': 'withResponder', 'accept.byOwner': '#cluster.accepted' },
        },
        // The owner's counter waits for the responder.
        withResponder: {
          tags: ['responderToAct'],
          on: { 'counter.byResponder': 'withOwner', 'accept.byResponder': '#cluster.accepted' },
        },
      },
    },
    // Agreed: the deal is being sent to the exchange.
    accepted: {
      tags: ['dealt', 'dealPending'],
      on: { 'exchange.submitted': 'onExchange' },
    },
    onExchange: {
      tags: ['dealt', 'dealPending'],
      on: { 'exchange.confirmed': 'confirmed', 'exchange.rejected': 'rejected' },
    },
    confirmed: { type: 'final', tags: ['dealt'] },
    rejected: { type: 'final' },
    closed: { type: 'final' },
    expired: { type: 'final' },
  },
});
