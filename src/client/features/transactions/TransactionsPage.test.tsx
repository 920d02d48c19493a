/**
 * The transactions page against a fake server of the orders contract: rows as the list answers
 * them, filters and paging in the query, the empty and failed states, the drawer's actions exactly
 * as the server lists them (none for a view-only user), and live refreshes.
 */
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OrderListResponse } from '../../../shared/contracts/orders';
import { sessionFixture, signedInHandlers } from '../account/testing';
import { OpenOrdersBadge } from './OpenOrdersBadge';
import { detailOf, listOf, order, renderOnClock } from './testing';
import { TransactionsPage } from './TransactionsPage';

// The grid renders on a busy 2-core machine.
configure({ asyncUtilTimeout: 5_000 });

let list: () => OrderListResponse | Response = () => listOf([]);
let queries: URLSearchParams[] = [];
let writes: { method: string; path: string; body: unknown }[] = [];
const dealer = sessionFixture({ allowed_reporting_exchanges: ['NSE', 'BSE'] }, { roles: ['clientdealer', 'user'] });
const server = setupServer(
  ...signedInHandlers(() => dealer),
  http.get('*/api/orders/unified/', ({ request }) => {
    queries.push(new URL(request.url).searchParams);
    const answer = list();
    return answer instanceof Response ? answer : HttpResponse.json(answer);
  }),
  http.get('*/api/procurement-orders/:id/', ({ params }) =>
    HttpResponse.json(detailOf(order(Number(params.id), { actions: ['accept', 'reject'], reported_by_me: false }))),
  ),
  http.get('*/api/orders/:id/', ({ params }) => HttpResponse.json(detailOf(order(Number(params.id), { kind: 'SALE' })))),
  http.put('*/api/procurement-orders/:id/accept-reject/', async ({ request, params }) => {
    const body = await request.json();
    writes.push({ method: 'PUT', path: new URL(request.url).pathname, body });
    return HttpResponse.json(order(Number(params.id), { status: 'rejected' }));
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => {
  server.resetHandlers();
  list = () => listOf([]);
  queries = [];
  writes = [];
});
afterAll(() => server.close());

const lastQuery = () => Object.fromEntries(queries.at(-1) ?? []);
const grid = () => screen.getByTestId('orders-grid');
const rowOf = (id: number) => grid().querySelector<HTMLElement>(`.ag-row[row-id="${id}"]`);
const cell = (id: number, column: string) => rowOf(id)?.querySelector(`[col-id="${column}"]`)?.textContent;

describe('TransactionsPage', { timeout: 30_000 }, () => {
  it('lists the open orders the server answers: side, bond, counterparty, quantity in Indian grouping, a readable status', async () => {
    list = () =>
      listOf([
        order(1),
        order(2, { kind: 'SALE', status: 'settled', counterparty: { client_id: 4, name: 'Trishul Securities' }, late_reported: true }),
      ]);
    renderOnClock(<TransactionsPage />);
    await waitFor(() => expect(rowOf(2)).toBeTruthy());
    expect(lastQuery()).toEqual({ state: 'open', page: '1', page_size: '20', paginate: 'true' });
    expect(cell(1, 'side')).toBe('Buy');
    expect(cell(1, 'bond')).toBe('Tata Capital 7.45% 2031 · INE0501A07018');
    expect(cell(1, 'quantity')).toBe('1,00,00,000');
    expect(cell(1, 'yield')).toBe('8.2500%');
    expect(cell(1, 'status')).toBe('Awaiting confirmation');
    expect(cell(2, 'side')).toBe('Sell');
    expect(cell(2, 'counterparty')).toBe('Trishul Securities');
    expect(cell(2, 'status')).toBe('Settled');
    expect(cell(2, 'late')).toBe('Late');
    expect(screen.getByTestId('orders-range').textContent).toBe('1–2 of 2');
  });

  it('puts the state, trade dates, page size and page into the query, each filter back on page 1', async () => {
    list = () => listOf([order(1)], 45);
    renderOnClock(<TransactionsPage />);
    await waitFor(() => expect(rowOf(1)).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ page: '2' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'State' }), { target: { value: 'all' } });
    await waitFor(() => expect(lastQuery()).toMatchObject({ state: 'all', page: '1' }));
    fireEvent.change(screen.getByLabelText('Traded from'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('Traded to'), { target: { value: '2026-11-25' } });
    await waitFor(() => expect(lastQuery()).toMatchObject({ from: '2026-11-01', to: '2026-11-25' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Rows per page' }), { target: { value: '50' } });
    await waitFor(() =>
      expect(lastQuery()).toEqual({ state: 'all', page: '1', page_size: '50', paginate: 'true', from: '2026-11-01', to: '2026-11-25' }),
    );
  });

  it('says "No open orders" with Report trade for a dealer, and offers a retry when the list fails', async () => {
    list = () => HttpResponse.json({ code: 'INTERNAL', message: 'Something went wrong' }, { status: 500 });
    renderOnClock(<TransactionsPage />);
    expect(await screen.findByText('The orders could not be loaded')).toBeTruthy();
    list = () => listOf([]);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No open orders')).toBeTruthy();
    // Signed in (the session restores) as a dealer: the empty state offers to report a trade, which opens the dialog.
    const report = await waitFor(() => {
      const buttons = screen.getAllByRole('button', { name: 'Report trade' });
      expect(buttons.length).toBeGreaterThan(0);
      return buttons.at(-1)!;
    });
    fireEvent.click(report);
    expect(await screen.findByRole('dialog', { name: 'Report trade' })).toBeTruthy();
  });

  it('shows exactly the actions the server lists: Accept and Reject for the counterparty, reject asks for confirmation and sends the reason', async () => {
    list = () => listOf([order(5, { reported_by_me: false }), order(6, { kind: 'SALE', actions: [] })]);
    renderOnClock(<TransactionsPage />);
    await waitFor(() => expect(rowOf(6)).toBeTruthy());

    // A view of the order with no actions (e.g. a viewer's): no buttons at all.
    fireEvent.click(rowOf(6)!.querySelector('[col-id="bond"]')!);
    const drawer = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.kosh-order-drawer');
      expect(found).toBeTruthy();
      return found!;
    });
    expect(within(drawer).getByText('Sell · Tata Capital 7.45% 2031')).toBeTruthy();
    expect(await within(drawer).findByText('Reported by Arihant Capital Markets Ltd')).toBeTruthy();
    expect(within(drawer).queryByRole('group', { name: 'Order actions' })).toBeNull();
    expect(within(drawer).getByRole('button', { name: 'Contract note' })).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Close' }));

    fireEvent.click(rowOf(5)!.querySelector('[col-id="bond"]')!);
    const actions = await screen.findByRole('group', { name: 'Order actions' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Accept', 'Reject']);
    fireEvent.click(within(actions).getByRole('button', { name: 'Reject' }));
    const confirm = await screen.findByRole('alertdialog');
    fireEvent.change(within(confirm).getByLabelText('Reason (optional)'), { target: { value: 'Wrong price' } });
    expect(writes).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Reject trade' }));
    await waitFor(() =>
      expect(writes).toEqual([
        {
          method: 'PUT',
          path: '/api/procurement-orders/5/accept-reject/',
          body: { reported_order_status: 'REJECTED', reason: 'Wrong price' },
        },
      ]),
    );
    expect(await screen.findByText('Trade rejected')).toBeTruthy();
  });

  it('refetches on a live partial refresh of orders, and the header badge takes the pushed open-orders count', async () => {
    list = () => listOf([order(1)]);
    const { system } = renderOnClock(
      <>
        <OpenOrdersBadge />
        <TransactionsPage />
      </>,
    );
    await waitFor(() => expect(cell(1, 'status')).toBe('Awaiting confirmation'));
    // The badge starts from the list's open count once the session says the user may see transactions.
    expect((await screen.findByTestId('open-orders-count')).textContent).toBe('1');

    list = () => listOf([order(1, { status: 'accepted', reported_order_status: 'ACCEPTED' })]);
    system.liveMessages.publish({ type: 'partial_refresh', topic: 'orders', ids: ['1'] });
    await waitFor(() => expect(cell(1, 'status')).toBe('Confirmed'));
    system.liveMessages.publish({ type: 'partial_refresh', topic: 'eois', ids: ['1'] });
    system.liveMessages.publish({ type: 'open_orders_count', count: 4 });
    await waitFor(() => expect(screen.getByTestId('open-orders-count').textContent).toBe('4'));
  });
});
