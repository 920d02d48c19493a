/** Public shapes of the bond engine (DESIGN §5). */

export type Convention = 'IN_GSEC' | 'IN_GSEC_30E' | 'IN_CORP';
export type LeapRule = 'BONDYEAR' | 'AFB' | 'YEAREND';
export type Frequency = 1 | 2 | 4 | 12;

export interface BondTerms {
  convention: Convention;
  /** YYYY-MM-DD */
  maturity: string;
  /** Annual coupon as a fraction: 0.0718 */
  couponRate: number;
  frequency: Frequency;
  /** Per 100 face, default 100. */
  redemption?: number;
  issueDate?: string;
  firstCouponDate?: string;
  /** Call or put date: the bond is priced to this date (yield-to-call/put). */
  callDate?: string;
  /** Per 100 face, paid on callDate; default = redemption. */
  callPrice?: number;
  /** IN_CORP only, default BONDYEAR. */
  leapRule?: LeapRule;
}

export interface Cashflow {
  date: string;
  amount: number;
  type: 'coupon' | 'redemption';
}

export interface Priced {
  cleanPrice: number;
  dirtyPrice: number;
  accruedInterest: number;
  yield: number;
  previousCouponDate: string;
  nextCouponDate: string;
  accruedDays: number;
  couponPeriodDays: number;
  /** Future cashflows only: a coupon due on the settlement date belongs to the seller. */
  cashflows: Cashflow[];
}
