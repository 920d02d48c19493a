/** Order and EOI form fields of spec 01 §5: yield (typed in percent), price and quantum. */
import { PRICE_MAX, QUANTUM_MAX_DIGITS, YIELD_MAX, YIELD_MAX_CHARS } from '../constants.js';
import { type NumberMessages, type NumberRule, optionalNumber, requiredNumber } from './fields.js';
import { VALIDATION_MESSAGES as M, quantumMultipleMessage } from './messages.js';

const messages: NumberMessages = { required: M.required, notNumber: M.notNumber };
const notNegative: NumberRule = { message: M.negative, fails: (value) => value < 0 };

// Spec order: required, numeric, min 0, at most 7 characters (as typed), max 100.
const yieldRules: readonly NumberRule[] = [
  notNegative,
  { message: M.yieldMaxChars, fails: (_value, text) => text.length > YIELD_MAX_CHARS },
  { message: M.yieldAbove100, fails: (value) => value > YIELD_MAX },
];

// Max 250 is inclusive: the spec's "max 250" wins over the wording of its message.
const priceRules: readonly NumberRule[] = [notNegative, { message: M.priceAbove250, fails: (value) => value > PRICE_MAX }];

// A quantum is a face value in whole rupees (DESIGN §4); "whole" is our rule, after the spec's.
const quantumRules: readonly NumberRule[] = [
  notNegative,
  { message: M.zero, fails: (value) => value === 0 },
  { message: M.max12Digits, fails: (value) => value >= 10 ** QUANTUM_MAX_DIGITS },
  { message: M.wholeNumber, fails: (value) => !Number.isInteger(value) },
];

/** Yield as the user types it, in percent (7.42 = 7.42 %); convert with `toApiYield` for the API. */
export const yieldPercentSchema = requiredNumber(messages, yieldRules);

/** Yield in percent without the required rule: blank becomes undefined. */
export const optionalYieldPercentSchema = optionalNumber(messages, yieldRules);

/** Clean price per 100 face on order/EOI forms: 0 … 250. */
export const priceSchema = requiredNumber(messages, priceRules);

/** Clean price without the required rule: blank becomes undefined. */
export const optionalPriceSchema = optionalNumber(messages, priceRules);

/** Quantum: face value in INR, a whole number 1 … 999,999,999,999. */
export const quantumSchema = requiredNumber(messages, quantumRules);

/** Quantum of a given bond: also a multiple of its face value per bond (DESIGN §4). */
export function quantumSchemaFor(faceValue: number) {
  return requiredNumber(messages, [
    ...quantumRules,
    { message: quantumMultipleMessage(faceValue), fails: (value) => value % faceValue !== 0 },
  ]);
}
