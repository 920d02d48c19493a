/**
 * An expression of interest (EOI): a bid or an offer on one bond (spec 01 §3, §4 EOI actions).
 * Drafted in the new-EOI dialog, live once submitted; while live its owner may update it, expire
 * it, close it (with confirmation) or replace it with a new one. Each response opens a negotiation
 * (a cluster, cluster.machine.ts); the EOI counts those still open and is live again when the last
 * ends without a deal. An accepted negotiation's deal goes to the exchange: one at a time, and while
 * it waits there the quote cannot end (closed, expired, replaced, or its validity ending) — the
 * exchange's answer must find it; the deal confirmed trades it, rejected counts as a negotiation
 * ended. The validity ending (a durable job on the server's clock) expires it. Pure: the server
 * applies it with `transition`.
 */
import { and, assign, setup } from 'xstate';

export type EoiEvent =
  | { type: 'submit' }
  | { type: 'update' }
  | { type: 'negotiation.opened' }
  | { type: 'negotiation.ended' }
  | { type: 'deal.submitted' }
  | { type: 'deal.confirmed' }
  | { type: 'deal.rejected' }
  | { type: 'expire' }
  | { type: 'validity.elapsed' }
  | { type: 'close' }
  | { type: 'replace' };

export interface EoiContext {
  /** Negotiations (clusters) on this EOI that have not ended. */
  openNegotiations: number;
  /** Goes up with every update of the quote, so an answer to an older revision can be refused. */
  revision: number;
  /** A deal on one of its negotiations waits for the exchange's answer. */
  dealPending: boolean;
}

export const eoiMachine = setup({
  types: {} as { context: EoiContext; events: EoiEvent },
  actions: {
    countOpened: assign({ openNegotiations: ({ context }) => context.openNegotiations + 1 }),
    countEnded: assign({ openNegotiations: ({ context }) => context.openNegotiations - 1 }),
    revise: assign({ revision: ({ context }) => context.revision + 1 }),
    dealSent: assign({ dealPending: true }),
    dealAnswered: assign({ dealPending: false }),
  },
  guards: {
    lastNegotiation: ({ context }) => context.openNegotiations === 1,
    dealPending: ({ context }) => context.dealPending,
    noDealPending: ({ context }) => !context.dealPending,
    lastNegotiationDealt: and(['dealPending', 'lastNegotiation']),
    lastNegotiationUndealt: and(['noDealPending', 'lastNegotiation']),
    // The negotiation whose deal is on the exchange ends only with the exchange's answer.
    moreNegotiations: ({ context }) => context.openNegotiations > 1,
  },
}).createMachine({
  id: 'eoi',
  initial: 'draft',
  context: { openNegotiations: 0, revision: 0, dealPending: false },
  states: {
    draft: {
      on: { submit: 'active' },
    },
    active: {
      initial: 'live',
      tags: ['onMarket'],
      on: {
        update: { actions: 'revise' },
        expire: { guard: 'noDealPending', target: 'expired' },
        'validity.elapsed': { guard: 'noDealPending', target: 'expired' },
        close: { guard: 'noDealPending', target: 'closed' },
        replace: { guard: 'noDealPending', target: 'replaced' },
      },
      states: {
        live: {
          on: { 'negotiation.opened': { target: 'negotiating', actions: 'countOpened' } },
        },
        negotiating: {
          tags: ['negotiating'],
          on: {
            'negotiation.opened': { actions: 'countOpened' },
            'negotiation.ended': [
              { guard: 'lastNegotiationUndealt', target: 'live', actions: 'countEnded' },
              { guard: 'moreNegotiations', actions: 'countEnded' },
            ],
            'deal.submitted': { guard: 'noDealPending', actions: 'dealSent' },
            'deal.confirmed': { guard: 'dealPending', target: '#eoi.traded', actions: 'dealAnswered' },
            'deal.rejected': [
              { guard: 'lastNegotiationDealt', target: 'live', actions: ['dealAnswered', 'countEnded'] },
              { guard: 'dealPending', actions: ['dealAnswered', 'countEnded'] },
            ],
          },
        },
      },
    },
    traded: { type: 'final' },
    expired: { type: 'final' },
    closed: { type: 'final' },
    replaced: { type: 'final' },
  },
});
