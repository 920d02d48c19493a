/** The pricing-input widget (spec 02 §5): yield or price mode, and the percent ↔ API fraction bridge. */
import { z } from 'zod';
import { NOT_AVAILABLE, PRICE_DECIMALS, PRICE_MAX, PRICE_MIN_WIDGET, YIELD_API_DECIMALS, YIELD_DISPLAY_DECIMALS } from '../constants.js';
import { shiftDecimal } from './decimal.js';
import { type NumberRule, requiredNumber } from './fields.js';
import { VALIDATION_MESSAGES as M } from './messages.js';

// Spec 02 gives one text per mode for "required and numeric"; bounds and precision use ours (messages.ts).
const decimalsOf = (text: string) => (text.includes('.') ? text.length - text.indexOf('.') - 1 : 0);

const priceRules: readonly NumberRule[] = [
  { message: M.pricingPriceMin, fails: (value) => value < PRICE_MIN_WIDGET },
  { message: M.priceAbove250, fails: (value) => value > PRICE_MAX },
  { message: M.priceDecimals, fails: (_value, text) => decimalsOf(text) > PRICE_DECIMALS },
];

/** Yield mode: required and numeric, in percent as typed ('Yield is required'). */
export const pricingYieldSchema = requiredNumber({ required: M.pricingYieldRequired, notNumber: M.pricingYieldRequired }, []);

/** Price mode: required and numeric ('Price is required'), 1 … 250, at most 4 decimals (step 0.0001). */
export const pricingPriceSchema = requiredNumber({ required: M.pricingPriceRequired, notNumber: M.pricingPriceRequired }, priceRules);

/** Which value the widget holds fixed: the one the user types. */
export type FixedField = 'yield' | 'price';

/** The widget's schema for its fixed field; a disabled widget validates nothing (spec 02 §5). */
export function pricingInputSchema(fixedField: FixedField, options: { disabled?: boolean } = {}) {
  if (options.disabled) return z.unknown();
  return fixedField === 'yield' ? pricingYieldSchema : pricingPriceSchema;
}

/**
 * Typed percent → API fraction with 6 decimals ('7.42' → 0.0742, '7.123456789' → 0.071235), done
 * on the decimal string (point moved two places, half-up at the 6th decimal) so no float drift.
 */
export function toApiYield(percentText: string): number {
  const fraction = shiftDecimal(percentText, -2, YIELD_API_DECIMALS);
  if (fraction === undefined) throw new RangeError(`Not a yield in percent: '${percentText}'`);
  return Number(fraction);
}

/**
 * API fraction → display percent with 4 decimals (0.0742 → '7.4200%'). No space before '%', as in
 * the spec's own 'Yield above 100%' (DESIGN §4 writes '7.4200 %'); 'NA' when there is no number.
 */
export function formatYieldPercent(fraction: number | string | null | undefined): string {
  if (fraction === null || fraction === undefined || (typeof fraction === 'number' && !Number.isFinite(fraction))) {
    return NOT_AVAILABLE.value;
  }
  const percent = shiftDecimal(String(fraction), 2, YIELD_DISPLAY_DECIMALS);
  return percent === undefined ? NOT_AVAILABLE.value : `${percent}%`;
}

/** Figures beside the pricing input (spec 02 §9): a yield in percent to 4 decimals with its sign, a price to 4. */
export function formatTypedYield(percentText: string): string {
  const percent = shiftDecimal(percentText, 0, YIELD_DISPLAY_DECIMALS);
  return percent === undefined ? NOT_AVAILABLE.value : `${percent}%`;
}

export function formatTypedPrice(priceText: string): string {
  return shiftDecimal(priceText, 0, PRICE_DECIMALS) ?? NOT_AVAILABLE.value;
}
