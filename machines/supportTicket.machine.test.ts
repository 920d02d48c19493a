import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { CreateTicket } from '../src/shared/contracts/support';
import type { SupportType } from '../src/shared/support/ticketTypes';
import { supportTicketMachine, type TicketAttachment } from './supportTicket.machine';

const DRAFT = { form_name: 'Report issue', content: 'The yield looks wrong', ticket_type_id: 1 };
const SCREENSHOT: TicketAttachment = { name: 'screen.png', size: 68 };

/** A desk that fails creation as many times as told, recording every call. */
function start(createFailures = 0) {
  const calls = { uploads: 0, tickets: [] as CreateTicket[] };
  const toasts: string[] = [];
  let failuresLeft = createFailures;
  const actor = createActor(
    supportTicketMachine.provide({
      actors: {
        uploadFile: fromPromise(async () => {
          calls.uploads += 1;
          return `/api/support/files/${'A'.repeat(32)}`;
        }),
        createTicket: fromPromise<{ support_type: SupportType }, CreateTicket>(async ({ input }) => {
          calls.tickets.push(input);
          if (failuresLeft-- > 0) throw new Error('Error creating intercom ticket: the support desk cannot be reached');
          return { support_type: 'issue' };
        }),
      },
      actions: {
        announceSuccess: (_, type) => {
          toasts.push(`success:${type}`);
        },
        announceFailure: (_, message) => {
          toasts.push(`failure:${message}`);
        },
      },
    }),
  ).start();
  return { actor, calls, toasts };
}

describe('supportTicket machine', () => {
  it('uploads the file first, then creates the ticket with its url, then announces success', async () => {
    const { actor, calls, toasts } = start();
    actor.send({ type: 'ticket.submit', draft: DRAFT, attachment: SCREENSHOT });
    expect(actor.getSnapshot().value).toBe('uploading');
    await waitFor(actor, (s) => s.matches('done'));
    expect(calls.uploads).toBe(1);
    expect(calls.tickets).toEqual([{ ...DRAFT, file_url: `/api/support/files/${'A'.repeat(32)}` }]);
    expect(toasts).toEqual(['success:issue']);
  });

  it('creates at once without a file', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'ticket.submit', draft: DRAFT, attachment: null });
    expect(actor.getSnapshot().value).toBe('creating');
    await waitFor(actor, (s) => s.matches('done'));
    expect(calls.uploads).toBe(0);
    expect(calls.tickets).toEqual([DRAFT]);
  });

  it('announces a failed creation and retries it with the file already uploaded', async () => {
    const { actor, calls, toasts } = start(1);
    actor.send({ type: 'ticket.submit', draft: DRAFT, attachment: SCREENSHOT });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(toasts).toEqual(['failure:Error creating intercom ticket: the support desk cannot be reached']);
    actor.send({ type: 'ticket.retry' });
    expect(actor.getSnapshot().value).toBe('creating');
    await waitFor(actor, (s) => s.matches('done'));
    expect(calls.uploads).toBe(1);
    expect(calls.tickets).toHaveLength(2);
    expect(calls.tickets[1]!.file_url).toBe(calls.tickets[0]!.file_url);
  });

  it('uploads again when the re-submitted form carries another file', async () => {
    const { actor, calls } = start(1);
    actor.send({ type: 'ticket.submit', draft: DRAFT, attachment: SCREENSHOT });
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'ticket.submit', draft: DRAFT, attachment: { name: 'other.png', size: 10 } });
    await waitFor(actor, (s) => s.matches('done'));
    expect(calls.uploads).toBe(2);
  });
});
