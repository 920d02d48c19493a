/** Which text an error toast shows (spec 02 §8 message choice). */
import { TOAST_TEXT } from '../../shared/messages';
import { ApiRequestError } from '../api/http';

/** The first field message in an error body: our `fields`, then nested or non-field errors. */
export function firstFieldError(data: unknown): string | undefined {
  if (typeof data === 'string') return data || undefined;
  if (Array.isArray(data)) {
    for (const item of data) {
      const found = firstFieldError(item);
      if (found) return found;
    }
    return undefined;
  }
  if (data && typeof data === 'object') {
    const record = data as Record<string, unknown>;
    const ordered = [
      'fields',
      'non_field_errors',
      ...Object.keys(record).filter((k) => k !== 'code' && k !== 'fields' && k !== 'non_field_errors'),
    ];
    for (const key of ordered) {
      const found = firstFieldError(record[key]);
      if (found) return found;
    }
  }
  return undefined;
}

/** A string error as is; a 4xx's first field error; otherwise the caller's default, else 'Something went wrong!'. */
export function toastMessageFromError(error: unknown, fallback?: string): string {
  if (typeof error === 'string' && error) return error;
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) {
    const found = firstFieldError(error.data);
    if (found) return found;
  }
  return fallback ?? TOAST_TEXT.fallback;
}
