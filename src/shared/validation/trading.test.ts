import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  optionalPriceSchema,
  optionalYieldPercentSchema,
  priceSchema,
  quantumSchema,
  quantumSchemaFor,
  yieldPercentSchema,
} from './trading.js';

/** The messages a schema reports for `input` (empty when it passes). */
const messagesOf = (schema: z.ZodType, input: unknown) => schema.safeParse(input).error?.issues.map((i) => i.message) ?? [];

describe('yieldPercentSchema', () => {
  it('accepts a percent as typed or as a number, and returns the number', () => {
    expect(yieldPercentSchema.parse('7.42')).toBe(7.42);
    expect(yieldPercentSchema.parse(' 0 ')).toBe(0);
    expect(yieldPercentSchema.parse(100)).toBe(100);
    expect(yieldPercentSchema.parse('99.9999')).toBe(99.9999);
  });

  it('reports one message, in the spec order: required, number, negative, 7 characters, above 100', () => {
    expect(messagesOf(yieldPercentSchema, '')).toEqual(['This field is required']);
    expect(messagesOf(yieldPercentSchema, '   ')).toEqual(['This field is required']);
    expect(messagesOf(yieldPercentSchema, undefined)).toEqual(['This field is required']);
    expect(messagesOf(yieldPercentSchema, null)).toEqual(['This field is required']);
    expect(messagesOf(yieldPercentSchema, 'abc')).toEqual(['Should be number']);
    expect(messagesOf(yieldPercentSchema, '7.4a')).toEqual(['Should be number']);
    expect(messagesOf(yieldPercentSchema, true)).toEqual(['Should be number']);
    expect(messagesOf(yieldPercentSchema, Number.NaN)).toEqual(['Should be number']);
    // A negative long value is reported as negative first, not as too long.
    expect(messagesOf(yieldPercentSchema, '-1234567.5')).toEqual(['Cannot be negative']);
    expect(messagesOf(yieldPercentSchema, '-0.5')).toEqual(['Cannot be negative']);
    expect(messagesOf(yieldPercentSchema, '7.123456')).toEqual(['Max 7 characters']);
    expect(messagesOf(yieldPercentSchema, 7.123456)).toEqual(['Max 7 characters']);
    expect(messagesOf(yieldPercentSchema, '101')).toEqual(['Yield above 100%']);
    expect(messagesOf(yieldPercentSchema, '100.001')).toEqual(['Yield above 100%']);
  });

  it('has an optional variant without the required rule', () => {
    expect(optionalYieldPercentSchema.parse('')).toBeUndefined();
    expect(optionalYieldPercentSchema.parse(null)).toBeUndefined();
    expect(optionalYieldPercentSchema.parse(undefined)).toBeUndefined();
    expect(optionalYieldPercentSchema.parse('6.5')).toBe(6.5);
    expect(messagesOf(optionalYieldPercentSchema, 'x')).toEqual(['Should be number']);
    expect(messagesOf(optionalYieldPercentSchema, '-1')).toEqual(['Cannot be negative']);
    expect(messagesOf(optionalYieldPercentSchema, '150')).toEqual(['Yield above 100%']);
  });
});

describe('priceSchema', () => {
  it('accepts 0 … 250', () => {
    expect(priceSchema.parse('0')).toBe(0);
    expect(priceSchema.parse('101.2345')).toBe(101.2345);
    expect(priceSchema.parse(250)).toBe(250);
  });

  it('reports required, number, negative, and above 250', () => {
    expect(messagesOf(priceSchema, '')).toEqual(['This field is required']);
    expect(messagesOf(priceSchema, 'ten')).toEqual(['Should be number']);
    expect(messagesOf(priceSchema, '-0.01')).toEqual(['Cannot be negative']);
    expect(messagesOf(priceSchema, '250.0001')).toEqual(['Should be less than 250']);
  });

  it('has an optional variant', () => {
    expect(optionalPriceSchema.parse('')).toBeUndefined();
    expect(optionalPriceSchema.parse('99.5')).toBe(99.5);
    expect(messagesOf(optionalPriceSchema, '300')).toEqual(['Should be less than 250']);
  });

  it('works inside an object schema, with the optional key really optional', () => {
    const order = z.object({ price: priceSchema, yield: optionalYieldPercentSchema });
    expect(order.parse({ price: '100' })).toEqual({ price: 100, yield: undefined });
    expect(order.safeParse({}).error?.issues).toMatchObject([{ path: ['price'], message: 'This field is required' }]);
  });
});

describe('quantumSchema', () => {
  it('accepts a whole rupee amount of up to 12 digits', () => {
    expect(quantumSchema.parse('500000')).toBe(500000);
    expect(quantumSchema.parse(1)).toBe(1);
    expect(quantumSchema.parse('999999999999')).toBe(999_999_999_999);
  });

  it('reports required, number, negative, zero, 12 digits and whole number', () => {
    expect(messagesOf(quantumSchema, '')).toEqual(['This field is required']);
    expect(messagesOf(quantumSchema, '1,00,000')).toEqual(['Should be number']);
    expect(messagesOf(quantumSchema, '-100')).toEqual(['Cannot be negative']);
    expect(messagesOf(quantumSchema, '0')).toEqual(['Cannot be zero']);
    expect(messagesOf(quantumSchema, 0)).toEqual(['Cannot be zero']);
    expect(messagesOf(quantumSchema, '1000000000000')).toEqual(['Max 12 digits']);
    expect(messagesOf(quantumSchema, '100.5')).toEqual(['Should be whole number']);
  });

  it('checks the multiple of the face value per bond', () => {
    const ofLakh = quantumSchemaFor(100_000);
    expect(ofLakh.parse('500000')).toBe(500_000);
    expect(messagesOf(ofLakh, '150000')).toEqual(['Should be a multiple of 1,00,000']);
    expect(messagesOf(ofLakh, '0')).toEqual(['Cannot be zero']);
  });
});
