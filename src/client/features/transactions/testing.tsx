/** Test helpers of the transactions page: orders as the API answers them, and a page rendered on a clock the test holds. */
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { onTestFinished } from 'vitest';
import { manualClock } from '../../../shared/clock';
import type { OrderDetail, OrderListResponse, OrderView } from '../../../shared/contracts/orders';
import { createSystem, SystemProvider } from '../../app/system';

export function order(id: number, over: Partial<OrderView> = {}): OrderView {
  const buyer = { client_id: 2, name: 'Arihant Capital Markets Ltd' };
  const seller = { client_id: 3, name: 'Vasuki Wealth Partners LLP' };
  return {
    id,
    kind: 'PROCUREMENT',
    status: 'reported',
    reported_order_status: 'PENDING',
    source: 'REPORTED',
    deal_id: null,
    finstrument_id: 501,
    isin: 'INE0501A07018',
    bond_name: 'Tata Capital 7.45% 2031',
    buyer,
    seller,
    counterparty: seller,
    reported_by_me: true,
    broker: null,
    quantity: 10_000_000,
    unit_price: '99.1250',
    yield: '0.082500',
    trade_date: '2026-11-25',
    trade_time: '11:45',
    settlement_date: '2026-11-26',
    principal: '9912500.00',
    accrued_interest: '123456.78',
    consideration: '10035956.78',
    stamp_duty: '10.04',
    brokerage: '0.00',
    exchange: 'NSE',
    clearing_corporation: 'NSCCL',
    late_reported: false,
    funds_paid_in: false,
    securities_paid_in: false,
    cancel_requested_by_me: false,
    cancel_requested_by_counterparty: false,
    reason: null,
    revision: 0,
    actions: [],
    created_at: '2026-11-25T06:20:00.000Z',
    updated_at: '2026-11-25T06:20:00.000Z',
    ...over,
  };
}

export const listOf = (results: OrderView[], count = results.length, page = 1, page_size = 20): OrderListResponse => ({
  count,
  page,
  page_size,
  results,
});

export const detailOf = (o: OrderView): OrderDetail => ({
  ...o,
  timeline: [{ event_id: 11, type: 'order.reported', label: `Reported by ${o.buyer.name}`, at: o.created_at, actor: 'Sanjay Kulkarni' }],
});

/** 12:00 IST on 25 Nov 2026. */
export const NOON_IST = '2026-11-25T06:30:00.000Z';

/** Renders `page` in a fresh system whose clock stands at `at` (disposed when the test ends). */
export function renderOnClock(page: ReactNode, at = NOON_IST) {
  const system = createSystem(() => undefined, manualClock(at));
  onTestFinished(() => system.dispose());
  const view = render(
    <QueryClientProvider client={system.queryClient}>
      <SystemProvider system={system}>
        <MemoryRouter>{page}</MemoryRouter>
      </SystemProvider>
    </QueryClientProvider>,
  );
  return { ...view, system };
}
