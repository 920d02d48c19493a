/**
 * The pricing input's values (spec 02 §3, §7): what a lookup takes and answers, the widget's
 * value, and the pricingMode machine's context — with the pure functions that read them.
 */
import type { PriceInfo as Quote } from '../src/shared/contracts/instruments';
import { pricingInputSchema, readNumber, toApiYield, type FixedField } from '../src/shared/validation';

/** The price info a lookup answers (spec 02 §3), with the yield as an API fraction. */
export interface PriceInfo {
  cleanPrice: number | null;
  bondYield: number | null;
  settlementDate: string | null;
  canBePriced: boolean;
  allowPriceModification: boolean;
  /** The whole quote (durations, consideration for the quantity) when the lookup gives it. */
  quote?: Quote;
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
  /** Face value in INR to price the consideration for. */
  quantity?: number;
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
  | { type: 'settlement.changed'; settlement: Settlement }
  | { type: 'quantity.changed'; quantity: number };

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
  /** Face value in INR the quote's consideration is for; none prices per 100 only. */
  quantity: number | null;
  priceInfo: PriceInfo | null;
}

export interface PricingModeInput {
  finstrumentId: number;
  settlement?: Settlement;
  quantity?: number;
  yieldText?: string;
  priceText?: string;
}

/** The number a text holds, if it is one. */
export const typedNumber = (text: string) => readNumber(text)?.value;
/** The text of the fixed field. */
export const fixedText = (c: PricingModeContext) => (c.fixedField === 'yield' ? c.yieldText : c.priceText);

/** Whether the bond's price may be the fixed field: it can be priced and the price may be typed. */
export const canFixPrice = (c: Pick<PricingModeContext, 'canBePriced' | 'allowPriceModification'>) =>
  c.canBePriced && c.allowPriceModification;

/** The lookup request for the current context, or null when the fixed value is not valid. */
export function lookupFor(c: PricingModeContext): PriceLookup | null {
  if (!pricingInputSchema(c.fixedField).safeParse(fixedText(c)).success) return null;
  const value = c.fixedField === 'yield' ? { bondYield: toApiYield(c.yieldText) } : { cleanPrice: Number(c.priceText) };
  const settlement = c.settlement.date === undefined ? { settlementDelta: c.settlement.delta } : { settlementDate: c.settlement.date };
  return {
    finstrumentId: c.finstrumentId,
    fixedField: c.fixedField,
    ...value,
    ...settlement,
    ...(c.quantity === null ? {} : { quantity: c.quantity }),
  };
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
