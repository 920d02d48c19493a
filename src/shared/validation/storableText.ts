/**
 * Text the database can store as typed: PostgreSQL refuses a NUL character (the request would fail
 * with a 500) and stores half of a UTF-16 surrogate pair as "�". One ceiling bounds every string a
 * request carries; each field's own, tighter limit lives in its schema.
 */

/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Longest string any request may carry (the client-error report's stack trace is the longest field, 32,000). */
export const ANY_TEXT_MAX_CHARS = 32_000;

/** Limits of free-text fields the spec leaves open: a person's name, an e-mail address (RFC 5321). */
export const TEXT_LIMITS = { name: 150, email: 254 } as const;

export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}
