import { describe, expect, it } from 'vitest';
import { CROSS_FIELD_MESSAGES } from '../messages.js';
import * as validation from './index.js';
import { VALIDATION_MESSAGES, quantumMultipleMessage, requiredMessage } from './messages.js';

describe('VALIDATION_MESSAGES', () => {
  it('holds the texts of spec 01 §5 and spec 02 §5 word for word', () => {
    const texts: string[] = Object.values(VALIDATION_MESSAGES);
    for (const text of [
      'This field is required',
      'Should be number',
      'Cannot be negative',
      'Yield above 100%',
      'Should be less than 250',
      'Cannot be zero',
      'Max 12 digits',
      'Trade time cannot be later than the current time.',
      'Please enter valid time in HH:MM 24-hour format',
      'OTP is required',
      'Must be 6 digits',
      'Please enter a valid PAN (10 Digits)',
      'Please enter a valid Phone number.',
      'Please enter a valid email address.',
      'Please enter a valid Pincode',
      'Account number should have at least 10 digits.',
      'Please enter a valid IFSC Code (11 Digits).',
      'Please enter a valid GST Registration Number.',
      'Should not contain special characters.',
      'Enter a valid email ID',
      'Enter a valid business email',
      'Yield is required',
      'Price is required',
    ]) {
      expect(texts).toContain(text);
    }
  });

  it('builds the generic required and quantum-multiple messages', () => {
    expect(requiredMessage('Issue size')).toBe('Issue size is required');
    expect(quantumMultipleMessage(1000)).toBe('Should be a multiple of 1,000');
    expect(quantumMultipleMessage(10_000_000)).toBe('Should be a multiple of 1,00,00,000');
  });

  it('has no duplicate texts, and leaves the cross-field texts to src/shared/messages.ts', () => {
    const texts: string[] = Object.values(VALIDATION_MESSAGES);
    expect(new Set(texts).size).toBe(texts.length);
    for (const text of Object.values(CROSS_FIELD_MESSAGES)) expect(texts).not.toContain(text);
  });

  it('exports the whole API from the index', () => {
    for (const name of [
      'yieldPercentSchema',
      'tradeTimeSchema',
      'panSchema',
      'businessEmailSchema',
      'toApiYield',
      'withCrossFieldFirst',
      'VALIDATION_MESSAGES',
    ]) {
      expect(validation).toHaveProperty(name);
    }
  });
});
