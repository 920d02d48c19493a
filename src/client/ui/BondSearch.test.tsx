import { act, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FinderBond } from '../../shared/contracts/finder';
import { renderRoute } from '../app/testing';
import { BondSearch, type BondSearchProps } from './BondSearch';

// The grid and the debounced widgets can be slow on a busy 2-core machine.
configure({ asyncUtilTimeout: 5_000 });

function bondFixture(id: number, over: Partial<FinderBond['contract_parameters']> = {}, extra: Partial<FinderBond> = {}): FinderBond {
  return {
    id,
    display_name: `Bond ${id}`,
    identifiers: { ISIN: `INE00${id}A07011`.slice(0, 12) },
    available: true,
    contract_parameters: {
      is_listed: true,
      maturity_date: '2031-06-15',
      face_value: 100_000,
      coupon_rate: 0.0745,
      frequency: 1,
      security_type: 'CORPORATE',
      is_secured: true,
      is_tax_free: false,
      is_perpetual: false,
      seniority: 'SENIOR',
      ...over,
    },
    issuer: { id: 1, name: 'Issuer', sector: 'Finance' },
    rating: { agency: 'CRISIL', rating: 'AAA' },
    ...extra,
  };
}

const answer = (results: FinderBond[]) => HttpResponse.json({ results, pagination_response: { next_cursor: null, count: results.length } });
const bodies: { category_values: Record<string, unknown> }[] = [];
const server = setupServer(
  http.post('*/api/client-finstrument-list/', async ({ request }) => {
    bodies.push((await request.json()) as (typeof bodies)[number]);
    return answer([bondFixture(1), bondFixture(2, {}, { available: false }), bondFixture(3, { is_listed: false })]);
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => {
  server.resetHandlers();
  bodies.length = 0;
  vi.useRealTimers();
});
afterAll(() => server.close());

const input = () => screen.getByPlaceholderText('Search for Bonds by Name, ISIN, Issuer...') as HTMLInputElement;
const typeTerm = (text: string) => fireEvent.change(input(), { target: { value: text } });
// Each bond is a list option holding its menu item (the notes are options without one).
const options = () =>
  screen
    .queryAllByRole('option')
    .map((o) => o.querySelector<HTMLElement>('.kosh-bond-search__option'))
    .filter((o) => o !== null);
const isDisabled = (option: HTMLElement) => option.classList.contains('bp6-disabled');
const open = (props: Partial<BondSearchProps> = {}) => {
  renderRoute(<BondSearch onSelect={() => undefined} {...props} />, '/');
  // The dropdown stays open only while the field really has the focus, as in a browser.
  act(() => input().focus());
};

describe('BondSearch', () => {
  it('asks for more typing below 3 characters and does not search', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    open();
    expect(screen.getByText('Start typing to search...')).toBeTruthy();
    typeTerm('hd');
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(bodies).toEqual([]);
    expect(screen.getByText('Start typing to search...')).toBeTruthy();
  });

  it('debounces typing by 300 ms and searches once, for the settled keyword', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    open();
    typeTerm('hdf');
    await act(() => vi.advanceTimersByTimeAsync(200));
    typeTerm('hdfc');
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(bodies).toEqual([]);
    expect(screen.getByText('Searching…')).toBeTruthy();
    // The answer arrives on the same (fake) clock as the debounce.
    for (let i = 0; i < 20 && options().length === 0; i += 1) await act(() => vi.advanceTimersByTimeAsync(1));
    expect(options().length).toBe(2);
    expect(bodies.map((b) => b.category_values.keyword_string)).toEqual(['hdfc']);
  });

  it('searches the finder list by keyword, skips unavailable bonds and labels unlisted or matured ones', async () => {
    const onSelect = vi.fn();
    open({ onSelect });
    typeTerm('bond');
    await waitFor(() => expect(options().length).toBe(2));
    expect(bodies[0]).toMatchObject({ category_values: { keyword_string: 'bond', finstrument_type: 'Bond' } });
    expect(options().map((o) => o.textContent)).toEqual([expect.stringContaining('Bond 1'), expect.stringContaining('(UNLISTED)')]);
    expect(isDisabled(options()[1]!)).toBe(true);
    fireEvent.click(options()[1]!);
    expect(onSelect).not.toHaveBeenCalled();
    fireEvent.click(options()[0]!);
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
    expect(input().value).toBe('Bond 1');
  });

  it('marks matured bonds and bonds the caller disables as not selectable', async () => {
    server.use(
      http.post('*/api/client-finstrument-list/', () =>
        answer([bondFixture(1, { maturity_date: '2001-01-01' }), bondFixture(2), bondFixture(3)]),
      ),
    );
    open({ isDisabled: (b) => b.id === 2 });
    typeTerm('bond');
    await waitFor(() => expect(options().length).toBe(3));
    expect(options()[0]?.textContent).toContain('(MATURED)');
    expect(options().map(isDisabled)).toEqual([true, true, false]);
  });

  it('navigates with the keyboard past non-selectable bonds, chooses with Enter, closes with Escape', async () => {
    server.use(
      http.post('*/api/client-finstrument-list/', () => answer([bondFixture(1), bondFixture(2, { is_listed: false }), bondFixture(3)])),
    );
    const onSelect = vi.fn();
    open({ onSelect, keepSelection: false });
    typeTerm('bond');
    await waitFor(() => expect(options().length).toBe(3));
    const active = () => options().findIndex((o) => o.classList.contains('bp6-active'));
    expect(active()).toBe(0);
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(active()).toBe(2);
    fireEvent.keyDown(input(), { key: 'ArrowUp' });
    expect(active()).toBe(0);
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'Enter' });
    fireEvent.keyUp(input(), { key: 'Enter' });
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: 3 }));
    expect(input().value).toBe('');
  });

  it("says 'No bonds found' for an empty answer and for a failed search, without a toast", async () => {
    server.use(
      http.post('*/api/client-finstrument-list/', () => HttpResponse.json({ code: 'INTERNAL', message: 'boom' }, { status: 500 })),
    );
    open();
    typeTerm('hdfc');
    expect(await screen.findByText('No bonds found')).toBeTruthy();
    expect(options()).toEqual([]);
    expect(document.querySelector('.bp6-toast')).toBeNull();
    server.use(http.post('*/api/client-finstrument-list/', () => answer([])));
    typeTerm('hdfc bank');
    await waitFor(() => expect(screen.getByText('No bonds found')).toBeTruthy());
  });
});
