import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { businessEmailSchema, emailSchema, isFreeEmailProvider, mobileSchema, pincodeSchema } from './contact.js';

const messagesOf = (schema: z.ZodType, input: unknown) => schema.safeParse(input).error?.issues.map((i) => i.message) ?? [];

function check(schema: z.ZodType, valid: unknown[], invalid: unknown[], message: string) {
  for (const value of valid) expect(schema.safeParse(value).success, String(value)).toBe(true);
  for (const value of invalid) expect(messagesOf(schema, value), String(value)).toEqual([message]);
}

describe('contact fields', () => {
  it('mobile: optional +91 or 91, then 10 digits starting 6-9', () => {
    check(
      mobileSchema,
      ['+919876543210', '919876543210', '9876543210', '6000000000', ' 7012345678 '],
      ['', '5876543210', '+915876543210', '987654321', '98765432100', '+91 9876543210', '+929876543210', '09876543210'],
      'Please enter a valid Phone number.',
    );
  });

  it('email', () => {
    check(
      emailSchema,
      ['ravi@example.com', 'ravi.kumar+bonds@firm.co.in'],
      ['', 'ravi', 'ravi@', '@example.com', 'ravi@example', 'ravi kumar@example.com'],
      'Please enter a valid email address.',
    );
  });

  it('pincode: 6 digits', () => {
    check(pincodeSchema, ['400001', '110011'], ['', '40001', '4000011', '40000A'], 'Please enter a valid Pincode');
  });

  it('business email: valid, and not at a free provider', () => {
    check(businessEmailSchema, ['treasury@hdfcbank.com', 'ops@kotak.co.in', 'desk@mail.yahoo-bonds.in'], [], '');
    check(businessEmailSchema, [], ['', undefined, 'treasury', 'treasury@hdfcbank', 'x@gmail'], 'Enter a valid email ID');
    check(
      businessEmailSchema,
      [],
      ['ravi@gmail.com', 'ravi@yahoo.co.in', 'ravi@outlook.in', 'ravi@hotmail.com', 'ravi@aol.com', 'Ravi@GMAIL.COM'],
      'Enter a valid business email',
    );
  });

  it('matches the provider as the first label of the domain', () => {
    expect(isFreeEmailProvider('a@gmail.com')).toBe(true);
    expect(isFreeEmailProvider('a@Yahoo.co.in')).toBe(true);
    expect(isFreeEmailProvider('a@gmailbonds.com')).toBe(false);
    expect(isFreeEmailProvider('a@bonds.gmail.com')).toBe(false);
  });
});
