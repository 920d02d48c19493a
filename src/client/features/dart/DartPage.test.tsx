import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SECTION_EMPTY_STATES } from '../../../shared/messages';
import { TRADING_MESSAGES, type EoiPage } from '../../../shared/contracts/trading';
import { renderRoute } from '../../app/testing';
import { sessionKey } from '../../app/sessionQueries';
import { sessionFixture } from '../account/testing';
import { DartDashboard } from './DartPage';
import { DartDialogHost, useDartDialogs } from './dialogs/DartDialogHost';
import { BEST_TAG } from './dartColumns';
import { OVERRIDE_NOTE } from './priceOverrides';
import { formatInr } from '../security/format';
import { cluster, eoi, page } from './testing';

// The grids render on a busy 2-core machine.
configure({ asyncUtilTimeout: 5_000 });

let market: EoiPage = page([]);
let marketFetches = 0;
const server = setupServer(
  http.get('*/api/app-config/', () =>
    HttpResponse.json({ brand_name: 'Kosh Markets', demo: true, version: 't', support: { dev_mode: true, widget_app_id: null } }),
  ),
  http.get('*/api/trade/timings', () => HttpResponse.json({ code: 'INTERNAL', message: 'x' }, { status: 500 })),
  http.get('*/api/trade/d/market/', () => {
    marketFetches += 1;
    return HttpResponse.json(market);
  }),
  http.get('*/api/eoi/private-run/', () => HttpResponse.json(page([]))),
  http.get('*/api/eoi/rfq-quote/', () =>
    HttpResponse.json({ code: 'NOT_FOUND', message: 'Route GET:/api/eoi/rfq-quote/ not found' }, { status: 404 }),
  ),
  http.get('*/api/trade/eoi/', () => HttpResponse.json({ results: [eoi(9, { is_mine: true, quote_type: 'ASK' })] })),
  http.get('*/api/trade/cluster/', () => HttpResponse.json({ results: [cluster(4)] })),
  http.get('*/api/quote/depth/', () => HttpResponse.json({ code: 'PAYMENT_REQUIRED', message: 'Premium' }, { status: 402 })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => {
  server.resetHandlers();
  market = page([]);
  marketFetches = 0;
  localStorage.clear();
});
afterAll(() => server.close());

/** Shows which dialog the page asked for, as the dialog host holds it. */
function DialogProbe() {
  const { current } = useDartDialogs();
  return (
    <output data-testid="dialog">{current ? JSON.stringify(current.kind === 'newEoi' ? current : { kind: current.kind }) : ''}</output>
  );
}

function renderDart() {
  return renderRoute(
    <DartDialogHost>
      <DartDashboard />
      <DialogProbe />
    </DartDialogHost>,
    '/dart',
  );
}

const panelSection = (title: string) => document.querySelector(`section[aria-label="${title}"]`) as HTMLElement;
const rowOf = (title: string, id: number) => panelSection(title).querySelector(`.ag-row[row-id="${id}"]`);

describe('DartPage', { timeout: 30_000 }, () => {
  it('shows every panel with the spec empty states, the brand in Public runs, and a panel that failed with a retry', async () => {
    renderDart();
    for (const title of ['Public runs', 'Private runs', 'RFQ quotes', 'My quotes', 'Negotiations', 'Depth', 'Build Network']) {
      expect(panelSection(title)).toBeTruthy();
    }
    expect(await within(panelSection('Public runs')).findByText('Kosh Markets quotes published in the market')).toBeTruthy();
    expect(await within(panelSection('Private runs')).findByText(SECTION_EMPTY_STATES.privateRuns)).toBeTruthy();
    expect(await within(panelSection('RFQ quotes')).findByText('RFQ quotes could not be loaded')).toBeTruthy();
    expect(within(panelSection('RFQ quotes')).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(await within(panelSection('Negotiations')).findByText('Trishul Securities')).toBeTruthy();
    expect(await within(panelSection('Build Network')).findByText('Trishul Securities')).toBeTruthy();
  });

  it('has no Chat panel for a view-only user (a viewer cannot chat); others keep it', async () => {
    const viewer = renderDart();
    viewer.system.queryClient.setQueryData(sessionKey, sessionFixture({}, { roles: ['clientviewer'] }));
    await waitFor(() => expect(panelSection('Chat')).toBeNull());
    expect(panelSection('Build Network')).toBeTruthy();
    viewer.unmount();
    const dealer = renderDart();
    dealer.system.queryClient.setQueryData(sessionKey, sessionFixture({}, { roles: ['clientdealer', 'user'] }));
    expect(panelSection('Chat')).toBeTruthy();
  });

  it('shows the restriction text the server sends instead of a run', async () => {
    market = page([], TRADING_MESSAGES.noTradeAccess);
    renderDart();
    expect(await within(panelSection('Public runs')).findByText(TRADING_MESSAGES.noTradeAccess)).toBeTruthy();
  });

  it('takes live rows as grid transactions: a quote leaving the market goes, an unknown one is fetched', async () => {
    market = page([eoi(1), eoi(2)]);
    const { system } = renderDart();
    await waitFor(() => expect(rowOf('Public runs', 2)).toBeTruthy());
    const fetchesBefore = marketFetches;

    system.liveMessages.publish({ type: 'updates', topic: 'eois', rows: [{ id: '2', status: 'expired', revision: 0 }] });
    await waitFor(() => expect(rowOf('Public runs', 2)).toBeNull());
    expect(rowOf('Public runs', 1)).toBeTruthy();
    expect(marketFetches).toBe(fetchesBefore);

    // Two changes to one row in the same batch: the second merges onto the first.
    system.liveMessages.publish({ type: 'updates', topic: 'eois', rows: [{ id: '1', unit_price_stored: 101.5 }] });
    system.liveMessages.publish({ type: 'updates', topic: 'eois', rows: [{ id: '1', yield_stored: 0.0799 }] });
    const row1 = () => rowOf('Public runs', 1) as HTMLElement;
    await waitFor(() => expect(row1().querySelector('[col-id="yield_stored"]')?.textContent).toBe('7.9900%'));
    expect(row1().querySelector('[col-id="unit_price_stored"]')?.textContent).toBe('101.5000');
    expect(marketFetches).toBe(fetchesBefore);

    // The server lists newest first: the fetched new quote goes on top of the grid, not below the fold.
    market = page([eoi(3, { bond_name: 'NHAI 6.90% 2033' }), eoi(1)]);
    system.liveMessages.publish({ type: 'updates', topic: 'eois', rows: [{ id: '3', status: 'live', revision: 0 }] });
    expect(await within(panelSection('Public runs')).findByText('NHAI 6.90% 2033')).toBeTruthy();
    expect(marketFetches).toBe(fetchesBefore + 1);
    expect((rowOf('Public runs', 3) as HTMLElement).getAttribute('row-index')).toBe('0');

    // A partial refresh of the market topic refetches the public runs.
    market = page([eoi(1), eoi(3, { bond_name: 'NHAI 6.90% 2033' }), eoi(4, { bond_name: 'REC 7.10% 2029' })]);
    system.liveMessages.publish({ type: 'partial_refresh', topic: 'eois', ids: ['4'] });
    expect(await within(panelSection('Public runs')).findByText('REC 7.10% 2029')).toBeTruthy();
  });

  it('marks a quote whose price a price-override user set, live: the new price comes with its row, the consideration with the price override message', async () => {
    market = page([eoi(1), eoi(2)]);
    const { system } = renderDart();
    await waitFor(() => expect(rowOf('Public runs', 1)).toBeTruthy());
    const priceOf = (id: number) => (rowOf('Public runs', id) as HTMLElement).querySelector('[col-id="unit_price_stored"]')!;
    expect(priceOf(1).querySelector('.kosh-dart__overridden')).toBeNull();

    // The override's event: the quote's newer row (fetched again), then the override message with its amount.
    market = page([eoi(1, { unit_price_stored: 97.5, price_overridden: true, revision: 1 }), eoi(2)]);
    system.liveMessages.publish({ type: 'updates', topic: 'eois', rows: [{ id: '1', status: 'live', revision: 1 }], event_id: 30 });
    system.liveMessages.publish({ type: 'price_override', eoi_id: '1', consideration: '985432.10', event_id: 30 });
    await waitFor(() =>
      expect(priceOf(1).querySelector('.kosh-dart__overridden')?.getAttribute('title')).toBe(
        `${OVERRIDE_NOTE}; consideration ${formatInr('985432.10')}`,
      ),
    );
    expect(priceOf(1).textContent).toBe('97.5000');
    expect(priceOf(2).querySelector('.kosh-dart__overridden')).toBeNull();
  });

  it("flags the sender's best price in the quote grids, and sorts the best quotes together", async () => {
    market = page([eoi(1), eoi(2, { is_best: true }), eoi(3)]);
    renderDart();
    await waitFor(() => expect(rowOf('Public runs', 2)).toBeTruthy());
    const bestOf = (id: number) => (rowOf('Public runs', id) as HTMLElement).querySelector('[col-id="is_best"]')!;
    expect(bestOf(2).textContent).toBe(BEST_TAG);
    expect(bestOf(2).classList.contains('kosh-dart__best')).toBe(true);
    expect(bestOf(1).textContent).toBe('');
    expect(bestOf(1).classList.contains('kosh-dart__best')).toBe(false);

    const header = panelSection('Public runs').querySelector('.ag-header-cell[col-id="is_best"] .ag-header-cell-label') as HTMLElement;
    const indexOf = (id: number) => (rowOf('Public runs', id) as HTMLElement).getAttribute('row-index');
    fireEvent.click(header);
    await waitFor(() => expect(indexOf(2)).toBe('2'));
    fireEvent.click(header);
    await waitFor(() => expect(indexOf(2)).toBe('0'));
  });

  it('selects the bond of a focused row (Alt+1 jumps into a panel): actions follow the machine and ownership, B and S open a bid or offer on it (not while a dialog is open)', async () => {
    market = page([eoi(1)]);
    renderDart();
    const publicRuns = panelSection('Public runs');
    await within(publicRuns).findByText(eoi(1).bond_name);
    expect(screen.getByTestId('selected-bond').textContent).toBe('No bond selected');
    // Alt+1 moves the keyboard into the first panel's grid: its first row is focused and its bond selected.
    fireEvent.keyDown(document.body, { key: '1', altKey: true });
    await waitFor(() => expect(screen.getByTestId('selected-bond').textContent).toContain(eoi(1).isin));
    expect((within(publicRuns).getByRole('button', { name: 'Respond' }) as HTMLButtonElement).disabled).toBe(false);
    expect((within(publicRuns).getByRole('button', { name: 'Expire' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.keyDown(document.body, { key: 'b' });
    expect(JSON.parse(screen.getByTestId('dialog').textContent!)).toEqual({ kind: 'newEoi', side: 'BID', bondId: eoi(1).finstrument_id });
    fireEvent.keyDown(document.body, { key: 's' });
    expect(JSON.parse(screen.getByTestId('dialog').textContent!)).toMatchObject({ side: 'BID' });
    // The dialog owns Esc and Cancel (it refuses to close while its post is in flight).
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('dialog').textContent).toBe('');
    fireEvent.keyDown(document.body, { key: 's' });
    expect(JSON.parse(screen.getByTestId('dialog').textContent!)).toMatchObject({ side: 'ASK' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    fireEvent.click(within(publicRuns).getByRole('button', { name: 'Respond' }));
    expect(JSON.parse(screen.getByTestId('dialog').textContent!)).toEqual({ kind: 'respond' });
  });

  it('lets the owner expire their own quote, and walls depth off for a basic client', async () => {
    renderDart();
    const mine = panelSection('My quotes');
    fireEvent.click(await within(mine).findByText(eoi(9).bond_name));
    await waitFor(() => expect((within(mine).getByRole('button', { name: 'Expire' }) as HTMLButtonElement).disabled).toBe(false));
    expect((within(mine).getByRole('button', { name: 'Respond' }) as HTMLButtonElement).disabled).toBe(true);
    expect(await within(panelSection('Depth')).findByRole('button', { name: 'Request Upgrade' })).toBeTruthy();
  });

  it('shows the RFQ quote book, and the depth of the selected bond by level for a premium client, fetched again when its quotes change', async () => {
    let bidQuantum = 3_000_000;
    server.use(
      http.get('*/api/eoi/rfq-quote/', () => HttpResponse.json(page([eoi(21, { bond_name: 'REC 7.10% 2029', send_to_rfq: true })]))),
      http.get('*/api/quote/depth/', ({ request }) =>
        HttpResponse.json({
          finstrument_id: Number(new URL(request.url).searchParams.get('finstrument_id')),
          isin: eoi(21).isin,
          bond_name: 'REC 7.10% 2029',
          bids: [{ unit_price: 99.5, yield: 0.0811, quantum: bidQuantum, quotes: 3 }],
          asks: [{ unit_price: 100.25, yield: 0.0795, quantum: 1_000_000, quotes: 1 }],
          restriction: null,
        }),
      ),
    );
    const { system } = renderDart();
    const rfq = panelSection('RFQ quotes');
    fireEvent.click(await within(rfq).findByText('REC 7.10% 2029'));
    const depth = panelSection('Depth');
    expect(await within(depth).findByText('30,00,000')).toBeTruthy();
    expect(within(depth).getByText('100.2500')).toBeTruthy();
    expect(within(depth).getByText('3')).toBeTruthy();

    bidQuantum = 4_000_000;
    system.liveMessages.publish({
      type: 'updates',
      topic: 'eois',
      rows: [{ id: '77', finstrument_id: eoi(22).finstrument_id, status: 'live' }],
    });
    system.liveMessages.publish({
      type: 'updates',
      topic: 'eois',
      rows: [{ id: '78', finstrument_id: eoi(21).finstrument_id, status: 'live' }],
    });
    expect(await within(depth).findByText('40,00,000')).toBeTruthy();
  });
});
