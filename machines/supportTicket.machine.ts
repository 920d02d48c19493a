/**
 * The support form's submission (spec 02 §4 support form, §8 support toasts): the attached file is
 * uploaded first, then the ticket is created with its url; success and failure are announced (the
 * composition root shows the toasts). A retry, or a corrected re-submit with the same file, keeps
 * the file already uploaded; a created ticket clears the form. The form sends `ticket.submit`,
 * `ticket.retry` and `ticket.reset`.
 */
import { assign, setup } from 'xstate';
import type { CreateTicket } from '../src/shared/contracts/support';
import type { SupportType } from '../src/shared/support/ticketTypes';
import { notProvided } from './notProvided';

/** The ticket as the form filled it; the file url is added once the attachment is uploaded. */
export type TicketDraft = Omit<CreateTicket, 'file_url'>;

/** The attached file (a browser File), as far as the chart needs to know it. */
export interface TicketAttachment {
  name: string;
  size: number;
}

export type SupportTicketEvent =
  { type: 'ticket.submit'; draft: TicketDraft; attachment: TicketAttachment | null } | { type: 'ticket.retry' } | { type: 'ticket.reset' };

export interface SupportTicketContext {
  draft: TicketDraft | null;
  attachment: TicketAttachment | null;
  /** The uploaded attachment's url: kept across a retry so the file is not uploaded twice. */
  fileUrl: string | null;
  /** The failure toast's text: the server's message, or the stage's fallback with the reason. */
  error: string | null;
}

const EMPTY: SupportTicketContext = { draft: null, attachment: null, fileUrl: null, error: null };

export const supportTicketMachine = setup({
  types: {} as { context: SupportTicketContext; events: SupportTicketEvent },
  actors: {
    uploadFile: notProvided<string, TicketAttachment>('uploadFile'),
    createTicket: notProvided<{ support_type: SupportType }, CreateTicket>('createTicket'),
  },
  actions: {
    storeSubmission: assign(({ context }, params: { draft: TicketDraft; attachment: TicketAttachment | null }) => ({
      draft: params.draft,
      attachment: params.attachment,
      fileUrl: params.attachment !== null && params.attachment === context.attachment ? context.fileUrl : null,
      error: null,
    })),
    storeFileUrl: assign((_, fileUrl: string) => ({ fileUrl })),
    storeError: assign((_, message: string) => ({ error: message })),
    clearError: assign({ error: null }),
    clearForm: assign(() => EMPTY),
    announceSuccess: (_, _supportType: SupportType) => {},
    announceFailure: (_, _message: string) => {},
  },
  guards: {
    needsUpload: ({ context }) => context.attachment !== null && context.fileUrl === null,
  },
}).createMachine({
  id: 'supportTicket',
  context: EMPTY,
  initial: 'idle',
  on: {
    'ticket.submit': { target: '.submitting', actions: { type: 'storeSubmission', params: ({ event }) => event } },
  },
  states: {
    idle: {},
    // Decides where a submission starts: the upload, unless there is none left to do.
    submitting: {
      always: [{ guard: 'needsUpload', target: 'uploading' }, { target: 'creating' }],
    },
    uploading: {
      tags: ['busy'],
      on: { 'ticket.submit': {} },
      invoke: {
        id: 'uploadFile',
        src: 'uploadFile',
        input: ({ context }) => context.attachment!,
        onDone: { target: 'creating', actions: { type: 'storeFileUrl', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'storeError', params: ({ event }) => errorText(event.error) } },
      },
    },
    creating: {
      tags: ['busy'],
      on: { 'ticket.submit': {} },
      invoke: {
        id: 'createTicket',
        src: 'createTicket',
        input: ({ context }) => ({ ...context.draft!, ...(context.fileUrl && { file_url: context.fileUrl }) }),
        // The created ticket owns the file now: the next ticket starts from an empty form.
        onDone: { target: 'done', actions: [{ type: 'announceSuccess', params: ({ event }) => event.output.support_type }, 'clearForm'] },
        onError: { target: 'failed', actions: { type: 'storeError', params: ({ event }) => errorText(event.error) } },
      },
    },
    done: {
      tags: ['done'],
      on: { 'ticket.reset': { target: 'idle', actions: 'clearForm' } },
    },
    failed: {
      tags: ['failed'],
      entry: { type: 'announceFailure', params: ({ context }) => context.error ?? '' },
      on: {
        'ticket.retry': { target: 'submitting', actions: 'clearError' },
        'ticket.reset': { target: 'idle', actions: 'clearForm' },
      },
    },
  },
});

/** The effects throw errors whose message is already the toast's text. */
function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
