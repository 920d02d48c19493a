import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rejectBoth, rejectPriceAndYield, rejectSettlementDateAndDelta, withCrossFieldFirst } from './crossField.js';
import { optionalPriceSchema, optionalYieldPercentSchema, quantumSchema } from './trading.js';

const issuesOf = (schema: z.ZodType, input: unknown) =>
  schema.safeParse(input).error?.issues.map((i) => ({ path: i.path, message: i.message })) ?? [];

describe('cross-field rules', () => {
  it('rejects settlement date and delta together, as a form-level error', () => {
    const priceCalc = z
      .object({ settlement_date: z.string().optional(), settlement_delta: z.number().optional() })
      .superRefine(rejectSettlementDateAndDelta());
    expect(priceCalc.safeParse({ settlement_date: '2025-06-12' }).success).toBe(true);
    expect(priceCalc.safeParse({ settlement_delta: 1 }).success).toBe(true);
    expect(issuesOf(priceCalc, { settlement_date: '2025-06-12', settlement_delta: 1 })).toEqual([
      { path: [], message: 'Cannot provide both settlement date & delta' },
    ]);
    // T+0 is a delta given, not a delta left out.
    expect(issuesOf(priceCalc, { settlement_date: '2025-06-12', settlement_delta: 0 })).toHaveLength(1);
  });

  it('rejects price and yield together, under the API names of each call', () => {
    const rule = rejectPriceAndYield();
    expect(rule.message).toBe('Cannot provide both price and yield');
    expect(rule.violatedBy({ unit_price_stored: 101.5, yield_stored: 0.0742 })).toBe(true);
    expect(rule.violatedBy({ unit_price_stored: 101.5, yield_stored: null })).toBe(false);
    expect(rule.violatedBy({ unit_price_stored: '', yield_stored: 0.07 })).toBe(false);
    expect(rule.violatedBy('not an object')).toBe(false);
    const quote = rejectPriceAndYield({ price: 'clean_price', yield: 'bond_yield' });
    expect(quote.violatedBy({ clean_price: 99, bond_yield: 0.07 })).toBe(true);
    const eoi = rejectSettlementDateAndDelta({ date: 'settlement' });
    expect(eoi.violatedBy({ settlement: '2025-06-12', settlement_delta: 2 })).toBe(true);
    expect(rejectBoth('a', 'b', 'm').violatedBy({ a: 1 })).toBe(false);
  });

  it('reports the cross-field error first and alone, before any field error', () => {
    const eoiResponse = withCrossFieldFirst(
      z.object({ maximum_lot_stored: quantumSchema, unit_price_stored: optionalPriceSchema, yield_stored: optionalYieldPercentSchema }),
      [rejectPriceAndYield()],
    );
    // Both given and both fields broken: only the cross-field message.
    expect(issuesOf(eoiResponse, { maximum_lot_stored: '0', unit_price_stored: '300', yield_stored: '-1' })).toEqual([
      { path: [], message: 'Cannot provide both price and yield' },
    ]);
    // One given: field rules apply as usual.
    expect(issuesOf(eoiResponse, { maximum_lot_stored: '0', unit_price_stored: '300' })).toEqual([
      { path: ['maximum_lot_stored'], message: 'Cannot be zero' },
      { path: ['unit_price_stored'], message: 'Should be less than 250' },
    ]);
    expect(eoiResponse.parse({ maximum_lot_stored: 500000, yield_stored: '7.42' })).toEqual({
      maximum_lot_stored: 500000,
      unit_price_stored: undefined,
      yield_stored: 7.42,
    });
  });

  it('reports every broken cross-field rule together', () => {
    const schema = withCrossFieldFirst(z.object({}).loose(), [rejectSettlementDateAndDelta(), rejectPriceAndYield()]);
    expect(
      issuesOf(schema, { settlement_date: 'x', settlement_delta: 1, unit_price_stored: 1, yield_stored: 1 }).map((i) => i.message),
    ).toEqual(['Cannot provide both settlement date & delta', 'Cannot provide both price and yield']);
  });

  it('keeps the JSON Schema of the wrapped object for OpenAPI', () => {
    const inner = z.object({ settlement_date: z.string().optional(), settlement_delta: z.number().optional() });
    expect(z.toJSONSchema(withCrossFieldFirst(inner, [rejectSettlementDateAndDelta()]), { io: 'input' })).toEqual(
      z.toJSONSchema(inner, { io: 'input' }),
    );
  });
});
