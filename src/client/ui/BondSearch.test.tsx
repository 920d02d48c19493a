import { configure, act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FinderBond } from '../../shared/contracts/finder';
import { BondSearch } from './BondSearch';

// The grid and the debounced widgets can be slow on a busy 2-core machine.
configure({ asyncUtilTimeout: 5_000 });

function bondFixture(id: number, over: Partial<FinderBond['contract_parameters']> = {}, extra: Partial<FinderBond> = {}): FinderBond {
  return {
    id,
    display_name: `Bond ${id}`,
    identifiers: { ISIN: `INE00${id}A07011`.slice(0, 12) },
    available: true,
    contract_parameters: {
      is_listed: true, maturity_date: '2031-06-15', face_value: 100_000, coupon_rate: 0.0745, frequency: 1,
      security_type: 'CORPORATE', is_secured: true, is_tax_free: false, is_perpetual: false, seniority: 'SENIOR', ...over,
    },
    issuer: { id: 1, name: 'Issuer', sector: 'Finance' },
    rating: { agency: 'CRISIL', rating: 'AAA' },
    ...extra,
  };
}

const bodies: unknown[] = [];
const server = setupServer(
  http.post('*/api/client-finstrument-list/', async ({ request }) => {
    bodies.push(await request.json());
    return HttpResponse.json({
      results: [bondFixture(1), bondFixture(2, {}, { available: false }), bondFixture(3, { is_listed: false })],
      pagination_response: { next_cursor: null, count: 3 },
    });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => { server.resetHandlers(); bodies.length = 0; vi.useRealTimers(); });
afterAll(() => server.close());

const input = () => screen.getByPlaceholderText('Search for Bonds by Name, ISIN, Issuer...');
const typeTerm = (text: string) => fireEvent.change(input(), { target: { value: text } });

describe('BondSearch', () => {
  it('asks for more typing below 3 characters and does not search', async () => {
    const search = vi.fn(async () => [bondFixture(1)]);
    render(<BondSearch onSelect={() => undefined} search={search} />);
    fireEvent.focus(input());
    expect(screen.getByText('Start typing to search...')).toBeTruthy();
    typeTerm('hd');
    await new Promise((r) => setTimeout(r, 350));
    expect(search).not.toHaveBeenCalled();
    expect(screen.getByText('Start typing to search...')).toBeTruthy();
  });

  it('debounces typing by 300 ms and searches once', async () => {
    vi.useFakeTimers();
    const search = vi.fn(async () => [bondFixture(1)]);
    render(<BondSearch onSelect={() => undefined} search={search} />);
    fireEvent.focus(input());
    typeTerm('hdf');
    act(() => { vi.advanceTimersByTime(200); });
    typeTerm('hdfc');
    act(() => { vi.advanceTimersByTime(299); });
    expect(search).not.toHaveBeenCalled();
    await act(async () => { vi.advanceTimersByTime(1); });
    expect(search).toHaveBeenCalledOnce();
    expect(search).toHaveBeenCalledWith('hdfc');
  });

  it('searches the finder list by keyword, skips unavailable bonds and labels unlisted or matured ones', async () => {
    const onSelect = vi.fn();
    render(<BondSearch onSelect={onSelect} search={undefined} />);
    fireEvent.focus(input());
    typeTerm('bond');
    const options = await screen.findAllByRole('option');
    expect(bodies[0]).toMatchObject({ category_values: { keyword_string: 'bond', finstrument_type: 'Bond' } });
    expect(options.map((o) => o.textContent)).toEqual([expect.stringContaining('Bond 1'), expect.stringContaining('(UNLISTED)')]);
    expect(options[1]?.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(options[1]!);
    expect(onSelect).not.toHaveBeenCalled();
    fireEvent.click(options[0]!);
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
  });

  it('marks matured bonds and bonds the caller disables as not selectable', async () => {
    const search = async () => [bondFixture(1, { maturity_date: '2001-01-01' }), bondFixture(2), bondFixture(3)];
    render(<BondSearch onSelect={() => undefined} search={search} isDisabled={(b) => b.id === 2} />);
    fireEvent.focus(input());
    typeTerm('bond');
    const options = await screen.findAllByRole('option');
    expect(options[0]?.textContent).toContain('(MATURED)');
    expect(options.map((o) => o.getAttribute('aria-disabled'))).toEqual(['true', 'true', 'false']);
  });

  it('navigates with the keyboard past non-selectable bonds, chooses with Enter, closes with Escape', async () => {
    const onSelect = vi.fn();
    const search = async () => [bondFixture(1), bondFixture(2, { is_listed: false }), bondFixture(3)];
    render(<BondSearch onSelect={onSelect} search={search} />);
    fireEvent.focus(input());
    typeTerm('bond');
    await screen.findAllByRole('option');
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(screen.getAllByRole('option')[2]?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input(), { key: 'ArrowUp' });
    expect(screen.getAllByRole('option')[0]?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input(), { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: 3 }));
  });

  it("says 'No bonds found' for an empty answer and for a failed search", async () => {
    server.use(http.post('*/api/client-finstrument-list/', () => HttpResponse.json({ code: 'INTERNAL', message: 'boom' }, { status: 500 })));
    render(<BondSearch onSelect={() => undefined} />);
    fireEvent.focus(input());
    typeTerm('hdfc');
    expect(await screen.findByText('No bonds found')).toBeTruthy();
    expect(screen.queryAllByRole('option')).toEqual([]);
    expect(document.querySelector('.bp6-toast')).toBeNull();
    server.use(http.post('*/api/client-finstrument-list/', () => HttpResponse.json({ results: [], pagination_response: { next_cursor: null, count: 0 } })));
    typeTerm('hdfc bank');
    await waitFor(() => expect(screen.getByText('No bonds found')).toBeTruthy());
  });
});
