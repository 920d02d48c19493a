/**
 * The counterparty search against the real server (tests/clientServer): the 300 ms debounce on the
 * test's clock, the Member and Company groups, the empty texts by mode, and a failed search.
 */
import { FormGroup } from '@blueprintjs/core';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEALER_A, startTradingServer, type TradingServer } from '../../../tests/clientServer/tradingServerClient';
import { renderSignedIn } from '../features/dart/dialogs/testing';
import { CounterpartySearch, type CounterpartyMode } from './CounterpartySearch';

configure({ asyncUtilTimeout: 10_000 });

let server: TradingServer;
beforeAll(async () => {
  server = await startTradingServer();
}, 120_000);
afterAll(async () => {
  await server.stop();
});
afterEach(() => {
  vi.useRealTimers();
});

const input = () => screen.getByRole('combobox', { name: 'Search counterparties' });
const typeTerm = (text: string) => fireEvent.change(input(), { target: { value: text } });
const searches = () => server.requests.filter((r) => r.startsWith('/api/trade/counterparties/'));
const onSelect = vi.fn();

async function open(mode: CounterpartyMode) {
  await renderSignedIn(DEALER_A, <CounterpartySearch mode={mode} onSelect={onSelect} />);
  act(() => input().focus());
}

describe('CounterpartySearch', { timeout: 60_000 }, () => {
  it('waits 300 ms after typing stops, from 3 characters, and searches once for the settled text', async () => {
    await open('sellers');
    const before = searches().length;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    typeTerm('va');
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(searches()).toHaveLength(before);
    expect(screen.getByText('Start typing to search...')).toBeTruthy();

    typeTerm('vas');
    await act(() => vi.advanceTimersByTimeAsync(200));
    typeTerm('vasuki');
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(searches()).toHaveLength(before);
    expect(screen.getByText('Searching…')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1));
    vi.useRealTimers();
    const menu = await screen.findByRole('listbox', { name: 'Counterparties' });
    expect(await within(menu).findAllByText('Vasuki Wealth Partners LLP')).not.toHaveLength(0);
    expect(searches().slice(before)).toEqual(['/api/trade/counterparties/?search=vasuki&scope=counterparties']);
  });

  it('groups dealers as Member and firms as Company, and hands the chosen one over', async () => {
    await open('buyers');
    typeTerm('Aditya');
    const menu = await screen.findByRole('listbox', { name: 'Counterparties' });
    expect(await within(menu).findByText('Aditya Hegde')).toBeTruthy();
    expect(within(menu).getByText('Member')).toBeTruthy();
    expect(within(menu).queryByText('Company')).toBeNull();
    fireEvent.click(within(menu).getByText('Aditya Hegde'));
    expect(onSelect).toHaveBeenLastCalledWith(
      expect.objectContaining({ group: 'Member', name: 'Aditya Hegde', brand_name: 'Vasuki Wealth Partners LLP' }),
    );
    expect((input() as HTMLInputElement).value).toBe('Aditya Hegde · Vasuki Wealth Partners LLP');
  });

  it.each([
    ['buyers', 'No Buyers Found'],
    ['sellers', 'No Sellers Found'],
    ['entities', 'No Entities Found'],
  ] as const)('says what was not found when nothing matches (%s)', async (mode, text) => {
    await open(mode);
    typeTerm('zzqx');
    expect(await screen.findByText(text)).toBeTruthy();
  });

  it('takes its visible label as its name when one names it, and names itself otherwise', async () => {
    await renderSignedIn(
      DEALER_A,
      <>
        <FormGroup label="Seller" labelFor="seller">
          <CounterpartySearch id="seller" mode="sellers" onSelect={onSelect} />
        </FormGroup>
        <FormGroup label="Broker" labelFor="broker">
          <CounterpartySearch id="broker" mode="entities" onSelect={onSelect} />
        </FormGroup>
        <CounterpartySearch mode="buyers" onSelect={onSelect} />
      </>,
    );
    expect(screen.getByRole('combobox', { name: 'Seller' }).id).toBe('seller');
    expect(screen.getByRole('combobox', { name: 'Broker' }).id).toBe('broker');
    expect(screen.getByRole('combobox', { name: 'Search counterparties' }).id).toBe('');
  });

  it('a failed search shows the error toast and empties the list', async () => {
    await open('sellers');
    typeTerm('vasuki');
    const menu = await screen.findByRole('listbox', { name: 'Counterparties' });
    expect(await within(menu).findAllByText('Vasuki Wealth Partners LLP')).not.toHaveLength(0);
    // The server refuses a search text over 100 characters (400).
    typeTerm(`vasuki ${'x'.repeat(120)}`);
    expect(await screen.findByText('No Sellers Found')).toBeTruthy();
    expect(within(menu).queryAllByText('Vasuki Wealth Partners LLP')).toEqual([]);
    await waitFor(() => expect(document.querySelector('.kosh-toast[data-severity="error"]')?.textContent).toBeTruthy());
  });
});
