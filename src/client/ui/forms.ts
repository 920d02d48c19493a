/** Form helpers: Blueprint inputs with react-hook-form, server field errors. */
import type { FieldValues, Path, UseFormRegister, UseFormSetError } from 'react-hook-form';
import { ApiRequestError } from '../api/http';

/** Registers `name` for a Blueprint input, which takes the DOM ref as `inputRef`. */
export function blueprintField<T extends FieldValues>(register: UseFormRegister<T>, name: Path<T>) {
  const { ref, ...rest } = register(name);
  return { ...rest, inputRef: ref };
}

/** The `fields` of a 400 answer (`{ code, message, fields }`), or an empty record. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiRequestError) || error.status !== 400) return {};
  const fields = (error.data as { fields?: unknown } | undefined)?.fields;
  if (!fields || typeof fields !== 'object') return {};
  return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/**
 * Shows a 400's field errors under the form's own fields (server paths are dotted, like the
 * form's); returns true when at least one was shown, so the caller can fall back to a toast.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  known: readonly Path<T>[],
): boolean {
  let shown = false;
  for (const [path, message] of Object.entries(serverFieldErrors(error))) {
    const field = known.find((name) => name === path);
    if (!field) continue;
    setError(field, { type: 'server', message }, { shouldFocus: !shown });
    shown = true;
  }
  return shown;
}
