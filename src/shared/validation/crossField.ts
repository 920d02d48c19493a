/** Cross-field rules of spec 01 §5: reported as a form-level error (path []), before any field error. */
import { z } from 'zod';
import { CROSS_FIELD_MESSAGES } from '../messages.js';
import { isBlank } from './fields.js';

/** A cross-field rule: usable directly in `.superRefine(rule)` and by `withCrossFieldFirst`. */
export type CrossFieldRule = ((value: unknown, ctx: z.RefinementCtx) => void) & {
  readonly message: string;
  readonly violatedBy: (input: unknown) => boolean;
};

// Zero counts as given: a settlement delta of 0 (T+0) is a real choice, not an absent one.
const given = (input: Record<string, unknown>, key: string) => key in input && !isBlank(input[key]);

/** A rule that rejects an object carrying both `a` and `b`, with `message`. */
export function rejectBoth(a: string, b: string, message: string): CrossFieldRule {
  const violatedBy = (input: unknown) =>
    typeof input === 'object' && input !== null && given(input as Record<string, unknown>, a) && given(input as Record<string, unknown>, b);
  const refine = (value: unknown, ctx: z.RefinementCtx) => {
    if (violatedBy(value)) ctx.addIssue({ code: 'custom', message, path: [], input: value });
  };
  return Object.assign(refine, { message, violatedBy });
}

/**
 * Settlement date and delta together (EOI creation, price calculation, quote). The API names the
 * date `settlement` on EOI creation and `settlement_date` elsewhere, hence the keys.
 */
export function rejectSettlementDateAndDelta(keys: { date?: string; delta?: string } = {}): CrossFieldRule {
  return rejectBoth(keys.date ?? 'settlement_date', keys.delta ?? 'settlement_delta', CROSS_FIELD_MESSAGES.settlementDateAndDelta);
}

/** Price and yield together (EOI response: unit_price_stored / yield_stored; quote: clean_price / bond_yield). */
export function rejectPriceAndYield(keys: { price?: string; yield?: string } = {}): CrossFieldRule {
  return rejectBoth(keys.price ?? 'unit_price_stored', keys.yield ?? 'yield_stored', CROSS_FIELD_MESSAGES.priceAndYield);
}

/**
 * Runs `rules` on the raw input before `schema` parses any field (DESIGN §4: cross-field rules are
 * checked first); when one fails, only cross-field issues are reported. The JSON Schema stays `schema`'s.
 */
export function withCrossFieldFirst<T extends z.ZodType>(schema: T, rules: readonly CrossFieldRule[]) {
  return z.preprocess((input, ctx) => {
    for (const rule of rules) rule(input, ctx);
    return input;
  }, schema);
}
