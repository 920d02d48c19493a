/**
 * The report-trade dialog against a fake server of the orders contract: spec 01 §5 trade-time
 * messages before anything is sent, one POST per submit with an Idempotency-Key that a retry of
 * the same submission sends again, and the server's field messages under the fields.
 */
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ORDER_MESSAGES } from '../../../shared/contracts/orders';
import { REPORT_MESSAGES } from './reportTradeForm';
import { VALIDATION_MESSAGES } from '../../../shared/validation';
import { finderBond } from '../find/testing';
import { ReportTradeDialog } from './ReportTradeDialog';
import { order, renderOnClock } from './testing';

// The searches wait out their 300 ms pause on a busy 2-core machine.
configure({ asyncUtilTimeout: 5_000 });

interface Posted {
  path: string;
  key: string | null;
  body: unknown;
}
let posted: Posted[] = [];
let answers: (() => Response)[] = [];
const vasuki = {
  user_id: null,
  client_id: 3,
  nsccl_code: 'N0003',
  iccl_code: null,
  user_name: null,
  brand_name: 'Vasuki Wealth Partners LLP',
  name: 'Vasuki Wealth Partners LLP',
  group: 'Company',
};
const server = setupServer(
  http.get('*/api/trade/counterparties/', () => HttpResponse.json({ results: [vasuki] })),
  http.post('*/api/client-finstrument-list/', () =>
    HttpResponse.json({ results: [finderBond(501, 'Tata Capital 7.45% 2031')], pagination_response: { next_cursor: null, count: 1 } }),
  ),
  http.post('*/api/quote/:id/', () =>
    HttpResponse.json({
      price: {
        unit_clean_price: 99.125,
        bond_yield: 0.0825,
        settlement_date: '2026-11-26',
        dirty_price: 100.4,
        accrued_interest: 1.23,
        modified_duration: 4.1,
        macaulay_duration: 4.3,
        convexity: 21,
        priced_to: 'MATURITY',
        priced_to_date: '2031-06-15',
      },
      can_be_priced: true,
      allow_price_modification: true,
      yield_source: 'INPUT',
    }),
  ),
  ...['orders', 'procurement-orders'].map((family) =>
    http.post(`*/api/${family}/`, async ({ request }) => {
      posted.push({ path: new URL(request.url).pathname, key: request.headers.get('Idempotency-Key'), body: await request.json() });
      return (answers.shift() ?? (() => HttpResponse.json(order(77), { status: 201 })))();
    }),
  ),
  http.put('*/api/orders/:id/modify/', async ({ request, params }) => {
    posted.push({ path: `PUT ${new URL(request.url).pathname}`, key: request.headers.get('Idempotency-Key'), body: await request.json() });
    return HttpResponse.json(order(Number(params.id), { kind: 'SALE', revision: 1 }));
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => {
  server.resetHandlers();
  posted = [];
  answers = [];
});
afterAll(() => server.close());

const dialog = () => screen.getByRole('dialog');
const field = (label: string | RegExp) => within(dialog()).getByLabelText(label) as HTMLInputElement;
const typeInto = (input: HTMLElement, text: string) => fireEvent.change(input, { target: { value: text } });
const submit = () => fireEvent.click(within(dialog()).getByRole('button', { name: 'Report trade' }));
const helperOf = (input: HTMLElement) => input.closest('.bp6-form-group')?.querySelector('.bp6-form-helper-text')?.textContent;

async function fillTrade() {
  // Each search is named by its own field's label (the form has two).
  const counterparty = within(dialog()).getByRole('combobox', { name: 'Counterparty' });
  expect(within(dialog()).getByRole('combobox', { name: 'Broker (optional)' })).not.toBe(counterparty);
  act(() => counterparty.focus());
  typeInto(counterparty, 'Vasuki');
  fireEvent.click(await screen.findByText('Vasuki Wealth Partners LLP', { selector: '.kosh-counterparty-search__option > div' }));
  const bond = within(dialog()).getByRole('combobox', { name: 'Search bonds' });
  act(() => bond.focus());
  typeInto(bond, 'Tata');
  fireEvent.click(await screen.findByText('Tata Capital 7.45% 2031'));
  const yieldInput = await waitFor(() => dialog().querySelector('.kosh-pricing-input__field input') as HTMLInputElement);
  typeInto(yieldInput, '8.25');
  typeInto(field(/Quantity/), '10000000');
  typeInto(field(/Trade time/), '11:45');
}

describe('ReportTradeDialog', { timeout: 30_000 }, () => {
  it('starts at now in IST and refuses a missing, malformed or future trade time with the spec messages, sending nothing', async () => {
    renderOnClock(<ReportTradeDialog onClose={() => undefined} />);
    expect(field(/Trade time/).value).toBe('12:00');
    expect(field('Trade date').value).toBe('2026-11-25');

    typeInto(field(/Trade time/), '');
    submit();
    await waitFor(() => expect(helperOf(field(/Trade time/))).toBe(VALIDATION_MESSAGES.required));
    expect(within(dialog()).getByText(ORDER_MESSAGES.counterpartyRequired)).toBeTruthy();

    typeInto(field(/Trade time/), '9.30');
    submit();
    await waitFor(() => expect(helperOf(field(/Trade time/))).toBe('Please enter valid time in HH:MM 24-hour format'));

    typeInto(field(/Trade time/), '12:01');
    submit();
    await waitFor(() => expect(helperOf(field(/Trade time/))).toBe('Trade time cannot be later than the current time.'));
    // An earlier day's trade may have any time of that day.
    typeInto(field('Trade date'), '2026-11-24');
    typeInto(field(/Trade time/), '16:30');
    submit();
    await waitFor(() => expect(helperOf(field(/Trade time/))).not.toBe('Trade time cannot be later than the current time.'));
    expect(posted).toEqual([]);
  });

  it('sends one POST per submit with an Idempotency-Key, and the same key again when the first try got no answer', async () => {
    const onClose = vi.fn();
    renderOnClock(<ReportTradeDialog onClose={onClose} />);
    await fillTrade();
    answers.push(() => HttpResponse.error());
    submit();
    await waitFor(() => expect(posted).toHaveLength(1));
    // The failure leaves the form as it was, with its message; nothing closes.
    expect(await within(dialog()).findByRole('alert')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(posted[0]!.key).toMatch(/^[0-9a-f-]{36}$/);

    submit();
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(posted).toHaveLength(2);
    expect(posted[1]!.key).toBe(posted[0]!.key);
    // A buy is reported under procurement-orders; the yield typed in percent goes as a fraction.
    expect(posted[1]).toMatchObject({
      path: '/api/procurement-orders/',
      body: {
        counterparty_client_id: 3,
        finstrument_id: 501,
        quantity: 10_000_000,
        yield_stored: 0.0825,
        trade_time: '11:45',
        trade_date: '2026-11-25',
        settlement_delta: 1,
        exchange: 'NSE',
      },
    });
    expect(posted[1]!.body).not.toHaveProperty('unit_price_stored');
  });

  it("shows the server's field message under its field; the changed report is a new submission with a new key", async () => {
    renderOnClock(<ReportTradeDialog onClose={() => undefined} />);
    fireEvent.click(within(dialog()).getByRole('radio', { name: /Sell/ }));
    await fillTrade();
    answers.push(() =>
      HttpResponse.json(
        { code: 'VALIDATION', message: 'Invalid report', fields: { quantity: 'Quantity must be a multiple of 1,00,000' } },
        { status: 400 },
      ),
    );
    submit();
    await waitFor(() => expect(helperOf(field(/Quantity/))).toBe('Quantity must be a multiple of 1,00,000'));
    expect(posted[0]!.path).toBe('/api/orders/');

    typeInto(field(/Quantity/), '10100000');
    submit();
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]!.key).not.toBe(posted[0]!.key);
    expect(posted[1]!.body).toMatchObject({ quantity: 10_100_000 });
  });

  it('modifies a sale with only the fields that changed, under PUT api/orders/{id}/modify/', async () => {
    const onClose = vi.fn();
    renderOnClock(<ReportTradeDialog order={order(9, { kind: 'SALE', reported_by_me: true, actions: ['modify'] })} onClose={onClose} />);
    expect(within(dialog()).getByText('Vasuki Wealth Partners LLP')).toBeTruthy();
    expect(field(/Quantity/).value).toBe('10000000');
    expect(field(/Trade time/).value).toBe('11:45');
    const save = () => fireEvent.click(within(dialog()).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.getByTestId('clean-price').textContent).toBe('99.1250'));
    save();
    expect(await within(dialog()).findByText(REPORT_MESSAGES.nothingChanged)).toBeTruthy();
    expect(posted).toEqual([]);

    typeInto(field(/Quantity/), '20000000');
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(posted).toEqual([{ path: 'PUT /api/orders/9/modify/', key: null, body: { quantity: 20_000_000 } }]);
  });
});
