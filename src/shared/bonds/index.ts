/** Bond analytics engine (DESIGN §5): pure, dependency-free, shared by server and client. */
export type { BondTerms, Cashflow, Convention, Frequency, LeapRule, Priced } from './types.js';
export { BondTermsError, type BondErrorCode } from './errors.js';
export {
  cleanPriceFromYield,
  convexity,
  macaulayDuration,
  modifiedDuration,
  priceFromYield,
  yieldFromCleanPrice,
  valueBonds,
  yieldFromPrice,
  type BondValues,
} from './pricing.js';
export { clearBondCache } from './cache.js';
export * as excel from './excel.js';
