/**
 * The pricing input's fixed field (spec 02 §4-5): the user fixes Yield or Price. A typed number at
 * or above the threshold in yield mode fixes the price; one below it in price mode fixes the yield
 * when it passes the yield check. Typing (of the value or of the quantity) is debounced, then
 * `fetchPriceInfo` (provided at the edge) computes the other value and the quote for the quantity;
 * a changed settlement re-fetches at once; a failed lookup keeps the last values. The PricingInput
 * widget and its owner send the events and read the context.
 */
import { assign, setup } from 'xstate';
import { SEARCH_DEBOUNCE_MS } from '../src/shared/constants';
import { shiftDecimal, yieldPercentSchema, type FixedField } from '../src/shared/validation';
import { notProvided } from './notProvided';
import {
  canFixPrice,
  lookupFor,
  typedNumber,
  type PriceInfo,
  type PriceLookup,
  type PricingModeContext,
  type PricingModeEvent,
  type PricingModeInput,
} from './pricingValues';

/** A typed number ≥ 30 is a clean price, < 30 a yield in percent (docs/adr/0004). */
export const PRICING_MODE_THRESHOLD = 30;
/** Debounce of typing before a lookup: the widgets' shared debounce (spec 02 §9). */
export const PRICING_TYPING_DEBOUNCE_MS = SEARCH_DEBOUNCE_MS;

const pricingModeSetup = setup({
  types: {} as { context: PricingModeContext; events: PricingModeEvent; input: PricingModeInput },
  actors: {
    fetchPriceInfo: notProvided<PriceInfo, PriceLookup>('fetchPriceInfo'),
  },
  actions: {
    fixYield: assign({ fixedField: 'yield' as FixedField }),
    fixPrice: assign({ fixedField: 'price' as FixedField }),
    // The text goes to whichever field is fixed once this transition's earlier actions have run.
    storeText: assign(({ context, event }) => {
      const { text } = event as Extract<PricingModeEvent, { type: 'input.typed' }>;
      return context.fixedField === 'yield' ? { yieldText: text } : { priceText: text };
    }),
    storeSettlement: assign(({ event }) => ({
      settlement: (event as Extract<PricingModeEvent, { type: 'settlement.changed' }>).settlement,
    })),
    storeQuantity: assign(({ event }) => ({ quantity: (event as Extract<PricingModeEvent, { type: 'quantity.changed' }>).quantity })),
    storePriceInfo: assign(({ context }, info: PriceInfo) => ({
      priceInfo: info,
      canBePriced: info.canBePriced,
      allowPriceModification: info.allowPriceModification,
      // The fixed field keeps what the user typed; the other one shows the computed value.
      ...(context.fixedField === 'yield'
        ? { priceText: info.cleanPrice === null ? '' : info.cleanPrice.toFixed(4) }
        : { yieldText: info.bondYield === null ? '' : (shiftDecimal(String(info.bondYield), 2, 4) ?? '') }),
    })),
  },
  guards: {
    looksLikePrice: ({ context, event }) => {
      const value = typedNumber((event as Extract<PricingModeEvent, { type: 'input.typed' }>).text);
      return value !== undefined && value >= PRICING_MODE_THRESHOLD && canFixPrice(context);
    },
    // A deep-discount bond (last price below the threshold) keeps small numbers as prices.
    looksLikeYield: ({ context, event }) => {
      const { text } = event as Extract<PricingModeEvent, { type: 'input.typed' }>;
      const value = typedNumber(text);
      const deepDiscount = context.priceInfo?.cleanPrice != null && context.priceInfo.cleanPrice < PRICING_MODE_THRESHOLD;
      return value !== undefined && value < PRICING_MODE_THRESHOLD && !deepDiscount && yieldPercentSchema.safeParse(text).success;
    },
    canFixPrice: ({ context }) => canFixPrice(context),
    cannotFixPrice: ({ context }) => !canFixPrice(context),
    hasValidInput: ({ context }) => lookupFor(context) !== null,
    isYieldFixedAndCanFixPrice: ({ context }) => context.fixedField === 'yield' && canFixPrice(context),
    isPriceFixed: ({ context }) => context.fixedField === 'price',
  },
  delays: { typingDebounce: PRICING_TYPING_DEBOUNCE_MS },
});

