/**
 * What a failed trading command shows (spec 02 §8): the server's field messages under their
 * fields, its other messages in the dialog, and the error toast with its sound for everything.
 */
import type { z } from 'zod';
import { serverFieldErrors } from '../../../ui/forms';
import { showToast } from '../../../ui/toaster';
import { toastMessageFromError } from '../../../ui/toastMessage';

export type FieldErrors = Record<string, string>;

/** The contract's messages for `input`, keyed by field ('' for a cross-field rule), first message per field. */
export function contractErrors(schema: z.ZodType, input: unknown): FieldErrors {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : '';
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * The field errors of a failed command, and the toast: a 400's field messages go under the fields
 * the form has; anything else (a cross-field rule, 403, 409) becomes the form's problem.
 */
export function commandFailure(error: unknown, fields: readonly string[]): FieldErrors {
  const message = toastMessageFromError(error);
  void showToast({ severity: 'error', summary: message });
  const known = Object.entries(serverFieldErrors(error)).filter(([field]) => fields.includes(field));
  return known.length > 0 ? Object.fromEntries(known) : { '': message };
}

/** The errors without `field`'s (the user changed that field). */
export function withoutKey(errors: FieldErrors, field: string): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([key]) => key !== field));
}
