/**
 * An expression of interest (EOI): a bid or an offer on one bond (spec 01 §3, §4 EOI actions).
 * Drafted in the new-EOI dialog, live once submitted; while live its owner may update it, expire
 * it, close it (with confirmation) or replace it with a new one. Each response opens a negotiation
 * (a cluster, cluster.machine.ts); the EOI counts those still open and is live again when the last
 * ends without a deal. A deal confirmed by the exchange trades it. The validity ending (a durable
 * job on the server's clock) expires it. Pure: the server applies it with `transition`.
 */
import { assign, setup } from 'xstate';

export type EoiEvent =
  | { type: 'submit' }
  | { type: 'update' }
  | { type: 'negotiation.opened' }
  | { type: 'negotiation.ended' }
  | { type: 'deal.confirmed' }
  | { type: 'expire' }
  | { type: 'validity.elapsed' }
  | { type: 'close' }
  | { type: 'replace' };

export interface EoiContext {
  /** Negotiations (clusters) on this EOI that have not ended. */
  openNegotiations: number;
  /** Goes up with every update of the quote, so an answer to an older revision can be refused. */
  revision: number;
}

export const eoiMachine = setup({
  types: {} as { context: EoiContext; events: EoiEvent },
  actions: {
    countOpened: assign({ openNegotiations: ({ context }) => context.openNegotiations + 1 }),
    countEnded: assign({ openNegotiations: ({ context }) => context.openNegotiations - 1 }),
    revise: assign({ revision: ({ context }) => context.revision + 1 }),
  },
  guards: {
    lastNegotiation: ({ context }) => context.openNegotiations === 1,
  },
}).createMachine({
  id: 'eoi',
  initial: 'draft',
  context: { openNegotiations: 0, revision: 0 },
  states: {
    draft: {
      on: { submit: 'active' },
    },
    active: {
      initial: 'live',
      tags: ['onMarket'],
      on: {
        update: { actions: 'revise' },
        expire: 'expired',
        'validity.elapsed': 'expired',
        close: 'closed',
        replace: 'replaced',
      },
      states: {
        live: {
          on: { 'negotiation.opened': { target: 'negotiating', actions: 'countOpened' } },
        },
        negotiating: {
          tags: ['negotiating'],
          on: {
            'negotiation.opened': { actions: 'countOpened' },
            'negotiation.ended': [{ guard: 'lastNegotiation', target: 'live', actions: 'countEnded' }, { actions: 'countEnded' }],
            'deal.confirmed': '#eoi.traded',
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
