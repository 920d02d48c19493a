/** Validation messages of spec 01 §5 and spec 02 §5, word for word; forms and routes read them from here. */
import { YIELD_MAX_CHARS } from '../constants.js';

/** Every field-level validation message, keyed by the rule that raises it. */
export const VALIDATION_MESSAGES = {
  // Spec 01 §5, verbatim.
  required: 'This field is required',
  notNumber: 'Should be number',
  negative: 'Cannot be negative',
  yieldAbove100: 'Yield above 100%',
  priceAbove250: 'Should be less than 250',
  zero: 'Cannot be zero',
  max12Digits: 'Max 12 digits',
  tradeTimeLater: 'Trade time cannot be later than the current time.',
  tradeTimeFormat: 'Please enter valid time in HH:MM 24-hour format',
  otpRequired: 'OTP is required',
  otpDigits: 'Must be 6 digits',
  pan: 'Please enter a valid PAN (10 Digits)',
  mobile: 'Please enter a valid Phone number.',
  email: 'Please enter a valid email address.',
  pincode: 'Please enter a valid Pincode',
  accountNumber: 'Account number should have at least 10 digits.',
  ifsc: 'Please enter a valid IFSC Code (11 Digits).',
  gst: 'Please enter a valid GST Registration Number.',
  specialCharacters: 'Should not contain special characters.',
  emailId: 'Enter a valid email ID',
  businessEmail: 'Enter a valid business email',

  // Spec 02 §5 (pricing-input widget), verbatim.
  pricingYieldRequired: 'Yield is required',
  pricingPriceRequired: 'Price is required',

  // Ours: the spec names these rules but gives no text, so we wrote them in the spec's style.
  yieldMaxChars: `Max ${YIELD_MAX_CHARS} characters`,
  wholeNumber: 'Should be whole number',
  boId: 'Please enter a valid BO ID (16 Digits)',
  dpId: 'Please enter a valid DP ID (8 Digits)',
  clientId: 'Please enter a valid Client Id (8 Digits)',
  date: 'Please enter a valid date',
  settlementBeforeTrade: 'Settlement date cannot be earlier than the trade date.',
  settlementWeekend: 'Settlement date cannot be on a weekend.',
  settlementHoliday: 'Settlement date cannot be on a holiday.',
  pricingPriceMin: 'Should be at least 1',
  priceDecimals: 'Max 4 decimals',
  unstorableText: 'Should not contain a NUL character or a broken Unicode character.',
  id: 'Should be a valid id (a whole number from 1 to 2147483647)',
} as const;

/** Ours, in the style of 'Max 12 digits': a text longer than its field allows. */
export const maxCharsMessage = (max: number) => `Max ${max} characters`;

/** The generic required message of spec 01 §5: '{field} is required'. */
export const requiredMessage = (field: string) => `${field} is required`;

/** Ours (DESIGN §4 asks for a message, the spec gives none): a quantum not a multiple of the face value. */
export const quantumMultipleMessage = (faceValue: number) => `Should be a multiple of ${new Intl.NumberFormat('en-IN').format(faceValue)}`;
