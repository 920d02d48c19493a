import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../api/http';
import { toastMessageFromError } from './toastMessage';

const failure = (status: number, data: unknown) => new ApiRequestError(`[POST] "/api/x": ${status} X`, status, data);

describe('toast message choice (spec 02 §8)', () => {
  it('uses a string error as is', () => {
    expect(toastMessageFromError('Quote expired')).toBe('Quote expired');
  });

  it('uses the first field error of a 4xx: our fields, nested, or non-field errors', () => {
    expect(
      toastMessageFromError(
        failure(400, { code: 'VALIDATION_FAILED', message: 'Some fields are not valid.', fields: { quantum: 'Cannot be zero' } }),
      ),
    ).toBe('Cannot be zero');
    expect(toastMessageFromError(failure(400, { settlement: { date: ['Settlement date is required'] } }))).toBe(
      'Settlement date is required',
    );
    expect(toastMessageFromError(failure(409, { non_field_errors: ['EOI already closed'] }))).toBe('EOI already closed');
  });

  it('uses the default for other statuses and unparsable bodies, else Something went wrong!', () => {
    expect(toastMessageFromError(failure(500, { message: 'db down' }), 'Could not load the market')).toBe('Could not load the market');
    expect(toastMessageFromError(failure(400, undefined))).toBe('Something went wrong!');
    expect(toastMessageFromError(new Error('boom'))).toBe('Something went wrong!');
  });
});
