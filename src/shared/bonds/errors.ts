/** Typed error for bad bond terms or inputs: callers can branch on `code` instead of parsing text. */

export type BondErrorCode =
  | 'BAD_DATE'
  | 'BAD_NUMBER'
  | 'BAD_FREQUENCY'
  | 'BAD_CONVENTION'
  | 'BAD_TERMS'
  | 'MATURED'
  | 'BEFORE_ISSUE'
  | 'CALL_PASSED'
  | 'BAD_PRICE'
  | 'BAD_YIELD'
  | 'NO_SOLUTION';

/** Thrown for any invalid bond input; never replaced by a silent NaN. */
export class BondTermsError extends Error {
  readonly code: BondErrorCode;
  constructor(code: BondErrorCode, message: string) {
    super(message);
    this.name = 'BondTermsError';
    this.code = code;
  }
}

/** Throws BAD_NUMBER unless `value` is a finite number. */
export function requireFinite(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new BondTermsError('BAD_NUMBER', `${what} must be a finite number, got ${String(value)}`);
  }
  return value;
}
