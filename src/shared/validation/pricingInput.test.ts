import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { shiftDecimal } from './decimal.js';
import { formatYieldPercent, pricingInputSchema, pricingPriceSchema, pricingYieldSchema, toApiYield } from './pricingInput.js';
import { canSearch } from './search.js';

const messagesOf = (schema: z.ZodType, input: unknown) => schema.safeParse(input).error?.issues.map((i) => i.message) ?? [];

describe('pricing input widget', () => {
  it('yield mode: required and numeric', () => {
    expect(pricingYieldSchema.parse('7.42')).toBe(7.42);
    expect(messagesOf(pricingYieldSchema, '')).toEqual(['Yield is required']);
    expect(messagesOf(pricingYieldSchema, undefined)).toEqual(['Yield is required']);
    expect(messagesOf(pricingYieldSchema, 'abc')).toEqual(['Yield is required']);
  });

  it('price mode: required and numeric, 1 … 250, at most 4 decimals', () => {
    expect(pricingPriceSchema.parse('1')).toBe(1);
    expect(pricingPriceSchema.parse('101.2345')).toBe(101.2345);
    expect(pricingPriceSchema.parse(250)).toBe(250);
    expect(messagesOf(pricingPriceSchema, '')).toEqual(['Price is required']);
    expect(messagesOf(pricingPriceSchema, 'par')).toEqual(['Price is required']);
    expect(messagesOf(pricingPriceSchema, '0.9999')).toEqual(['Should be at least 1']);
    expect(messagesOf(pricingPriceSchema, '250.0001')).toEqual(['Should be less than 250']);
    expect(messagesOf(pricingPriceSchema, '101.23456')).toEqual(['Max 4 decimals']);
    expect(messagesOf(pricingPriceSchema, 101.23456)).toEqual(['Max 4 decimals']);
  });

  it('picks the schema of the fixed field, and validates nothing when disabled', () => {
    expect(pricingInputSchema('yield')).toBe(pricingYieldSchema);
    expect(pricingInputSchema('price')).toBe(pricingPriceSchema);
    expect(pricingInputSchema('price', { disabled: true }).safeParse('').success).toBe(true);
  });
});

describe('toApiYield', () => {
  it('turns typed percent into a 6-decimal fraction', () => {
    expect(toApiYield('7.42')).toBe(0.0742);
    expect(toApiYield('7.123456789')).toBe(0.071235);
    expect(toApiYield('100')).toBe(1);
    expect(toApiYield('0')).toBe(0);
    expect(toApiYield('.5')).toBe(0.005);
    expect(toApiYield(' 8 ')).toBe(0.08);
  });

  it('has no floating drift where arithmetic would have it', () => {
    // Float arithmetic gets these wrong: 8.2 / 100 = 0.08199999999999999, and 0.05005 / 100 rounds to 0.0005.
    expect(8.2 / 100).not.toBe(0.082);
    expect(toApiYield('8.2')).toBe(0.082);
    expect(toApiYield('0.57')).toBe(0.0057);
    expect(Math.round((0.05005 / 100) * 1e6) / 1e6).toBe(0.0005);
    expect(toApiYield('0.05005')).toBe(0.000501);
    expect(toApiYield('0.15005')).toBe(0.001501);
    // Half-up at the 6th decimal of the fraction.
    expect(toApiYield('1.0000005')).toBe(0.01);
    expect(toApiYield('7.1234549')).toBe(0.071235);
    expect(toApiYield('7.1234449')).toBe(0.071234);
    expect(toApiYield('0.00005')).toBe(0.000001);
    expect(toApiYield('0.000049')).toBe(0);
    expect(toApiYield('-1.23456789')).toBe(-0.012346);
  });

  it('refuses text that is not a number', () => {
    expect(() => toApiYield('abc')).toThrow(RangeError);
    expect(() => toApiYield('')).toThrow(RangeError);
  });
});

describe('formatYieldPercent', () => {
  it('shows the fraction ×100 with 4 decimals and %', () => {
    expect(formatYieldPercent(0.0742)).toBe('7.4200%');
    expect(formatYieldPercent(0.071235)).toBe('7.1235%');
    expect(formatYieldPercent(0.070701)).toBe('7.0701%');
    expect(formatYieldPercent(0)).toBe('0.0000%');
    expect(formatYieldPercent(1)).toBe('100.0000%');
    expect(formatYieldPercent('0.0815')).toBe('8.1500%');
    expect(formatYieldPercent(5e-7)).toBe('0.0001%');
    expect(formatYieldPercent(-0.00123456)).toBe('-0.1235%');
  });

  it('shows NA when there is no number', () => {
    expect(formatYieldPercent(null)).toBe('NA');
    expect(formatYieldPercent(undefined)).toBe('NA');
    expect(formatYieldPercent(Number.NaN)).toBe('NA');
    expect(formatYieldPercent('n/a')).toBe('NA');
  });

  it('shiftDecimal moves the point exactly and rounds half-up', () => {
    expect(shiftDecimal('1e+21', 0, 2)).toBe('1000000000000000000000.00');
    expect(shiftDecimal('0.125', 0, 2)).toBe('0.13');
    expect(shiftDecimal('-0.0000001', 2, 4)).toBe('0.0000');
    expect(shiftDecimal('12', -3, 0)).toBe('0');
    expect(shiftDecimal('.', 0, 2)).toBeUndefined();
  });
});

describe('canSearch', () => {
  it('starts at 3 characters', () => {
    expect(canSearch('NT')).toBe(false);
    expect(canSearch('  NT  ')).toBe(false);
    expect(canSearch('NTP')).toBe(true);
  });
});
