/** Checks bond terms once and turns them into day serials, so later stages never see bad input. */
import { BondTermsError, requireFinite } from './errors.js';
import { dayOf, monthIndexOf, parseDate } from './dates.js';
import type { BondTerms, Convention, LeapRule } from './types.js';

const CONVENTIONS: readonly Convention[] = ['IN_GSEC', 'IN_GSEC_30E', 'IN_CORP'];
const LEAP_RULES: readonly LeapRule[] = ['BONDYEAR', 'AFB', 'YEAREND'];

/** Terms normalised to serials and plain numbers (0 = G-sec bond basis, 1 = 30E/360, 2 = corporate). */
export interface NormTerms {
  kind: 0 | 1 | 2;
  maturity: number;
  maturityDay: number;
  /** Maturity's month index (for monthDate): coupon dates are grid months back from it. */
  maturityMonth: number;
  coupon: number;
  freq: number;
  /** Months between coupons. */
  step: number;
  redemption: number;
  issue: number | undefined;
  firstCoupon: number | undefined;
  /** Final cashflow date: the call/put date when given, else maturity. */
  final: number;
  finalAmount: number;
  leap: LeapRule;
}

function optDate(text: string | undefined, what: string): number | undefined {
  return text === undefined || text === null ? undefined : parseDate(text, what);
}

/** Validates `terms` and returns their normalised form; throws BondTermsError on anything bad. */
export function normalizeTerms(terms: BondTerms): NormTerms {
  if (terms === null || typeof terms !== 'object') throw new BondTermsError('BAD_TERMS', 'bond terms must be an object');
  const kind = CONVENTIONS.indexOf(terms.convention);
  if (kind < 0) {
    throw new BondTermsError(
      'BAD_CONVENTION',
      `convention must be one of ${CONVENTIONS.join(', ')}, got ${JSON.stringify(terms.convention)}`,
    );
  }
  const freq = terms.frequency as number;
  if (freq !== 1 && freq !== 2 && freq !== 4 && freq !== 12) {
    throw new BondTermsError('BAD_FREQUENCY', `frequency must be 1, 2, 4 or 12 coupons a year, got ${String(terms.frequency)}`);
  }
  const coupon = requireFinite(terms.couponRate, 'couponRate');
  if (coupon < 0 || coupon > 1) throw new BondTermsError('BAD_TERMS', `couponRate must be a fraction between 0 and 1, got ${coupon}`);
  const redemption = terms.redemption === undefined ? 100 : requireFinite(terms.redemption, 'redemption');
  if (redemption <= 0) throw new BondTermsError('BAD_TERMS', `redemption must be positive, got ${redemption}`);
  const maturity = parseDate(terms.maturity, 'maturity');
  const issue = optDate(terms.issueDate, 'issueDate');
  const firstCoupon = optDate(terms.firstCouponDate, 'firstCouponDate');
  const call = optDate(terms.callDate, 'callDate');
  if (issue !== undefined && issue >= maturity)
    throw new BondTermsError('BAD_TERMS', `issueDate ${terms.issueDate} must be before maturity ${terms.maturity}`);
  if (firstCoupon !== undefined && (firstCoupon > maturity || (issue !== undefined && firstCoupon <= issue))) {
    throw new BondTermsError('BAD_TERMS', `firstCouponDate ${terms.firstCouponDate} must be after issueDate and not after maturity`);
  }
  if (call !== undefined && (call > maturity || (issue !== undefined && call <= issue))) {
    throw new BondTermsError('BAD_TERMS', `callDate ${terms.callDate} must be after issueDate and not after maturity`);
  }
  let finalAmount = redemption;
  if (terms.callPrice !== undefined) {
    finalAmount = requireFinite(terms.callPrice, 'callPrice');
    if (finalAmount <= 0) throw new BondTermsError('BAD_TERMS', `callPrice must be positive, got ${finalAmount}`);
    if (call === undefined) throw new BondTermsError('BAD_TERMS', 'callPrice needs a callDate');
  }
  const leap = terms.leapRule ?? 'BONDYEAR';
  if (!LEAP_RULES.includes(leap))
    throw new BondTermsError('BAD_TERMS', `leapRule must be one of ${LEAP_RULES.join(', ')}, got ${JSON.stringify(terms.leapRule)}`);
  if (terms.leapRule !== undefined && kind !== 2) throw new BondTermsError('BAD_TERMS', 'leapRule applies to IN_CORP bonds only');
  return {
    kind: kind as 0 | 1 | 2,
    maturity,
    maturityDay: dayOf(maturity),
    maturityMonth: monthIndexOf(maturity),
    coupon,
    freq,
    step: 12 / freq,
    redemption,
    issue,
    firstCoupon,
    final: call ?? maturity,
    finalAmount,
    leap,
  };
}

// A universe is valued at one settlement: its text is parsed once, not once per bond.
let lastSettlementText = '';
let lastSettlement = 0;

function settlementSerial(settlement: string): number {
  if (settlement !== lastSettlementText) {
    lastSettlement = parseDate(settlement, 'settlement');
    lastSettlementText = settlement;
  }
  return lastSettlement;
}

/** Parses and checks a settlement date against the terms (before final date, not before issue). */
export function checkSettlement(norm: NormTerms, settlement: string, terms: BondTerms): number {
  const s = settlementSerial(settlement);
  if (s >= norm.maturity) throw new BondTermsError('MATURED', `settlement ${settlement} must be before maturity ${terms.maturity}`);
  if (s >= norm.final)
    throw new BondTermsError(
      'CALL_PASSED',
      `settlement ${settlement} is on or after the call/put date ${terms.callDate}: pass the next call date`,
    );
  if (norm.issue !== undefined && s < norm.issue) {
    throw new BondTermsError('BEFORE_ISSUE', `settlement ${settlement} is before the issue date ${terms.issueDate}`);
  }
  return s;
}
