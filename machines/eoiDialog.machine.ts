/**
 * The new-EOI dialog (issue #14): the quote is a draft while the user edits it (eoi.machine's
 * draft); a submit the form's own checks refuse stays a draft; a complete one is posted, and the
 * quote the server accepts is live at once (eoi.machine's submit: draft → live). A refused post
 * is a draft again with the server's messages and everything typed kept. Cancel (or Esc) ends the
 * dialog, except while a post is in flight: its answer must not be lost.
 */
import { assign, setup } from 'xstate';
import type { createEoiSchema, EoiView } from '../src/shared/contracts/trading';
import { notProvided } from './notProvided';

/** The create payload as the dialog sends it: the contract's input (its object, past the cross-field rules). */
export type EoiDraft = (typeof createEoiSchema)['out']['_zod']['input'];

export type EoiDialogEvent =
  /** `draft` is null when the form's own checks found a problem (it shows them). */
  { type: 'draft.submit'; draft: EoiDraft | null } | { type: 'draft.cancel' };

export interface EoiDialogContext {
  /** The payload of the last complete submit. */
  draft: EoiDraft | null;
}

export const eoiDialogMachine = setup({
  types: {} as { context: EoiDialogContext; events: EoiDialogEvent },
  actors: {
    postEoi: notProvided<EoiView, EoiDraft>('postEoi'),
  },
  actions: {
    storeDraft: assign((_, draft: EoiDraft) => ({ draft })),
    announcePosted: (_, _eoi: EoiView) => {},
    showRefusal: (_, _error: unknown) => {},
    close: () => {},
  },
  guards: {
    complete: (_, draft: EoiDraft | null) => draft !== null,
  },
}).createMachine({
  id: 'eoiDialog',
  context: { draft: null },
  initial: 'draft',
  states: {
    draft: {
      on: {
        'draft.submit': {
          guard: { type: 'complete', params: ({ event }) => event.draft },
          target: 'posting',
          actions: { type: 'storeDraft', params: ({ event }) => event.draft! },
        },
        'draft.cancel': { target: 'cancelled', actions: 'close' },
      },
    },
    posting: {
      tags: ['busy'],
      invoke: {
        id: 'postEoi',
        src: 'postEoi',
        input: ({ context }) => context.draft!,
        onDone: { target: 'live', actions: [{ type: 'announcePosted', params: ({ event }) => event.output }, 'close'] },
        onError: { target: 'draft', actions: { type: 'showRefusal', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    live: { type: 'final' },
    cancelled: { type: 'final' },
  },
});
