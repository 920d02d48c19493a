/** Contact fields of spec 01 §5: mobile, e-mail, pincode and business e-mail. */
import { z } from 'zod';
import { BLOCKED_EMAIL_PROVIDERS, PINCODE_LENGTH } from '../constants.js';
import { patternField } from './fields.js';
import { VALIDATION_MESSAGES as M } from './messages.js';
import { TEXT_LIMITS } from './storableText.js';

/** Indian mobile: optional +91 or 91, then 10 digits starting 6-9 (+919876543210, 9876543210). */
export const mobileSchema = patternField(/^(\+91|91)?[6-9]\d{9}$/, M.mobile);

/** E-mail address. */
export const emailSchema = patternField(z.regexes.email, M.email, { maxLength: TEXT_LIMITS.email });

/** Pincode: 6 digits. */
export const pincodeSchema = patternField(new RegExp(`^\\d{${PINCODE_LENGTH}}$`), M.pincode);

const blocked: readonly string[] = BLOCKED_EMAIL_PROVIDERS;

/** True when the address is at a free provider: the domain's first label (gmail.com, yahoo.co.in). */
export function isFreeEmailProvider(email: string): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1);
  return blocked.includes(domain.split('.')[0].toLowerCase());
}

/**
 * Business e-mail: a blank or malformed address gets 'Enter a valid email ID' (the spec gives the
 * rule no separate required text), a free provider 'Enter a valid business email'.
 */
export const businessEmailSchema = patternField(z.regexes.email, M.emailId, { maxLength: TEXT_LIMITS.email }).refine(
  (email) => !isFreeEmailProvider(email),
  {
    error: M.businessEmail,
  },
);
