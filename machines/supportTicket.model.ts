/**
 * The supportTicket machine's test model and its oracle, written from spec 02 §4 (support form:
 * upload first, then create the ticket, then a toast) and issue #15 (a retry keeps the uploaded file).
 */
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { supportTicketMachine, type SupportTicketContext, type TicketAttachment, type TicketDraft } from './supportTicket.machine';
import { defineModel, type Step } from './testing/machineModel';
import { from } from './testing/oracle';
import { pending } from './testing/pending';

const DRAFT: TicketDraft = { form_name: 'Ask a query', content: 'How is accrued interest computed?', ticket_type_id: 3 };
const SCREENSHOT: TicketAttachment = { name: 'screen.png', size: 68 };
const FILE_URL = '/api/support/files/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
const UPLOAD_FAILED = 'The file is larger than 5 MB.';
const CREATE_FAILED = 'Error creating intercom ticket: the support desk cannot be reached';

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as SupportTicketContext;
const EMPTY = { draft: null, attachment: null, fileUrl: null, error: null };

/** Where a submission (or retry) starts: the upload, unless no file or it is already uploaded. */
const startOf = (c: SupportTicketContext) => (c.attachment !== null && c.fileUrl === null ? 'uploading' : 'creating');

function submitted({ before, event, after, actions }: Step): string {
  const keepsUpload = event.attachment !== null && event.attachment === ctx(before).attachment;
  const expected = { draft: event.draft, attachment: event.attachment, fileUrl: keepsUpload ? ctx(before).fileUrl : null, error: null };
  expect(ctx(after)).toEqual(expected);
  expect(actions, 'actions besides assigns').toEqual([]);
  return startOf(expected);
}

export const supportTicketModel = defineModel({
  machine: supportTicketMachine.provide({ actors: { uploadFile: pending(), createTicket: pending() } }),
  inputs: [undefined],
  events: [
    { type: 'ticket.submit', draft: DRAFT, attachment: SCREENSHOT },
    { type: 'ticket.submit', draft: DRAFT, attachment: null },
    { type: 'ticket.retry' },
    { type: 'ticket.reset' },
    { type: 'xstate.done.actor.uploadFile', output: FILE_URL },
    { type: 'xstate.error.actor.uploadFile', error: new Error(UPLOAD_FAILED) },
    { type: 'xstate.done.actor.createTicket', output: { support_type: 'query' } },
    { type: 'xstate.error.actor.createTicket', error: new Error(CREATE_FAILED) },
  ],
  initial: (snapshot) => {
    expect(snapshot.value).toBe('idle');
    expect(snapshot.context).toEqual(EMPTY);
  },
  states: {
    idle: { tags: [], holds: (s) => expect(s.context).toEqual(EMPTY) },
    // Uploading only ever happens for a file not yet uploaded.
    uploading: { tags: ['busy'], holds: (s) => expect(ctx(s).attachment !== null && ctx(s).fileUrl === null).toBe(true) },
    // The ticket is created with the file's url whenever a file is attached.
    creating: { tags: ['busy'], holds: (s) => expect(ctx(s).attachment === null || ctx(s).fileUrl !== null).toBe(true) },
    // A created ticket owns its file: nothing of it is carried into the next one.
    done: { tags: ['done'], holds: (s) => expect(s.context).toEqual(EMPTY) },
    failed: { tags: ['failed'], holds: (s) => expect(ctx(s).error).not.toBeNull() },
  },
  equivalentMutants: {
    'supportTicket.uploading uploadFile.onDone: creating → submitting': 'with the file uploaded, submitting passes straight on to creating',
  },
  steps: {
    // A submission is taken whenever nothing is in flight.
    'ticket.submit': from({ idle: (step) => submitted(step), done: (step) => submitted(step), failed: (step) => submitted(step) }),
    'ticket.retry': from({
      failed: ({ before }) => [
        startOf(ctx(before)),
        ({ after, actions }) => {
          expect(ctx(after)).toEqual({ ...ctx(before), error: null });
          expect(actions).toEqual([]);
        },
      ],
    }),
    'ticket.reset': from({
      done: 'idle',
      failed: 'idle',
    }),
    'xstate.done.actor.uploadFile': from({
      uploading: ['creating', ({ before, after }) => expect(ctx(after)).toEqual({ ...ctx(before), fileUrl: FILE_URL })],
    }),
    'xstate.error.actor.uploadFile': from({
      uploading: [
        'failed',
        ({ before, after, actions }) => {
          expect(ctx(after)).toEqual({ ...ctx(before), error: UPLOAD_FAILED });
          expect(actions).toEqual(['announceFailure']);
        },
      ],
    }),
    'xstate.done.actor.createTicket': from({
      creating: [
        'done',
        ({ after, actions }) => {
          expect(after.context).toEqual(EMPTY);
          expect(actions).toEqual(['announceSuccess']);
        },
      ],
    }),
    // A failed creation keeps the uploaded file for the retry.
    'xstate.error.actor.createTicket': from({
      creating: [
        'failed',
        ({ before, after, actions }) => {
          expect(ctx(after)).toEqual({ ...ctx(before), error: CREATE_FAILED });
          expect(actions).toEqual(['announceFailure']);
        },
      ],
    }),
  },
});
