import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { toApiError } from './errorHandler';

describe('toApiError', () => {
  it('answers a raced unique write with 409 WRITE_CONFLICT, however deep the driver error is wrapped', () => {
    const driver = Object.assign(new Error('duplicate key value violates unique constraint "users_email_lower_idx"'), { code: '23505' });
    const wrapped = Object.assign(new Error('Failed query: insert into users …'), { cause: driver });
    expect(toApiError(wrapped)).toEqual({
      status: 409,
      body: {
        code: 'WRITE_CONFLICT',
        message: 'Someone else saved the same thing at the same moment. Nothing was changed; please try again.',
      },
    });
  });

  it('keeps other database failures as 500s with no details', () => {
    const driver = Object.assign(new Error('relation "x" does not exist'), { code: '42P01' });
    expect(toApiError(Object.assign(new Error('Failed query'), { cause: driver }))).toEqual({
      status: 500,
      body: { code: 'INTERNAL', message: 'Internal Server Error' },
    });
  });

  it('sends an AppError as its code, message and fields', () => {
    expect(toApiError(new AppError('VALIDATION_FAILED', 'Bad', { a: 'Bad' }))).toEqual({
      status: 400,
      body: { code: 'VALIDATION_FAILED', message: 'Bad', fields: { a: 'Bad' } },
    });
  });
});
