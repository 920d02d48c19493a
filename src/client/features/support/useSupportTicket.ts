/**
 * The support form's actor (machines/supportTicket.machine.ts) with its real effects: the upload
 * and ticket calls, and the spec 02 §8 toasts. A failure's text is decided here, at the edge.
 */
import { useActorRef } from '@xstate/react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { supportTicketMachine, type TicketAttachment } from '../../../../machines/supportTicket.machine';
import type { CreateTicket } from '../../../shared/contracts/support';
import { SUPPORT_FAILURES, SUPPORT_TOASTS, supportFailure, TOAST_TEXT } from '../../../shared/messages';
import type { SupportType } from '../../../shared/support/ticketTypes';
import { ApiRequestError } from '../../api/http';
import { createSupportTicket, uploadSupportFile } from '../../api/supportApi';
import { inspect } from '../../app/actorInspection';
import { showToast } from '../../ui/toaster';
import { toastMessageFromError } from '../../ui/toastMessage';

export type SupportTicketActor = ActorRefFrom<typeof supportTicketMachine>;

/** A 4xx's own message as is; otherwise the stage's fallback with the reason (spec 02 §8). */
export function failureText(stage: keyof typeof SUPPORT_FAILURES, error: unknown): string {
  const own = toastMessageFromError(error, '');
  if (own) return own;
  const serverMessage = error instanceof ApiRequestError ? (error.data as { message?: unknown } | undefined)?.message : undefined;
  const reason = typeof serverMessage === 'string' ? serverMessage : error instanceof Error ? error.message : TOAST_TEXT.fallback;
  return supportFailure(stage, reason);
}

const failingWith =
  (stage: keyof typeof SUPPORT_FAILURES) =>
  (error: unknown): never => {
    throw new Error(failureText(stage, error));
  };

/** Creates (once) the actor of a support or issue-report form. */
export function useSupportTicket(): SupportTicketActor {
  return useActorRef(
    supportTicketMachine.provide({
      actors: {
        uploadFile: fromPromise<string, TicketAttachment>(({ input }) => uploadSupportFile(input as File).catch(failingWith('upload'))),
        createTicket: fromPromise<{ support_type: SupportType }, CreateTicket>(({ input }) =>
          createSupportTicket(input).catch(failingWith('create')),
        ),
      },
      actions: {
        announceSuccess: (_, supportType) => void showToast({ severity: 'success', summary: SUPPORT_TOASTS[supportType] }),
        announceFailure: (_, message) => void showToast({ severity: 'error', summary: message }),
      },
    }),
    { inspect },
  );
}
