/**
 * The eoiDialog machine's test model and its oracle, written from issue #14 (new-EOI dialog: Enter
 * submits, Esc cancels, nothing lost on failure; a new EOI is live at once) and spec 01 §3 (EOI
 * create payload).
 */
import { expect } from 'vitest';
import type { EoiView } from '../src/shared/contracts/trading';
import { eoiDialogMachine, type EoiDialogContext, type EoiDraft } from './eoiDialog.machine';
import { defineModel } from './testing/machineModel';
import { from } from './testing/oracle';
import { pending } from './testing/pending';

export const EOI_DRAFT: EoiDraft = {
  finstrument_id: 42,
  quantum: 1_000_000,
  quote_type: 'BID',
  yield_stored: 0.0825,
  settlement_delta: 1,
  exchange: 'NSE',
  rfq_mode: 'OTM',
  anonymous: false,
  send_to_rfq: false,
};
export const POSTED = { id: 501, quote_type: 'BID', bond_name: 'Tata Capital 7.45% 2031', exchange: 'NSE' } as EoiView;
export const REFUSAL = new Error('Quantum must be a multiple of the face value');

const draftOf = (s: { context: unknown }) => (s.context as EoiDialogContext).draft;

export const eoiDialogModel = defineModel({
  machine: eoiDialogMachine.provide({ actors: { postEoi: pending() } }),
  inputs: [undefined],
  events: [
    { type: 'draft.submit', draft: EOI_DRAFT },
    { type: 'draft.submit', draft: null },
    { type: 'draft.cancel' },
    { type: 'xstate.done.actor.postEoi', output: POSTED },
    { type: 'xstate.error.actor.postEoi', error: REFUSAL },
  ],
  initial: (snapshot) => {
    expect(snapshot.value).toBe('draft');
    expect(draftOf(snapshot)).toBeNull();
  },
  states: {
    draft: { tags: [] },
    posting: { tags: ['busy'], holds: (s) => expect(draftOf(s)).not.toBeNull() },
    live: { tags: [] },
    cancelled: { tags: [] },
  },
  steps: {
    // Only a complete draft is posted; an incomplete one stays a draft (the form shows why).
    'draft.submit': from({
      draft: ({ event }) =>
        event.draft === null
          ? [
              'draft',
              ({ before, after, actions }) => {
                expect(after.context).toEqual(before.context);
                expect(actions).toEqual([]);
              },
            ]
          : [
              'posting',
              ({ after, actions }) => {
                expect(draftOf(after)).toEqual(event.draft);
                expect(actions).toEqual([]);
              },
            ],
    }),
    // Cancel ends the dialog, but never drops a post in flight.
    'draft.cancel': from({ draft: ['cancelled', ({ actions }) => expect(actions).toEqual(['close'])] }),
    'xstate.done.actor.postEoi': from({ posting: ['live', ({ actions }) => expect(actions).toEqual(['announcePosted', 'close'])] }),
    // A refused post is a draft again with everything kept.
    'xstate.error.actor.postEoi': from({
      posting: [
        'draft',
        ({ before, after, actions }) => {
          expect(after.context).toEqual(before.context);
          expect(actions).toEqual(['showRefusal']);
        },
      ],
    }),
  },
});
