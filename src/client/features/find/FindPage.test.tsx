import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { useLocation } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CategoriesResponse } from '../../../shared/contracts/finder';
import { FindPage } from './FindPage';
import { renderRoute } from '../../app/testing';
import { finderBond } from './testing';

// The grid and the debounced widgets can be slow on a busy 2-core machine.
configure({ asyncUtilTimeout: 5_000 });

const listBodies: { pagination_params: { cursor?: string | null }; category_values: Record<string, unknown> }[] = [];
const categoryBodies: { category_values: Record<string, unknown> }[] = [];

function categories(ratingSelected: boolean): CategoriesResponse {
  return {
    count: ratingSelected ? 1 : 3,
    categories: [
      {
        category: 'creditRating',
        options: [
          { value: 'AAA', label: 'AAA', count: 2, selected: ratingSelected },
          { value: 'AA', label: 'AA', count: 1, selected: false },
        ],
      },
      { category: 'timeToMaturity', options: [{ value: '3-5Y', label: '3–5 years', count: 3, selected: false }] },
    ],
  };
}

const server = setupServer(
  http.post('*/api/categories/', async ({ request }) => {
    const body = (await request.json()) as (typeof categoryBodies)[number];
    categoryBodies.push(body);
    return HttpResponse.json(categories(Boolean(body.category_values.creditRating)));
  }),
  http.post('*/api/client-finstrument-list/', async ({ request }) => {
    const body = (await request.json()) as (typeof listBodies)[number];
    listBodies.push(body);
    if (body.category_values.creditRating) {
      return HttpResponse.json({
        results: [finderBond(1, 'Tata Capital 7.45% 2031')],
        pagination_response: { next_cursor: null, count: 1 },
      });
    }
    if (body.pagination_params.cursor === 'c2') {
      return HttpResponse.json({ results: [finderBond(3, 'REC 7.10% 2029')], pagination_response: { next_cursor: null, count: 3 } });
    }
    return HttpResponse.json({
      results: [finderBond(1, 'Tata Capital 7.45% 2031'), finderBond(2, 'NHAI 6.90% 2033')],
      pagination_response: { next_cursor: 'c2', count: 3 },
    });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => {
  server.resetHandlers();
  listBodies.length = 0;
  categoryBodies.length = 0;
});
afterAll(() => server.close());

/** The page and, beside it, the URL it is at (what a user would share or reload). */
function FindPageAndUrl() {
  const location = useLocation();
  return (
    <>
      <FindPage />
      <output data-testid="url">{location.pathname + location.search}</output>
    </>
  );
}
const url = () => screen.getByTestId('url').textContent;

describe('FindPage', () => {
  it('shows facets with counts and the first page of bonds, appends the next page, and filters by a facet', async () => {
    renderRoute(<FindPage />, '/find', '/find', { '/security/:id': <p>bond page</p> });
    const ratings = await screen.findByRole('group', { name: 'Credit rating' });
    expect(within(ratings).getByText('AAA')).toBeTruthy();
    expect(within(ratings).getByText('2')).toBeTruthy();
    expect(await screen.findByText('NHAI 6.90% 2033')).toBeTruthy();
    expect(screen.getByTestId('find-total').textContent).toBe('3 bonds · 2 shown');

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('REC 7.10% 2029')).toBeTruthy();
    expect(listBodies.at(-1)?.pagination_params.cursor).toBe('c2');
    expect(screen.getByText('NHAI 6.90% 2033')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    fireEvent.click(within(ratings).getByRole('checkbox', { name: /AAA/ }));
    await waitFor(() => expect(screen.queryByText('NHAI 6.90% 2033')).toBeNull());
    expect(await screen.findByText('Tata Capital 7.45% 2031')).toBeTruthy();
    expect(listBodies.at(-1)?.category_values).toMatchObject({ creditRating: ['AAA'], finstrument_type: 'Bond' });
    expect(categoryBodies.at(-1)?.category_values).toMatchObject({ creditRating: ['AAA'] });

    fireEvent.click(screen.getByText('Tata Capital 7.45% 2031'));
    expect(await screen.findByText('bond page')).toBeTruthy();
  });

  it("says 'No bonds found' when nothing matches, and offers a retry when the list fails", async () => {
    server.use(
      http.post('*/api/client-finstrument-list/', () =>
        HttpResponse.json({ results: [], pagination_response: { next_cursor: null, count: 0 } }),
      ),
    );
    renderRoute(<FindPage />, '/find');
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(screen.getAllByText('No bonds found').length).toBeGreaterThan(0);

    server.use(http.post('*/api/client-finstrument-list/', () => HttpResponse.json({ code: 'INTERNAL', message: 'x' }, { status: 500 })));
    fireEvent.change(screen.getByLabelText('Filter bonds by keyword'), { target: { value: 'hdfc' } });
    expect(await screen.findByText('The bonds could not be loaded')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('keeps the filters in the URL, and a shared URL opens the same search', async () => {
    renderRoute(<FindPageAndUrl />, '/find');
    const ratings = await screen.findByRole('group', { name: 'Credit rating' });
    fireEvent.click(within(ratings).getByRole('checkbox', { name: /AAA/ }));
    fireEvent.change(screen.getByLabelText('Sort'), { target: { value: 'coupon_desc' } });
    fireEvent.change(screen.getByLabelText('Filter bonds by keyword'), { target: { value: 'tata' } });
    await waitFor(() => expect(url()).toBe('/find?q=tata&creditRating=AAA&sort=coupon_desc'));
    await waitFor(() =>
      expect(listBodies.at(-1)?.category_values).toMatchObject({ keyword_string: 'tata', creditRating: ['AAA'], sort: 'coupon_desc' }),
    );
  });

  it('opens a shared URL with its filters applied, dropping values the finder does not know', async () => {
    renderRoute(<FindPageAndUrl />, '/find?q=tata&creditRating=AAA&creditRating=XYZ&sort=sideways');
    expect(await screen.findByText('Tata Capital 7.45% 2031')).toBeTruthy();
    expect(listBodies[0]?.category_values).toEqual({ finstrument_type: 'Bond', keyword_string: 'tata', creditRating: ['AAA'] });
    expect((screen.getByLabelText('Filter bonds by keyword') as HTMLInputElement).value).toBe('tata');
    const ratings = await screen.findByRole('group', { name: 'Credit rating' });
    expect((within(ratings).getByRole('checkbox', { name: /AAA/ }) as HTMLInputElement).checked).toBe(true);
  });
});
