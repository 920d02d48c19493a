import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { expect, vi } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { SupportTicketContext } from '../../../machines/supportTicket.machine';
import { supportTicketModel } from '../../../machines/supportTicket.model';
import { SUPPORT_TOASTS } from '../../../src/shared/messages';
import { SupportDialog } from '../../../src/client/features/support/SupportDialog';
import { describeUiCover, eventually, hold } from './uiCover';

/** The form's network: upload and ticket calls held for the path's done/error events. */
interface Held {
  path: string;
  answer: ReturnType<typeof hold<Response>>;
}
interface View {
  held: Held[];
  file: File | null;
}

const UPLOAD = '/api/ext/public/upload/';
const TICKETS = '/api/support/tickets/';
const CONFIG = { brand_name: 'Kosh', demo: true, version: '1.0.0', support: { dev_mode: true, widget_app_id: null } };

function fakeFetch(view: View) {
  return (url: string): Promise<Response> => {
    const path = new URL(url, window.location.origin).pathname;
    if (path === '/api/app-config/') return Promise.resolve(Response.json(CONFIG));
    const held = hold<Response>();
    view.held.push({ path, answer: held });
    return held.promise;
  };
}

async function answer(view: View, path: string, response: Response) {
  await eventually(() => expect(view.held.map((r) => r.path)).toContain(path));
  const [request] = view.held.splice(
    view.held.findIndex((r) => r.path === path),
    1,
  );
  await act(async () => request!.answer.resolve(response));
}

const ticketView = (fileUrl: string | null) => ({
  id: 1,
  support_type: 'query',
  ticket_type_id: 3,
  form_name: 'Ask a query',
  content: 'x',
  extra_data: {},
  request_type: null,
  file: fileUrl ? { name: 'screen.png', url: fileUrl, size: 68 } : null,
  status: 'open',
  desk_ref: null,
  created_at: '2026-11-20T05:30:00.000Z',
  requester: null,
});

const submitButton = () => screen.getByRole('button', { name: 'Submit' });
const content = () => document.querySelector<HTMLTextAreaElement>('#support-content')!;
const fileInput = () => document.querySelector<HTMLInputElement>('#support-file')!;
const tryAgain = () => screen.queryByRole('button', { name: 'Try again' });
const toasts = () => [...document.querySelectorAll('.bp6-toast')].map((t) => t.textContent ?? '');

/** The form as the model's snapshot says: busy while a call runs, Try again after a failure. */
function showsForm(snapshot: AnyMachineSnapshot, busy: boolean) {
  expect(submitButton().classList.contains('bp6-loading')).toBe(busy);
  expect(tryAgain() !== null).toBe(snapshot.hasTag('failed'));
}

/** Chooses the model's file in the form: keeps the same one, picks a new one or removes it. */
function chooseFile(view: View, event: AnyEventObject, before: AnyMachineSnapshot) {
  const wanted = event.attachment as SupportTicketContext['attachment'];
  if (wanted === null) {
    const remove = screen.queryByRole('button', { name: 'Remove attachment' });
    if (remove) fireEvent.click(remove);
    view.file = null;
    return;
  }
  // The form still holds the file it failed with: the model's "same attachment".
  if (view.file && (before.context as SupportTicketContext).attachment === wanted) return;
  view.file = new File([new Uint8Array(wanted.size)], wanted.name, { type: 'image/png' });
  fireEvent.change(fileInput(), { target: { files: [view.file] } });
}

describeUiCover<View>('supportTicket', supportTicketModel, {
  mount() {
    const view: View = { held: [], file: null };
    vi.stubGlobal('fetch', fakeFetch(view));
    // The dialog stays open so every state stays visible (a created ticket would close it in the header).
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <SupportDialog isOpen onClose={() => undefined} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    return view;
  },
  perform: {
    'ticket.submit': (view, event, before) => {
      chooseFile(view, event, before);
      fireEvent.change(content(), { target: { value: event.draft.content } });
      fireEvent.click(submitButton());
    },
    'ticket.retry': () => fireEvent.click(tryAgain()!),
    // Cancel drops the form; after a created ticket the form has already been cleared.
    'ticket.reset': (view) => {
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      view.file = null;
    },
    'xstate.done.actor.uploadFile': (view, event) => answer(view, UPLOAD, Response.json({ file_url: event.output })),
    'xstate.error.actor.uploadFile': (view, event) =>
      answer(
        view,
        UPLOAD,
        Response.json({ code: 'PAYLOAD_TOO_LARGE', message: event.error.message, fields: { file: event.error.message } }, { status: 413 }),
      ),
    'xstate.done.actor.createTicket': (view, _event, before) => {
      view.file = null;
      return answer(view, TICKETS, Response.json(ticketView((before.context as SupportTicketContext).fileUrl)));
    },
    'xstate.error.actor.createTicket': (view, event) =>
      answer(view, TICKETS, Response.json({ code: 'SUPPORT_DESK_FAILED', message: event.error.message }, { status: 502 })),
  },
  views: {
    idle: (_view, snapshot) => {
      showsForm(snapshot, false);
      expect(content().value).toBe('');
    },
    uploading: (view, snapshot) => {
      showsForm(snapshot, true);
      expect(view.held.map((r) => r.path)).toContain(UPLOAD);
    },
    creating: (view, snapshot) => {
      showsForm(snapshot, true);
      expect(view.held.map((r) => r.path)).toContain(TICKETS);
    },
    // The query's toast, and a cleared form for the next ticket.
    done: (_view, snapshot) => {
      showsForm(snapshot, false);
      expect(toasts()).toContain(SUPPORT_TOASTS.query);
      expect(content().value).toBe('');
      expect(screen.queryByRole('button', { name: 'Remove attachment' })).toBeNull();
    },
    // The failure's own toast text, the form kept as typed.
    failed: (_view, snapshot) => {
      showsForm(snapshot, false);
      expect(toasts()).toContain((snapshot.context as SupportTicketContext).error);
      expect(content().value).not.toBe('');
    },
  },
  unmount() {
    cleanup();
    vi.unstubAllGlobals();
  },
});
