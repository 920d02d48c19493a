import { configure, act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PriceInfo, PriceLookup } from '../../../machines/pricingValues';
import { PricingInput } from './PricingInput';
import { usePricingMode, usePricingValue, type PricingModeActor, type PricingModeOptions } from './usePricingMode';

// The grid and the debounced widgets can be slow on a busy 2-core machine.
configure({ asyncUtilTimeout: 5_000 });

const priced = (over: Partial<PriceInfo> = {}): PriceInfo => ({
  cleanPrice: 101.25,
  bondYield: 0.0742,
  settlementDate: '2026-03-03',
  canBePriced: true,
  allowPriceModification: true,
  ...over,
});

const quoteBodies: unknown[] = [];
const server = setupServer(
  http.post('*/api/quote/:id/', async ({ request }) => {
    quoteBodies.push(await request.json());
    return HttpResponse.json({
      price: {
        unit_clean_price: 99.8765,
        bond_yield: 0.071234,
        settlement_date: '2026-03-04',
        dirty_price: 100.5,
        accrued_interest: 0.62,
        modified_duration: 4.1,
        macaulay_duration: 4.3,
        convexity: 21,
        priced_to: 'MATURITY',
        priced_to_date: '2031-06-15',
      },
      can_be_priced: true,
      allow_price_modification: true,
      yield_source: 'INPUT',
    });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  quoteBodies.length = 0;
  vi.useRealTimers();
});
afterAll(() => server.close());

/** The widget with its own actor, as a bond page or order ticket would own it; `seen` gets each value. */
function Widget({ disabled, seen, ...options }: Partial<PricingModeOptions> & { disabled?: boolean; seen?: (value: unknown) => void }) {
  const pricing: PricingModeActor = usePricingMode({ finstrumentId: 42, ...options });
  const value = usePricingValue(pricing);
  seen?.(value);
  return <PricingInput pricing={pricing} disabled={disabled} />;
}

const valueInput = () => document.querySelector('.kosh-pricing-input__field input') as HTMLInputElement;
const typeValue = (text: string) => fireEvent.change(valueInput(), { target: { value: text } });
const mode = () => document.querySelector('.kosh-pricing-input')?.getAttribute('data-fixed-field');

describe('PricingInput', () => {
  it('switches to price mode for a typed price and back to yield mode for a typed yield', async () => {
    const lookup = vi.fn(async (_r: PriceLookup) => priced());
    render(<Widget lookup={lookup} />);
    expect(mode()).toBe('yield');
    typeValue('98.5');
    expect(mode()).toBe('price');
    expect(screen.getByRole('radio', { name: 'Price' }).getAttribute('aria-checked')).toBe('true');
    typeValue('7.25');
    expect(mode()).toBe('yield');
    await waitFor(() => expect(lookup).toHaveBeenCalledWith(expect.objectContaining({ fixedField: 'yield', bondYield: 0.0725 })));
    expect(lookup).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('radio', { name: 'Price' }));
    expect(mode()).toBe('price');
  });

  it('switches to Price after a typed yield without turning the yield into a price of 0', async () => {
    const lookup = vi.fn(async (_r: PriceLookup) => priced());
    render(<Widget lookup={lookup} />);
    typeValue('7.42');
    await waitFor(() => expect(screen.getByTestId('clean-price').textContent).toBe('101.2500'));
    fireEvent.click(screen.getByRole('radio', { name: 'Price' }));
    expect(mode()).toBe('price');
    expect(valueInput().value).toBe('101.2500');
    expect(screen.getByTestId('bond-yield').textContent).toBe('7.4200%');
    expect(lookup).toHaveBeenCalledOnce();
  });

  it('sends the yield as a fraction with 6 decimals to POST /api/quote/:id/ and gives its value', async () => {
    const onChange = vi.fn();
    render(<Widget seen={onChange} />);
    typeValue('7.1234567');
    await waitFor(() => expect(quoteBodies).toEqual([{ bond_yield: 0.071235, settlement_delta: 1 }]));
    await waitFor(() => expect(screen.getByTestId('clean-price').textContent).toBe('99.8765'));
    expect(onChange).toHaveBeenLastCalledWith({
      cleanPrice: 99.8765,
      bondYield: 0.071235,
      fixedField: 'yield',
      settlementDate: '2026-03-04',
      canBePriced: true,
      allowPriceModification: true,
    });
  });

  it('re-fetches when the settlement changes', async () => {
    const lookup = vi.fn(async (_r: PriceLookup) => priced());
    render(<Widget lookup={lookup} />);
    typeValue('7.42');
    await waitFor(() => expect(lookup).toHaveBeenCalledOnce());
    fireEvent.change(screen.getByLabelText('Settlement'), { target: { value: '0' } });
    await waitFor(() => expect(lookup).toHaveBeenLastCalledWith(expect.objectContaining({ settlementDelta: 0 })));
  });

  it("shows NA with the tooltip 'Not Available' and disables Price when the bond cannot be priced", async () => {
    render(<Widget lookup={async () => priced({ canBePriced: false, cleanPrice: null })} />);
    typeValue('7.42');
    await waitFor(() => expect(screen.getByTestId('clean-price').textContent).toBe('NA'));
    expect(screen.getByText('Clean Price:')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Price' }).hasAttribute('disabled')).toBe(true);
    fireEvent.mouseEnter(screen.getByTestId('clean-price'));
    expect(await screen.findByText('Not Available')).toBeTruthy();
  });

  it("says 'Yield is required' and 'Price is required' verbatim", () => {
    vi.useFakeTimers();
    render(<Widget lookup={async () => priced()} />);
    typeValue('7');
    typeValue('');
    expect(screen.getByText('Yield is required')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Price' }));
    expect(screen.getByText('Price is required')).toBeTruthy();
    typeValue('251');
    expect(screen.getByText('Should be less than 250')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
  });

  it('validates nothing when disabled', () => {
    render(<Widget disabled lookup={async () => priced()} />);
    fireEvent.blur(valueInput());
    expect(screen.queryByText('Yield is required')).toBeNull();
    expect(valueInput().disabled).toBe(true);
  });
});
