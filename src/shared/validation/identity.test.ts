import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  accountNumberSchema,
  boIdSchema,
  clientIdSchema,
  dpIdSchema,
  gstSchema,
  ifscSchema,
  loginOtpSchema,
  nameSchema,
  panSchema,
  requiredTextSchema,
} from './identity.js';
import { optionalField } from './fields.js';

const messagesOf = (schema: z.ZodType, input: unknown) => schema.safeParse(input).error?.issues.map((i) => i.message) ?? [];

/** Asserts every valid value passes and every invalid one reports exactly `message`. */
function check(schema: z.ZodType, valid: unknown[], invalid: unknown[], message: string) {
  for (const value of valid) expect(schema.safeParse(value).success, String(value)).toBe(true);
  for (const value of invalid) expect(messagesOf(schema, value), String(value)).toEqual([message]);
}

describe('identity fields', () => {
  it('login OTP: required, then exactly 6 digits', () => {
    check(loginOtpSchema, ['123456', ' 000000 '], ['', '   ', undefined], 'OTP is required');
    check(loginOtpSchema, [], ['12345', '1234567', '12a456', '12 456'], 'Must be 6 digits');
  });

  it('PAN: 5 letters, 4 digits, 1 letter, normalised to upper case', () => {
    check(
      panSchema,
      ['ABCDE1234F', 'AAPFU0939F'],
      ['', 'ABCD1234F', 'ABCDE12345', 'ABCDE1234', '1BCDE1234F', 'ABCDE-1234F'],
      'Please enter a valid PAN (10 Digits)',
    );
    expect(panSchema.parse(' abcde1234f ')).toBe('ABCDE1234F');
  });

  it('GSTIN: state code, PAN, entity, Z, check character', () => {
    check(
      gstSchema,
      ['27AAPFU0939F1ZV', '29ABCDE1234F2Z5', '07aapfu0939f1zv'],
      ['', '27AAPFU0939F1YV', '2AAPFU0939F1ZV', '27AAPFU0939F1Z', 'AAAPFU0939F1ZV1'],
      'Please enter a valid GST Registration Number.',
    );
  });

  it('IFSC: 4 alphanumerics, 0, 6 alphanumerics', () => {
    check(
      ifscSchema,
      ['SBIN0001234', 'HDFC0CAGSBK', 'icic0000104'],
      ['', 'SBIN1001234', 'SBIN000123', 'SBIN00012345', 'SBI-0001234'],
      'Please enter a valid IFSC Code (11 Digits).',
    );
  });

  it('account number: 10 to 18 digits', () => {
    check(
      accountNumberSchema,
      ['1234567890', '123456789012345678'],
      ['', '123456789', '1234567890123456789', '12345abc90'],
      'Account number should have at least 10 digits.',
    );
  });

  it('BO ID, DP ID and Client Id: exactly 16, 8 and 8 digits', () => {
    check(
      boIdSchema,
      ['1203320000123456'],
      ['', '120332000012345', '12033200001234567', 'IN30021412345678'],
      'Please enter a valid BO ID (16 Digits)',
    );
    check(dpIdSchema, ['12033200'], ['', '1203320', '120332001', 'IN300214'], 'Please enter a valid DP ID (8 Digits)');
    check(clientIdSchema, ['10234567'], ['', '1023456', '102345678', '1023456a'], 'Please enter a valid Client Id (8 Digits)');
  });

  it('name: required, letters and spaces only', () => {
    check(nameSchema, ['Ravi Kumar', 'ANITA', 'रवि कुमार'], [], '');
    check(nameSchema, [], ['', '  ', undefined], 'This field is required');
    check(nameSchema, [], ['R. Kumar', 'Ravi_Kumar', 'Ravi2', 'Ravi@Kumar'], 'Should not contain special characters.');
  });

  it('generic required text names the field', () => {
    const issuer = requiredTextSchema('Issuer');
    expect(issuer.parse(' NTPC ')).toBe('NTPC');
    check(issuer, [], ['', '   ', undefined, null], 'Issuer is required');
  });

  it('optionalField lets blank through and still checks a given value', () => {
    const gst = optionalField(gstSchema);
    expect(gst.parse('')).toBeUndefined();
    expect(gst.parse(null)).toBeUndefined();
    expect(gst.parse(undefined)).toBeUndefined();
    expect(gst.parse('27AAPFU0939F1ZV')).toBe('27AAPFU0939F1ZV');
    expect(messagesOf(gst, '27AAPFU')).toEqual(['Please enter a valid GST Registration Number.']);
  });
});
