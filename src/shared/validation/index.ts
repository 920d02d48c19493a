/** Validation rules of spec 01 §5 and spec 02 §5 with their exact messages, for forms and routes. */
export * from './messages.js';
export * from './fields.js';
export * from './trading.js';
export * from './dates.js';
export * from './identity.js';
export * from './contact.js';
export * from './pricingInput.js';
export * from './crossField.js';
export * from './search.js';
export * from './ids.js';
export * from './storableText.js';
export { shiftDecimal } from './decimal.js';
