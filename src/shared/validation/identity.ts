/** Identity, KYC and bank fields of spec 01 §5: OTP, PAN, GSTIN, demat ids, bank account, names. */
import { z } from 'zod';
import { BO_ID_LENGTH, CLIENT_ID_LENGTH, DP_ID_LENGTH, OTP_LENGTH } from '../constants.js';
import { patternField } from './fields.js';
import { maxCharsMessage, VALIDATION_MESSAGES as M, requiredMessage } from './messages.js';
import { TEXT_LIMITS } from './storableText.js';

const digits = (count: number) => new RegExp(`^\\d{${count}}$`);

/** Requires non-blank text, then hands over to the format check (abort keeps one message per field). */
const requiredString = (message: string) => z.string({ error: message }).trim().min(1, { error: message, abort: true });

/** Login OTP: exactly 6 digits. */
export const loginOtpSchema = requiredString(M.otpRequired).regex(digits(OTP_LENGTH), { error: M.otpDigits });

// Identifiers are stored upper-case; typed lower-case is accepted and normalised rather than refused.

/** PAN: 5 letters, 4 digits, 1 letter (ABCDE1234F). */
export const panSchema = patternField(/^[A-Z]{5}\d{4}[A-Z]$/, M.pan, { upperCase: true });

/** GSTIN: state code (2 digits), PAN, entity number, 'Z', check character: 15 characters. */
export const gstSchema = patternField(/^\d{2}[A-Z]{5}\d{4}[A-Z][A-Z0-9]Z[A-Z0-9]$/, M.gst, { upperCase: true });

/** IFSC: 4 alphanumerics (spec 01 §5; RBI uses letters), '0', 6 alphanumerics (SBIN0001234). */
export const ifscSchema = patternField(/^[A-Z0-9]{4}0[A-Z0-9]{6}$/, M.ifsc, { upperCase: true });

/** Bank account number: 10 to 18 digits. */
export const accountNumberSchema = patternField(/^\d{10,18}$/, M.accountNumber);

/** CDSL beneficial-owner id: exactly 16 digits. */
export const boIdSchema = patternField(digits(BO_ID_LENGTH), M.boId);

/** Depository participant id: exactly 8 digits (spec 01 §5; NSDL's 'IN' prefix is not accepted). */
export const dpIdSchema = patternField(digits(DP_ID_LENGTH), M.dpId);

/** Demat client id: exactly 8 digits. */
export const clientIdSchema = patternField(digits(CLIENT_ID_LENGTH), M.clientId);

/** Person's name: required, at most 150 characters, letters (any script, with their marks) and spaces only. */
export const nameSchema = requiredString(M.required)
  .max(TEXT_LIMITS.name, { error: maxCharsMessage(TEXT_LIMITS.name), abort: true })
  .regex(/^[\p{L}\p{M} ]+$/u, { error: M.specialCharacters });

/** Generic required text: blank → '{field} is required'. */
export function requiredTextSchema(field: string) {
  return requiredString(requiredMessage(field));
}
