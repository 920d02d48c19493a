/**
 * The cluster machine's test model and its oracle, written from spec 01 §4 (cluster update, close,
 * accept) and DOMAIN.md (an accepted deal goes to the exchange's RFQ platform, which confirms or
 * rejects it): turns alternate, nobody accepts their own quote, a dealt cluster cannot be closed.
 */
import { expect } from 'vitest';
import { clusterMachine } from './cluster.machine';
import { defineModel } from './testing/machineModel';
import { from } from './testing/oracle';

const NEGOTIATING = ['negotiating.withOwner', 'negotiating.withResponder'] as const;
const endsNegotiation = (target: string) => Object.fromEntries(NEGOTIATING.map((state) => [state, target]));

export const clusterModel = defineModel({
  machine: clusterMachine,
  inputs: [undefined],
  events: [
    { type: 'counter.byOwner' },
    { type: 'counter.byResponder' },
    { type: 'accept.byOwner' },
    { type: 'accept.byResponder' },
    { type: 'close' },
    { type: 'validity.elapsed' },
    { type: 'exchange.submitted' },
    { type: 'exchange.confirmed' },
    { type: 'exchange.rejected' },
  ],
  // A response opens the cluster with the responder's quote, so the owner acts first.
  initial: (snapshot) => expect(snapshot.value).toEqual({ negotiating: 'withOwner' }),
  states: {
    'negotiating.withOwner': { tags: ['negotiating', 'ownerToAct'] },
    'negotiating.withResponder': { tags: ['negotiating', 'responderToAct'] },
    // Dealt, and waiting for the exchange's answer.
    accepted: { tags: ['dealt', 'dealPending'] },
    onExchange: { tags: ['dealt', 'dealPending'] },
    confirmed: { tags: ['dealt'] },
    rejected: { tags: [] },
    closed: { tags: [] },
    expired: { tags: [] },
  },
  steps: {
    'counter.byOwner': from({ 'negotiating.withOwner': 'negotiating.withResponder' }),
    'counter.byResponder': from({ 'negotiating.withResponder': 'negotiating.withOwner' }),
    'accept.byOwner': from({ 'negotiating.withOwner': 'accepted' }),
    'accept.byResponder': from({ 'negotiating.withResponder': 'accepted' }),
    close: from(endsNegotiation('closed')),
    'validity.elapsed': from(endsNegotiation('expired')),
    'exchange.submitted': from({ accepted: 'onExchange' }),
    'exchange.confirmed': from({ onExchange: 'confirmed' }),
    'exchange.rejected': from({ onExchange: 'rejected' }),
  },
});
