/** Building blocks for field schemas: one message per field, the first broken rule in spec order. */
import { z } from 'zod';
import { maxCharsMessage } from './messages.js';

/** A form sends what was typed (a string); a JSON body sends a number. Both are accepted. */
export type NumericInput = string | number;

/** One ordered rule of a numeric field: `text` is the value as typed, for length rules. */
export interface NumberRule {
  readonly message: string;
  readonly fails: (value: number, text: string) => boolean;
}

/** Messages for the two rules every numeric field starts with. */
export interface NumberMessages {
  readonly required: string;
  readonly notNumber: string;
}

// Plain decimals only: '1e3', '0x10' or '1,000' are not what a user types into an amount.
const NUMERIC_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/** True for a missing value or blank text: what "required" rejects and "optional" lets through. */
export function isBlank(input: unknown): boolean {
  return input === undefined || input === null || (typeof input === 'string' && input.trim() === '');
}

/** The number and its typed text, or undefined when the input is not a plain decimal number. */
export function readNumber(input: NumericInput): { value: number; text: string } | undefined {
  if (typeof input === 'number') return Number.isFinite(input) ? { value: input, text: String(input) } : undefined;
  const text = input.trim();
  return NUMERIC_TEXT.test(text) ? { value: Number(text), text } : undefined;
}

// Rules run in order and stop at the first failure, so a field shows one message, as the spec lists them.
function checkNumber(input: NumericInput | null | undefined, messages: NumberMessages, rules: readonly NumberRule[], ctx: z.RefinementCtx) {
  const fail = (message: string) => {
    ctx.addIssue({ code: 'custom', message, input });
    return z.NEVER;
  };
  if (input === undefined || input === null || isBlank(input)) return fail(messages.required);
  const read = readNumber(input);
  if (!read) return fail(messages.notNumber);
  const broken = rules.find((rule) => rule.fails(read.value, read.text));
  return broken ? fail(broken.message) : read.value;
}

/** A required numeric field: blank → `required`, not a number → `notNumber`, then `rules` in order. */
export function requiredNumber(messages: NumberMessages, rules: readonly NumberRule[]) {
  return z
    .union([z.string(), z.number()], { error: (issue) => (issue.input == null ? messages.required : messages.notNumber) })
    .transform((input, ctx): number => checkNumber(input, messages, rules, ctx));
}

/** The same field without the required rule: blank, null or missing becomes undefined. */
export function optionalNumber(messages: NumberMessages, rules: readonly NumberRule[]) {
  return z
    .union([z.string(), z.number()], { error: messages.notNumber })
    .nullish()
    .transform((input, ctx): number | undefined => (isBlank(input) ? undefined : checkNumber(input, messages, rules, ctx)));
}

/**
 * A trimmed text that must match `pattern` (after upper-casing when asked), else `message`; a
 * `maxLength` is checked first, with its own message, so an over-long text is not run through the pattern.
 */
export function patternField(pattern: RegExp, message: string, options: { upperCase?: boolean; maxLength?: number } = {}) {
  const trimmed = z.string({ error: message }).trim();
  const text = options.maxLength ? trimmed.max(options.maxLength, { error: maxCharsMessage(options.maxLength), abort: true }) : trimmed;
  return (options.upperCase ? text.toUpperCase() : text).regex(pattern, { error: message, abort: true });
}

/** Makes any field optional for forms: blank text, null or missing becomes undefined. */
export function optionalField<T extends z.ZodType>(schema: T) {
  return z.preprocess((input) => (isBlank(input) ? undefined : input), schema.optional());
}
