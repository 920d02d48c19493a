/**
 * The pricing input's fixed field (spec 02 §4-5): the user fixes Yield or Price. A typed number at
 * or above the threshold in yield mode fixes the price; one below it in price mode fixes the yield
 * when it passes the yield check. Typing is debounced, then `fetchPriceInfo` (provided at the
 * edge) computes the other value; a changed settlement re-fetches at once; a failed lookup keeps
 * the last values. The PricingInput widget sends the events and provides `reportValue`.
 */
import { assign, setup } from 'xstate';
import { SEARCH_DEBOUNCE_MS } from '../src/shared/constants';
import { pricingInputSchema, readNumber, shiftDecimal, toApiYield, yieldPercentSchema, type FixedField } from '../src/shared/validation';
import { notProvided } from './notProvided';

/** A typed number ≥ 30 is a clean price, < 30 a yield in percent (docs/adr/0004). */
export const PRICING_MODE_THRESHOLD = 30;
/** Debounce of typing before a lookup: the widgets' shared debounce (spec 02 §9). */
export const PRICING_TYPING_DEBOUNCE_MS = SEARCH_DEBOUNCE_MS;

/** The price info a lookup answers (spec 02 §3), with the yield as an API fraction. */
export interface PriceInfo {
  cleanPrice: number | null;
  bondYield: number | null;
  settlementDate: string | null;
  canBePriced: boolean;
  allowPriceModification: boolean;
}

/** What the lookup callback takes (spec 02 §7): the fixed value, the settlement and the bond. */
export interface PriceLookup {
  finstrumentId: number;
  fixedField: FixedField;
  cleanPrice?: number;
  /** A fraction with 6 decimals. */
  bondYield?: number;
  settlementDelta?: number;
  settlementDate?: string;
}

/** The widget's value (spec 02 §3 Pricing input value). */
export interface PricingInputValue {
  cleanPrice: number | null;
  bondYield: number | null;
  fixedField: FixedField;
  settlementDate: string | null;
  canBePriced: boolean;
  allowPriceModification: boolean;
}

export type Settlement = { delta: number; date?: undefined } | { date: string; delta?: undefined };

export type PricingModeEvent =
  | { type: 'input.typed'; text: string }
  | { type: 'mode.fixYield' }
  | { type: 'mode.fixPrice' }
  | { type: 'settlement.changed'; settlement: Settlement };

export interface PricingModeContext {
  finstrumentId: number;
  fixedField: FixedField;
  /** Yield in percent, as typed or as the last lookup gave it (4 decimals). */
  yieldText: string;
  /** Clean price per 100, as typed or as the last lookup gave it (4 decimals). */
  priceText: string;
  canBePriced: boolean;
  allowPriceModification: boolean;
  settlement: Settlement;
  priceInfo: PriceInfo | null;
}

export interface PricingModeInput {
  finstrumentId: number;
  settlement?: Settlement;
  yieldText?: string;
  priceText?: string;
}

const typedNumber = (text: string) => readNumber(text)?.value;
const fixedText = (c: PricingModeContext) => (c.fixedField === 'yield' ? c.yieldText : c.priceText);

/** Whether the bond's price may be the fixed field: it can be priced and the price may be typed. */
export const canFixPrice = (c: Pick<PricingModeContext, 'canBePriced' | 'allowPriceModification'>) => c.canBePriced && c.allowPriceModification;

/** The lookup request for the current context, or null when the fixed value is not valid. */
export function lookupFor(c: PricingModeContext): PriceLookup | null {
  if (!pricingInputSchema(c.fixedField).safeParse(fixedText(c)).success) return null;
  const value = c.fixedField === 'yield' ? { bondYield: toApiYield(c.yieldText) } : { cleanPrice: Number(c.priceText) };
  const settlement = c.settlement.date === undefined ? { settlementDelta: c.settlement.delta } : { settlementDate: c.settlement.date };
  return { finstrumentId: c.finstrumentId, fixedField: c.fixedField, ...value, ...settlement };
}

/** The widget's value from the machine's context. */
export function pricingValue(c: PricingModeContext): PricingInputValue {
  const price = typedNumber(c.priceText);
  const validYield = pricingInputSchema('yield').safeParse(c.yieldText).success;
  return {
    cleanPrice: price ?? null,
    bondYield: validYield ? toApiYield(c.yieldText) : null,
    fixedField: c.fixedField,
    settlementDate: c.priceInfo?.settlementDate ?? c.settlement.date ?? null,
    canBePriced: c.canBePriced,
    allowPriceModification: c.allowPriceModification,
  };
}

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
    storeSettlement: assign(({ event }) => ({ settlement: (event as Extract<PricingModeEvent, { type: 'settlement.changed' }>).settlement })),
    storePriceInfo: assign(({ context }, info: PriceInfo) => ({
      priceInfo: info,
      canBePriced: info.canBePriced,
      allowPriceModification: info.allowPriceModification,
      // The fixed field keeps what the user typed; the other one shows the computed value.
      ...(context.fixedField === 'yield'
        ? { priceText: info.cleanPrice === null ? '' : info.cleanPrice.toFixed(4) }
        : { yieldText: info.bondYield === null ? '' : (shiftDecimal(String(info.bondYield), 2, 4) ?? '') }),
    })),
    reportValue: (_: unknown) => {},
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
  },
  delays: { typingDebounce: PRICING_TYPING_DEBOUNCE_MS },
});

// The typed value is unchanged by this event, so the guard may read the context as it is.
const settlementChanged = [
  { guard: 'hasValidInput', target: 'fetching', reenter: true, actions: ['storeSettlement', 'reportValue'] },
  { actions: ['storeSettlement', 'reportValue'] },
] as const;

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
            'input.typed': [
              { guard: 'looksLikePrice', target: 'price', actions: ['fixPrice', 'storeText', 'reportValue'] },
              { actions: ['storeText', 'reportValue'] },
            ],
            'mode.fixPrice': { guard: 'canFixPrice', target: 'price', actions: ['fixPrice', 'reportValue'] },
          },
        },
        price: {
          tags: ['priceFixed'],
          // A lookup that says the bond cannot be priced takes the price out of the user's hands.
          always: { guard: 'cannotFixPrice', target: 'yield', actions: ['fixYield', 'reportValue'] },
          on: {
            'input.typed': [
              { guard: 'looksLikeYield', target: 'yield', actions: ['fixYield', 'storeText', 'reportValue'] },
              { actions: ['storeText', 'reportValue'] },
            ],
            'mode.fixYield': { target: 'yield', actions: ['fixYield', 'reportValue'] },
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
          on: { 'input.typed': 'debouncing', 'settlement.changed': settlementChanged },
        },
        debouncing: {
          tags: ['typing'],
          after: { typingDebounce: 'deciding' },
          on: { 'input.typed': { target: 'debouncing', reenter: true }, 'settlement.changed': settlementChanged },
        },
        fetching: {
          tags: ['busy'],
          invoke: {
            id: 'fetchPriceInfo',
            src: 'fetchPriceInfo',
            input: ({ context }) => lookupFor(context) as PriceLookup,
            onDone: { target: 'idle', actions: [{ type: 'storePriceInfo', params: ({ event }) => event.output }, 'reportValue'] },
            // Spec 02 §8: a failed price lookup is silently ignored; the last values stay.
            onError: { target: 'idle' },
          },
          on: { 'input.typed': 'debouncing', 'settlement.changed': settlementChanged },
        },
      },
    },
  },
});
