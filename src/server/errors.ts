/** The one way a server module reports a failure to the caller: a catalogued code with a message. */
import { ERROR_CATALOGUE, type ErrorCode } from '../shared/errors.js';

export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string = ERROR_CATALOGUE[code].message,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_CATALOGUE[code].status;
  }
}
