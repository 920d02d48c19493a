/** An accept names the revision seen; a report changed meanwhile is shown again with its new figures before the user accepts those (issue #27). */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInHandlers, sessionFixture } from '../account/testing';
import { FIGURES_CHANGED_TITLE, OrderActions } from './OrderActions';
import { order, renderOnClock } from './testing';

const bodies: unknown[] = [];
const server = setupServer(
  ...signedInHandlers(() => sessionFixture({}, { roles: ['clientdealer', 'user'] })),
  http.put('*/api/procurement-orders/:id/accept-reject/', async ({ request, params }) => {
    const body = (await request.json()) as { revision: number };
    bodies.push(body);
    if (body.revision === 0)
      return HttpResponse.json(
        {
          code: 'FIGURES_CHANGED',
          message: 'The figures changed since you looked. Check the current figures and accept again.',
          fields: {
            revision: '1',
            quantity: '1000000',
            unit_price: '99.5000',
            yield: '0.081000',
            settlement_date: '2026-11-26',
            consideration: '1002345.67',
            brokerage: '0.00',
          },
        },
        { status: 409 },
      );
    return HttpResponse.json(order(Number(params.id), { status: 'accepted', revision: 1 }));
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterAll(() => server.close());

describe('OrderActions accept', { timeout: 30_000 }, () => {
  it('sends the revision seen, and on FIGURES_CHANGED shows the new figures for a second look, accepting those', async () => {
    renderOnClock(
      <OrderActions order={order(5, { actions: ['accept', 'reject'], reported_by_me: false, revision: 0 })} onModify={() => {}} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    const second = await screen.findByRole('alertdialog');
    expect(within(second).getByText(FIGURES_CHANGED_TITLE)).toBeTruthy();
    expect(within(second).getByText('99.5000')).toBeTruthy();
    expect(within(second).getByText('1002345.67')).toBeTruthy();
    fireEvent.click(within(second).getByRole('button', { name: 'Accept at these figures' }));
    await waitFor(() =>
      expect(bodies).toEqual([
        { reported_order_status: 'ACCEPTED', revision: 0 },
        { reported_order_status: 'ACCEPTED', revision: 1 },
      ]),
    );
    expect(await screen.findByText('Trade confirmed')).toBeTruthy();
  });
});
