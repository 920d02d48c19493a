import { act, fireEvent, render } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { canFixPrice, type PriceInfo, type PriceLookup, type PricingModeContext } from '../../../machines/pricingMode.machine';
import { MACHINE_MODELS } from '../../../machines/testing/models';
import { NOT_AVAILABLE } from '../../../src/shared/constants';
import { PricingInput } from '../../../src/client/ui/PricingInput';
import { describeUiCover, hold } from './uiCover';

/** The view's latest lookup, waiting for the test's answer (an earlier one is abandoned). */
type View = { lookup?: { request: PriceLookup; answer: ReturnType<typeof hold<PriceInfo>> } };

const valueField = () => document.querySelector('.kosh-pricing-input__field input') as HTMLInputElement;
const segment = (label: 'Yield' | 'Price') =>
  [...document.querySelectorAll<HTMLButtonElement>('.kosh-pricing-input [role=radio]')].find((b) => b.textContent === label)!;
const shown = (testId: string) => document.querySelector(`[data-testid=${testId}]`)?.textContent;

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

/** The lookup in flight, after checking that the view asked what the model's invocation asks. */
function lookupInFlight(view: View, shadow: AnyMachineSnapshot) {
  expect(view.lookup?.request).toEqual(shadow.children.fetchPriceInfo?.getSnapshot().input);
  return view.lookup!.answer;
}

// xstate.after.typingDebounce: the harness advances the fake clock by PRICING_TYPING_DEBOUNCE_MS.
describeUiCover<View>('pricingMode', MACHINE_MODELS.pricingMode!, {
  mount(input) {
    const view: View = {};
    const lookup = (request: PriceLookup) => {
      view.lookup = { request, answer: hold<PriceInfo>() };
      return view.lookup.answer.promise;
    };
    render(<PricingInput finstrumentId={(input as { finstrumentId: number }).finstrumentId} lookup={lookup} />);
    return view;
  },
  perform: {
    'input.typed': (_view, event) => typeValue(event.text),
    // A disabled segment ignores the click, as the machine's guard refuses the event.
    'mode.fixPrice': () => fireEvent.click(segment('Price')),
    'mode.fixYield': () => fireEvent.click(segment('Yield')),
    'settlement.changed': (_view, event) =>
      fireEvent.change(document.querySelector('.kosh-pricing-input__settlement select')!, { target: { value: String(event.settlement.delta) } }),
    'xstate.done.actor.fetchPriceInfo': (view, event, shadow) => act(async () => {
      const answer = lookupInFlight(view, shadow);
      answer.resolve(event.output);
      await answer.promise;
    }),
    'xstate.error.actor.fetchPriceInfo': (view, event, shadow) => act(async () => {
      const answer = lookupInFlight(view, shadow);
      answer.reject(event.error);
      await answer.promise.catch(() => undefined);
    }),
  },
  verify(_view, expected) {
    const c = expected.context as PricingModeContext;
    expect(document.querySelector('.kosh-pricing-input')?.getAttribute('data-fixed-field')).toBe(c.fixedField);
    expect(valueField().value).toBe(c.fixedField === 'yield' ? c.yieldText : c.priceText);
    expect(segment('Price').disabled).toBe(!canFixPrice(c));
    expect(document.querySelector('.kosh-pricing-input__results')?.getAttribute('aria-busy')).toBe(String(expected.hasTag('busy')));
    expect(shown('clean-price')).toBe(c.canBePriced ? c.priceText || '—' : NOT_AVAILABLE.value);
    expect(shown('bond-yield')).toBe(c.yieldText ? `${c.yieldText}%` : '—');
  },
});
