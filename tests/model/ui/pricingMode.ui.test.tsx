import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { pricingModeModel } from '../../../machines/pricingMode.model';
import type { PriceInfo, PriceLookup } from '../../../machines/pricingValues';
import { NOT_AVAILABLE } from '../../../src/shared/constants';
import type { BondDetail } from '../../../src/shared/contracts/instruments';
import { toApiYield } from '../../../src/shared/validation';
import { CalculatorPanel } from '../../../src/client/features/security/CalculatorPanel';
import { usePricingMode } from '../../../src/client/ui/usePricingMode';
import { describeUiCover, hold } from './uiCover';

/** The view's latest lookup, waiting for the test's answer (an earlier one is abandoned). */
type View = { lookup?: { request: PriceLookup; answer: ReturnType<typeof hold<PriceInfo>> } };

const FACE_VALUE = 100_000;
const bond = { id: 42, face_value: FACE_VALUE } as BondDetail;

const valueField = () => document.querySelector('.kosh-pricing-input__field input') as HTMLInputElement;
const quantityField = () => document.querySelector('#calc-quantity') as HTMLInputElement;
const segment = (label: 'Yield' | 'Price') =>
  [...document.querySelectorAll<HTMLButtonElement>('.kosh-pricing-input [role=radio]')].find((b) => b.textContent === label)!;
const shown = (testId: string) => document.querySelector(`[data-testid=${testId}]`)?.textContent;
const busy = () => document.querySelector('.kosh-pricing-input__results')?.getAttribute('aria-busy');

function typeValue(text: string) {
  // React reports no change for the text the field already shows; a user gets the widget to send
  // it again by pasting it (the trailing space copied text often has is sanitised away).
  if (valueField().value === text) {
    fireEvent.paste(valueField());
    fireEvent.change(valueField(), { target: { value: `${text} ` } });
  } else {
    fireEvent.change(valueField(), { target: { value: text } });
  }
}

/** The calculator as the bond page mounts it, with a lookup the test answers. */
function Calculator({ lookup }: { lookup: (request: PriceLookup) => Promise<PriceInfo> }) {
  return <CalculatorPanel bond={bond} pricing={usePricingMode({ finstrumentId: bond.id, lookup })} />;
}

/** What the page shows in every state: the fixed field, both values, the quantity. */
function showsValues({ context: c }: AnyMachineSnapshot) {
  expect(document.querySelector('.kosh-pricing-input')?.getAttribute('data-fixed-field')).toBe(c.fixedField);
  expect(valueField().value).toBe(c.fixedField === 'yield' ? c.yieldText : c.priceText);
  expect(segment('Price').disabled).toBe(!(c.canBePriced && c.allowPriceModification));
  // Spec 02 §9: price to 4 decimals; yield to 4 decimals with a percent sign.
  expect(shown('clean-price')).toBe(c.canBePriced ? (c.priceText ? Number(c.priceText).toFixed(4) : '—') : NOT_AVAILABLE.value);
  expect(shown('bond-yield')).toBe(c.yieldText ? `${Number(c.yieldText).toFixed(4)}%` : '—');
  expect(Number(quantityField().value.replace(/,/g, ''))).toBe(c.quantity ?? FACE_VALUE);
}

/** The lookup in flight asks for the fixed value shown, at the settlement and quantity shown. */
function asksForShownValues(view: View, { context: c }: AnyMachineSnapshot) {
  const value = c.fixedField === 'yield' ? { bondYield: toApiYield(c.yieldText) } : { cleanPrice: Number(c.priceText) };
  const settlement = c.settlement.date ? { settlementDate: c.settlement.date } : { settlementDelta: c.settlement.delta };
  expect(view.lookup?.request).toEqual({
    finstrumentId: bond.id,
    fixedField: c.fixedField,
    ...value,
    ...settlement,
    ...(c.quantity === null ? {} : { quantity: c.quantity }),
  });
}

const answer = (view: View, settle: (held: ReturnType<typeof hold<PriceInfo>>) => void) =>
  act(async () => {
    settle(view.lookup!.answer);
    await view.lookup!.answer.promise.catch(() => undefined);
  });

// xstate.after.typingDebounce: the harness advances the fake clock by PRICING_TYPING_DEBOUNCE_MS.
describeUiCover<View>('pricingMode', pricingModeModel, {
  mount() {
    const view: View = {};
    const lookup = (request: PriceLookup) => {
      view.lookup = { request, answer: hold<PriceInfo>() };
      return view.lookup.answer.promise;
    };
    // The calculator's Report issue and Request pricing reach the API through the query client.
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Calculator lookup={lookup} />
      </QueryClientProvider>,
    );
    return view;
  },
  perform: {
    'input.typed': (_view, event) => typeValue(event.text),
    // A disabled segment ignores the click, as the machine's guard refuses the event.
    'mode.fixPrice': () => fireEvent.click(segment('Price')),
    'mode.fixYield': () => fireEvent.click(segment('Yield')),
    'settlement.changed': (_view, event) =>
      fireEvent.change(document.querySelector('.kosh-pricing-input__settlement select')!, {
        target: { value: String(event.settlement.delta) },
      }),
    'quantity.changed': (_view, event) => fireEvent.change(quantityField(), { target: { value: String(event.quantity) } }),
    'xstate.done.actor.fetchPriceInfo': (view, event) => answer(view, (held) => held.resolve(event.output)),
    'xstate.error.actor.fetchPriceInfo': (view, event) => answer(view, (held) => held.reject(event.error)),
  },
  views: {
    'mode.yield': (_view, snapshot) => showsValues(snapshot),
    'mode.price': (_view, snapshot) => showsValues(snapshot),
    'lookup.idle': () => expect(busy()).toBe('false'),
    'lookup.debouncing': () => expect(busy()).toBe('false'),
    'lookup.fetching': (view, snapshot) => {
      expect(busy()).toBe('true');
      asksForShownValues(view, snapshot);
    },
  },
});