// A new settlement re-prices at once; a new quantity once the user stops typing it.
const reprice = { target: 'fetching', reenter: true, actions: 'storeSettlement' } as const;
const requantify = { target: 'debouncing', reenter: true, actions: 'storeQuantity' } as const;
// Without a valid fixed value there is nothing to price: the change is only stored. (The typed
// value is unchanged by these events, so the guard may read the context as it is.)
const settlementChanged = [{ guard: 'hasValidInput', ...reprice }, { actions: 'storeSettlement' }] as const;
const quantityChanged = [{ guard: 'hasValidInput', ...requantify }, { actions: 'storeQuantity' }] as const;
// A lookup pending for one field is void once the user fixes the other: decide afresh for it.
const fixedFieldSwitched = {
  'mode.fixPrice': { guard: 'isYieldFixedAndCanFixPrice', target: 'deciding' },
  'mode.fixYield': { guard: 'isPriceFixed', target: 'deciding' },
} as const;

export const pricingModeMachine = pricingModeSetup.createMachine({
  id: 'pricingMode',
  context: ({ input }) => ({
    finstrumentId: input.finstrumentId,
    fixedField: 'yield',
    yieldText: input.yieldText ?? '',
    priceText: input.priceText ?? '',
    canBePriced: true,
    allowPriceModification: true,
    settlement: input.settlement ?? { delta: 1 },
    quantity: input.quantity ?? null,
    priceInfo: null,
  }),
  type: 'parallel',
  states: {
    mode: {
      initial: 'yield',
      states: {
        yield: {
          tags: ['yieldFixed'],
          on: {
            'input.typed': [{ guard: 'looksLikePrice', target: 'price', actions: ['fixPrice', 'storeText'] }, { actions: ['storeText'] }],
            'mode.fixPrice': { guard: 'canFixPrice', target: 'price', actions: ['fixPrice'] },
          },
        },
        price: {
          tags: ['priceFixed'],
          // A lookup that says the bond cannot be priced takes the price out of the user's hands.
          always: { guard: 'cannotFixPrice', target: 'yield', actions: ['fixYield'] },
          on: {
            'input.typed': [{ guard: 'looksLikeYield', target: 'yield', actions: ['fixYield', 'storeText'] }, { actions: ['storeText'] }],
            'mode.fixYield': { target: 'yield', actions: ['fixYield'] },
          },
        },
      },
    },
    lookup: {
      initial: 'deciding',
      // Handlers sit on the substates: a re-entering transition on `lookup` itself would have the
      // parallel root as its domain, pre-empt the mode region's transition and reset it.
      states: {
        deciding: {
          always: [{ guard: 'hasValidInput', target: 'fetching' }, { target: 'idle' }],
        },
        idle: {
          on: { 'input.typed': 'debouncing', 'settlement.changed': settlementChanged, 'quantity.changed': quantityChanged },
        },
        debouncing: {
          tags: ['typing'],
          after: { typingDebounce: 'deciding' },
          on: {
            'input.typed': { target: 'debouncing', reenter: true },
            'settlement.changed': settlementChanged,
            'quantity.changed': quantityChanged,
            ...fixedFieldSwitched,
          },
        },
        fetching: {
          tags: ['busy'],
          invoke: {
            id: 'fetchPriceInfo',
            src: 'fetchPriceInfo',
            input: ({ context }) => lookupFor(context) as PriceLookup,
            onDone: { target: 'idle', actions: [{ type: 'storePriceInfo', params: ({ event }) => event.output }] },
            // Spec 02 §8: a failed price lookup is silently ignored; the last values stay.
            onError: { target: 'idle' },
          },
          // A lookup is only ever made for a valid fixed value.
          on: { 'input.typed': 'debouncing', 'settlement.changed': reprice, 'quantity.changed': requantify, ...fixedFieldSwitched },
        },
      },
    },
  },
});
