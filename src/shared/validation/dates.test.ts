import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { isIsoDate, settlementDateSchema, tradeTimeSchema } from './dates.js';

const messagesOf = (schema: z.ZodType, input: unknown) => schema.safeParse(input).error?.issues.map((i) => i.message) ?? [];

// 2025-06-11 (a Wednesday) 14:30 in Asia/Kolkata.
const now = () => new Date('2025-06-11T09:00:00Z');

describe('tradeTimeSchema', () => {
  const schema = tradeTimeSchema(now);

  it('accepts a 24-hour time up to the current minute', () => {
    expect(schema.parse('09:15')).toBe('09:15');
    expect(schema.parse('14:30')).toBe('14:30');
    expect(schema.parse(' 00:00 ')).toBe('00:00');
  });

  it('reports required, then the format, then a time later than now', () => {
    expect(messagesOf(schema, '')).toEqual(['This field is required']);
    expect(messagesOf(schema, undefined)).toEqual(['This field is required']);
    for (const bad of ['9:15', '24:00', '12:60', '1230', '12:30:00', 'noon']) {
      expect(messagesOf(schema, bad)).toEqual(['Please enter valid time in HH:MM 24-hour format']);
    }
    expect(messagesOf(schema, 1230)).toEqual(['Please enter valid time in HH:MM 24-hour format']);
    expect(messagesOf(schema, '14:31')).toEqual(['Trade time cannot be later than the current time.']);
    expect(messagesOf(schema, '23:59')).toEqual(['Trade time cannot be later than the current time.']);
  });

  it('reads the injected clock on every parse, not once', () => {
    let at = new Date('2025-06-11T03:30:00Z'); // 09:00 IST
    const moving = tradeTimeSchema(() => at);
    expect(messagesOf(moving, '10:00')).toEqual(['Trade time cannot be later than the current time.']);
    at = new Date('2025-06-11T05:00:00Z'); // 10:30 IST
    expect(moving.parse('10:00')).toBe('10:00');
  });

  it('compares date and time when the trade date is given', () => {
    expect(tradeTimeSchema(now, { tradeDate: '2025-06-10' }).parse('23:59')).toBe('23:59');
    expect(messagesOf(tradeTimeSchema(now, { tradeDate: '2025-06-12' }), '00:01')).toEqual([
      'Trade time cannot be later than the current time.',
    ]);
  });
});

describe('settlementDateSchema', () => {
  const schema = settlementDateSchema('2025-06-11');

  it('accepts a business day on or after the trade date', () => {
    expect(schema.parse('2025-06-11')).toBe('2025-06-11');
    expect(schema.parse('2025-06-13')).toBe('2025-06-13');
    // A Date is read as the Indian business date: 20:00 UTC on the 12th is the 13th in Kolkata.
    expect(schema.parse(new Date('2025-06-12T20:00:00Z'))).toBe('2025-06-13');
  });

  it('reports required, invalid date, and the extra check', () => {
    expect(messagesOf(schema, '')).toEqual(['This field is required']);
    expect(messagesOf(schema, undefined)).toEqual(['This field is required']);
    expect(messagesOf(schema, '2025-02-30')).toEqual(['Please enter a valid date']);
    expect(messagesOf(schema, '13/06/2025')).toEqual(['Please enter a valid date']);
    expect(messagesOf(schema, new Date('nope'))).toEqual(['Please enter a valid date']);
    expect(messagesOf(schema, '2025-06-10')).toEqual(['Settlement date cannot be earlier than the trade date.']);
    expect(messagesOf(schema, '2025-06-14')).toEqual(['Settlement date cannot be on a weekend.']);
    expect(messagesOf(schema, '2025-06-15')).toEqual(['Settlement date cannot be on a weekend.']);
  });

  it('consults the holiday calendar when given one, and skips the order check without a trade date', () => {
    const withHolidays = settlementDateSchema('2025-08-14', { isHoliday: (d) => d === '2025-08-15' });
    expect(messagesOf(withHolidays, '2025-08-15')).toEqual(['Settlement date cannot be on a holiday.']);
    expect(settlementDateSchema().parse('2020-01-01')).toBe('2020-01-01');
  });

  it('knows real calendar dates', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2025-6-1')).toBe(false);
  });
});
