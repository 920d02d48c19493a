/**
 * The order machine's test model and its oracle, written from spec 01 §4 (Orders: accept-reject,
 * cancel, settle-or-cancel, modify) and DOMAIN.md (DvP-I settlement: pay-out only after both legs
 * are in; a leg missing at the pay-in cut-off fails the trade): the reporter changes or withdraws
 * a report only before the counterparty answers, and nothing leaves a final state.
 */
import { expect } from 'vitest';
import { orderMachine } from './order.machine';
import { defineModel } from './testing/machineModel';
import { from } from './testing/oracle';

export const orderModel = defineModel({
  machine: orderMachine,
  inputs: [undefined],
  events: [
    { type: 'modify' },
    { type: 'accept' },
    { type: 'reject' },
    { type: 'cancel' },
    { type: 'cancel.agreed' },
    { type: 'obligations.due' },
    { type: 'payout' },
    { type: 'cutoff.missed' },
  ],
  // A report waits for the counterparty.
  initial: (snapshot) => expect(snapshot.value).toBe('reported'),
  states: {
    reported: { tags: ['open', 'counterpartyToAct', 'reporterMayChange'] },
    accepted: { tags: ['open', 'legsOpen'] },
    due: { tags: ['open', 'legsOpen'] },
    settled: { tags: [] },
    failed: { tags: [] },
    rejected: { tags: [] },
    cancelled: { tags: [] },
  },
  steps: {
    modify: from({ reported: 'reported' }),
    accept: from({ reported: 'accepted' }),
    reject: from({ reported: 'rejected' }),
    cancel: from({ reported: 'cancelled' }),
    'cancel.agreed': from({ accepted: 'cancelled' }),
    'obligations.due': from({ accepted: 'due' }),
    payout: from({ due: 'settled' }),
    'cutoff.missed': from({ due: 'failed' }),
  },
});
