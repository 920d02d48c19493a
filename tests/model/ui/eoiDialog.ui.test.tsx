import { act, fireEvent, screen } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { EOI_DRAFT, eoiDialogModel, REFUSAL } from '../../../machines/eoiDialog.model';
import type { EoiView } from '../../../src/shared/contracts/trading';
import { renderRoute } from '../../../src/client/app/testing';
import { sessionFixture } from '../../../src/client/features/account/testing';
import { EoiDialog } from '../../../src/client/features/dart/dialogs/EoiDialog';
import { describeUiCover, eventually, hold } from './uiCover';

/** The dialog's network: the session restores at once; the create call is held for the path's done/error. */
interface View {
  posts: { body: Record<string, unknown>; answer: ReturnType<typeof hold<Response>> }[];
  closed: boolean;
}

const POSTED: EoiView = {
  id: 501,
  finstrument_id: 42,
  isin: 'INE0042A07018',
  bond_name: 'Tata Capital 7.45% 2031',
  issuer_name: 'Tata Capital Ltd',
  quote_type: 'BID',
  quantum: 1_000_000,
  unit_price_stored: 99.1234,
  yield_stored: 0.0825,
  fixed_field: 'yield',
  settlement_date: '2026-11-23',
  settlement_delta: 1,
  validity: null,
  expires_at: '2026-11-20T11:30:00.000Z',
  status: 'live',
  rfq_mode: 'OTM',
  anonymous: false,
  exchange: 'NSE',
  send_to_rfq: false,
  source: 'WEBSITE',
  client: { id: 1, name: 'Arihant' },
  oto_client: null,
  end_client_id: null,
  is_mine: true,
  open_negotiations: 0,
  deal_pending: false,
  revision: 0,
  created_at: '2026-11-20T05:30:00.000Z',
  updated_at: '2026-11-20T05:30:00.000Z',
  price_overridden: false,
  exchange_quote_id: null,
  clearing_corporation: 'NSCCL',
  yield_type: 'YTM',
  is_best: false,
  mandate_expires_at: null,
  whatsapp_consent: false,
  state: null,
  origin_trade: null,
  user_account_id: null,
};
const DEALER = sessionFixture({}, { roles: ['clientdealer', 'user'], email: 'clientdealer@arihant.demo' });

function fakeFetch(view: View) {
  return async (url: string, init: RequestInit = {}): Promise<Response> => {
    const path = new URL(url, window.location.origin).pathname;
    if (path === '/api/token/refresh/')
      return Response.json({ access: 'access-token', refresh: 'refresh-token', refresh_expires_in: 86_400 });
    if (path === '/api/session/') return Response.json(DEALER);
    if (path === '/api/trade/eoi/') {
      const answer = hold<Response>();
      view.posts.push({ body: JSON.parse(String(init.body)) as Record<string, unknown>, answer });
      return answer.promise;
    }
    // The bond's detail and price lookups are not this chart's concern.
    return Response.json({ code: 'NOT_FOUND', message: 'Not Found' }, { status: 404 });
  };
}

const dialog = () => screen.queryByRole('dialog');
const postButton = () => screen.getByRole('button', { name: 'Post bid' });
const quantum = () => screen.getByLabelText(/Quantum/) as HTMLInputElement;
const yieldField = () => document.querySelector('.kosh-pricing-input__field input') as HTMLInputElement;
const helperOf = (input: HTMLElement) => input.closest('.bp6-form-group')?.querySelector('.bp6-form-helper-text')?.textContent;
const toasts = () => [...document.querySelectorAll('.bp6-toast')].map((t) => t.textContent ?? '');

async function answer(view: View, response: Response) {
  await eventually(() => expect(view.posts).toHaveLength(1));
  const [post] = view.posts.splice(0, 1);
  await act(async () => post!.answer.resolve(response));
}

describeUiCover<View>('eoiDialog', eoiDialogModel, {
  async mount() {
    const view: View = { posts: [], closed: false };
    vi.stubGlobal('fetch', fakeFetch(view));
    renderRoute(
      <EoiDialog
        side="BID"
        bondId={42}
        onClose={() => {
          view.closed = true;
        }}
      />,
      '/',
    );
    // The session (and so the client's RFQ platforms) has arrived.
    await eventually(() => expect((screen.getByLabelText('RFQ platform') as HTMLSelectElement).value).toBe('NSE'));
    return view;
  },
  unmount: () => vi.unstubAllGlobals(),
  perform: {
    // A complete draft: the quantum and yield of EOI_DRAFT typed; an incomplete one: no quantum.
    'draft.submit': (_view, event) => {
      fireEvent.change(quantum(), { target: { value: event.draft ? String(EOI_DRAFT.quantum) : '' } });
      fireEvent.change(yieldField(), { target: { value: '8.25' } });
      fireEvent.click(postButton());
    },
    'draft.cancel': () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })),
    'xstate.done.actor.postEoi': (view) => answer(view, Response.json(POSTED, { status: 201 })),
    'xstate.error.actor.postEoi': (view) =>
      answer(
        view,
        Response.json({ code: 'VALIDATION_FAILED', message: REFUSAL.message, fields: { quantum: REFUSAL.message } }, { status: 400 }),
      ),
  },
  views: {
    // Editable; after a refused submit or post, its message shows and what was typed is kept.
    draft: (view, snapshot) => {
      expect(dialog()).not.toBeNull();
      expect(view.closed).toBe(false);
      expect(postButton().classList.contains('bp6-loading')).toBe(false);
      if (snapshot.context.draft !== null) {
        expect(quantum().value).toBe(String(EOI_DRAFT.quantum));
        expect(helperOf(quantum())).toBe(REFUSAL.message);
      }
    },
    // The create call carries the typed draft.
    posting: (view) => {
      expect(postButton().classList.contains('bp6-loading')).toBe(true);
      // Nothing can drop the post in flight: Cancel waits for its answer.
      expect(screen.getByRole('button', { name: 'Cancel' }).hasAttribute('disabled')).toBe(true);
      expect(view.posts[0]?.body).toMatchObject({
        finstrument_id: 42,
        quantum: EOI_DRAFT.quantum,
        yield_stored: EOI_DRAFT.yield_stored,
        quote_type: 'BID',
        exchange: 'NSE',
      });
    },
    live: (view) => {
      expect(view.closed).toBe(true);
      expect(toasts().some((t) => t.includes('Bid posted'))).toBe(true);
    },
    cancelled: (view) => {
      expect(view.closed).toBe(true);
      expect(view.posts).toEqual([]);
    },
  },
});
