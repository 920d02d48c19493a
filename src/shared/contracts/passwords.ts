/** Contracts of the password reset (spec 01 §7 Auth) and the password rules every new password meets. */
import { z } from 'zod';
import { recordIdSchema } from '../validation/ids.js';
import { emailSchema } from '../validation/index.js';

export const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 256;

/** Ours: the spec gives no password rules; these follow the common wording of such checks. */
export const PASSWORD_MESSAGES = {
  required: 'Password is required',
  tooShort: `This password is too short. It must contain at least ${PASSWORD_MIN_LENGTH} characters.`,
  tooLong: `This password is too long. It must contain at most ${PASSWORD_MAX_LENGTH} characters.`,
  numeric: 'This password is entirely numeric.',
  similarToEmail: 'The password is too similar to the email address.',
  mismatch: 'The two password fields didn’t match.',
  webUrl: 'Please enter a valid URL.',
  tokenRequired: 'The reset link is missing its token.',
} as const;

/** A new password: at least 8 characters, not all digits (the e-mail check needs the e-mail: see below). */
export const newPasswordSchema = z
  .string({ error: PASSWORD_MESSAGES.required })
  .min(1, { error: PASSWORD_MESSAGES.required, abort: true })
  .min(PASSWORD_MIN_LENGTH, { error: PASSWORD_MESSAGES.tooShort, abort: true })
  .max(PASSWORD_MAX_LENGTH, { error: PASSWORD_MESSAGES.tooLong, abort: true })
  .refine((v) => !/^\d+$/.test(v), { error: PASSWORD_MESSAGES.numeric });

/** True when the password is the e-mail address or its part before the @ (any case). */
export function isSimilarToEmail(password: string, email: string): boolean {
  const p = password.trim().toLowerCase();
  const e = email.trim().toLowerCase();
  return p === e || p === e.slice(0, e.indexOf('@'));
}

export const resetPasswordSchema = z.object({
  email: emailSchema,
  /** The page that reads `uid` and `token` from its query string. */
  web_url: z.url({ protocol: /^https?$/, error: PASSWORD_MESSAGES.webUrl }).max(2000, { error: PASSWORD_MESSAGES.webUrl }),
});

export const changePasswordParamsSchema = z.object({ userId: recordIdSchema() });

export const changePasswordSchema = z
  .object({
    new_password1: newPasswordSchema,
    new_password2: z.string({ error: PASSWORD_MESSAGES.required }),
    token: z.string({ error: PASSWORD_MESSAGES.tokenRequired }).trim().min(1, { error: PASSWORD_MESSAGES.tokenRequired }).max(200),
  })
  .refine((v) => v.new_password1 === v.new_password2, { error: PASSWORD_MESSAGES.mismatch, path: ['new_password2'] });
