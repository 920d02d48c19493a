/**
 * One reported trade (an order) from its report to its settlement through the clearing corporation
 * (spec 01 §4 Orders: accept-reject, cancel, settle-or-cancel, modify; DOMAIN.md: OTC trades are
 * reported within 15 minutes and settle DvP-I — both legs paid in by the pay-in cut-off, then the
 * pay-out). The reporter may change or withdraw the report until the counterparty answers; an
 * accepted trade becomes obligations on its settlement date and settles once funds and securities
 * are both in, or fails when a leg is missing at the cut-off. Before that, the two parties may
 * agree to cancel it. Pure: the server applies it with `transition` and keeps the settlement
 * calendar and legs on its durable job clock, so the chart has no timers.
 */
import { setup } from 'xstate';

export type OrderEvent =
  | { type: 'modify' }
  | { type: 'accept' }
  | { type: 'reject' }
  | { type: 'cancel' }
  | { type: 'cancel.agreed' }
  | { type: 'obligations.due' }
  | { type: 'payout' }
  | { type: 'cutoff.missed' };

export const orderMachine = setup({
  types: {} as { events: OrderEvent },
}).createMachine({
  id: 'order',
  initial: 'reported',
  states: {
    // Waiting for the counterparty to accept or reject; the reporter may change or withdraw it.
    reported: {
      tags: ['open', 'counterpartyToAct', 'reporterMayChange'],
      on: { modify: 'reported', accept: 'accepted', reject: 'rejected', cancel: 'cancelled' },
    },
    // Both sides agree on the trade; obligations fall due on the settlement date.
    accepted: {
      tags: ['open', 'legsOpen'],
      on: { 'obligations.due': 'due', 'cancel.agreed': 'cancelled' },
    },
    // The settlement date: legs are paid in to the clearing corporation until the cut-off.
    due: {
      tags: ['open', 'legsOpen'],
      on: { payout: 'settled', 'cutoff.missed': 'failed' },
    },
    settled: { type: 'final' },
    failed: { type: 'final' },
    rejected: { type: 'final' },
    cancelled: { type: 'final' },
  },
});
