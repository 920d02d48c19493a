import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BondInfo } from '../../../shared/contracts/instruments';
import { renderRoute } from '../../app/testing';
import { SecurityPage } from './SecurityPage';

// The grid and the debounced widgets can be slow on a busy 2-core machine.
configure({ asyncUtilTimeout: 5_000 });

const bond: BondInfo = {
  id: 7,
  isin: 'INE123A07017',
  display_name: 'Tata Capital 7.45% 2031',
  identifiers: { ISIN: 'INE123A07017' },
  issuer: { id: 3, name: 'Tata Capital Ltd', sector: 'Finance' },
  security_type: 'NBFC',
  convention: 'IN_CORP',
  day_count: 'ACT/ACT',
  coupon_rate: 0.0745,
  frequency: 1,
  issue_date: '2021-06-15',
  first_coupon_date: null,
  maturity_date: '2031-06-15',
  redemption: 100,
  call_schedule: [],
  put_schedule: [],
  face_value: 100_000,
  is_listed: true,
  is_secured: true,
  is_tax_free: false,
  is_perpetual: false,
  seniority: 'SENIOR',
  ratings: [{ agency: 'CRISIL', rating: 'AAA', outlook: 'Stable', rated_on: '2025-01-10', level: 'INSTRUMENT' }],
  available: true,
  matured: false,
  can_be_priced: true,
  market: null,
};
/** A quote answer for `quantity` at 99.8765, with the amounts a server would compute. */
function quoteFor(quantity: number) {
  const principal = (quantity * 99.8765) / 100;
  return {
    price: {
      unit_clean_price: 99.8765,
      bond_yield: 0.0742,
      settlement_date: '2026-03-04',
      dirty_price: 100.5,
      accrued_interest: 0.6235,
      modified_duration: 4.1,
      macaulay_duration: 4.3,
      convexity: 21,
      priced_to: 'MATURITY',
      priced_to_date: '2031-06-15',
    },
    can_be_priced: true,
    allow_price_modification: true,
    yield_source: 'INPUT',
    consideration: {
      quantity,
      number_of_bonds: quantity / 100_000,
      principal: principal.toFixed(2),
      accrued_interest_amount: '0.00',
      consideration: principal.toFixed(2),
      stamp_duty: '0.00',
      total_payable: principal.toFixed(2),
    },
  };
}
const quoteBodies: { quantity?: number }[] = [];
const premiumWall = () => HttpResponse.json({ code: 'PREMIUM_REQUIRED', message: 'Upgrade to premium plan to start' }, { status: 402 });
const requests: unknown[] = [];

const server = setupServer(
  http.get('*/api/v2/finstrument/info/7', () => HttpResponse.json(bond)),
  http.post('*/api/cashflow/7/', premiumWall),
  http.post('*/api/trades/7/', premiumWall),
  http.get('*/api/credit-rationale/7/', () =>
    HttpResponse.json({
      results: [
        { agency: 'CRISIL', rating: 'AAA', outlook: 'Stable', rated_on: '2025-01-10', level: 'INSTRUMENT', rationale: 'Strong parentage.' },
      ],
    }),
  ),
  http.post('*/api/bonds-by-same-issuer/7/', () =>
    HttpResponse.json({
      results: [
        {
          id: 8,
          isin: 'INE123A07025',
          display_name: 'Tata Capital 7.60% 2034',
          coupon_rate: 0.076,
          maturity_date: '2034-01-10',
          security_type: 'NBFC',
          is_listed: true,
          available: true,
          matured: false,
        },
      ],
      count: 1,
      page: 1,
      page_size: 50,
    }),
  ),
  http.post('*/api/quote/7/', async ({ request }) => {
    const body = (await request.json()) as { quantity?: number };
    quoteBodies.push(body);
    return HttpResponse.json(quoteFor(body.quantity ?? 100_000));
  }),
  http.post('*/api/requests/', async ({ request }) => {
    requests.push(await request.json());
    return HttpResponse.json(
      {
        id: 1,
        request_type: 'CASHFLOW_UPGRADE',
        message: null,
        context: {},
        status: 'OPEN',
        created_at: '2026-03-02T10:00:00Z',
        user: null,
      },
      { status: 201 },
    );
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => {
  server.resetHandlers();
  requests.length = 0;
  quoteBodies.length = 0;
});
afterAll(() => server.close());

describe('SecurityPage', () => {
  it('shows the premium wall in the cashflow panel for a user without security data access, and the other panels', async () => {
    renderRoute(<SecurityPage />, '/security/7', '/security/:id');
    expect(await screen.findByRole('heading', { name: 'Tata Capital 7.45% 2031' })).toBeTruthy();
    const cashflows = screen.getByRole('region', { name: 'Cashflows' });
    expect(await within(cashflows).findByText('Premium')).toBeTruthy();
    expect(within(cashflows).getByText('Upgrade to premium plan to start')).toBeTruthy();
    const trades = screen.getByRole('region', { name: 'Trade history' });
    expect(await within(trades).findByText('Premium')).toBeTruthy();
    expect(await screen.findByText('Strong parentage.')).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Tata Capital 7.60% 2034' })).getAttribute('href')).toBe('/security/8');
    expect(screen.getByText('Clean Price:')).toBeTruthy();

    fireEvent.click(within(cashflows).getByRole('button', { name: 'Request Upgrade' }));
    await waitFor(() => expect(requests).toEqual([{ request_type: 'CASHFLOW_UPGRADE', context: { finstrument_id: 7 } }]));
  });

  it('prices the consideration for the quantity, and again for a new quantity', async () => {
    renderRoute(<SecurityPage />, '/security/7', '/security/:id');
    const calculator = await screen.findByRole('region', { name: 'Price ↔ yield calculator' });
    fireEvent.change(within(calculator).getByLabelText('Yield (%)'), { target: { value: '7.42' } });
    await waitFor(() => expect(within(calculator).getByText('Number of bonds').nextSibling?.textContent).toBe('1'));
    expect(quoteBodies.at(-1)).toMatchObject({ bond_yield: 0.0742, quantity: 100_000 });

    fireEvent.change(within(calculator).getByLabelText('Quantity (face value, ₹)'), { target: { value: '2500000' } });
    await waitFor(() => expect(within(calculator).getByText('Number of bonds').nextSibling?.textContent).toBe('25'));
    expect(quoteBodies.at(-1)).toMatchObject({ bond_yield: 0.0742, quantity: 2_500_000 });
    expect(within(calculator).getByText('Consideration').nextSibling?.textContent).toContain('24,96,912.50');
  });
});
