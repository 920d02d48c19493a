/** One non-government bond (PSU, bank, NBFC, HFC, corporate) of a given variant. */
import { makeIsin } from '../../shared/isin.js';
import type { Seniority } from '../../shared/instruments.js';
import { corporateCoupon, couponIn, percentText, rateText, SENIORITY_SPREAD } from './coupons.js';
import { daysBetween, yearOf } from './dates.js';
import type { Rng } from './rng.js';
import { faceValueFor, firstCouponDate, growingMarket, issueDate, leapRuleFor, maturityAfter, optionSchedule, roman } from './terms.js';
import type { CorporateKind, Schedule, SeedInstrument, SeedIssuer } from './types.js';
import { CorporateSerials, pickFrequency, pickTenor, type BondVariant } from './variants.js';

/** Builds one bond of `variant` for `issuer`; `serials` keeps ISINs and series labels unique. */
export function makeCorporateBond(rng: Rng, issuer: SeedIssuer, variant: BondVariant, serials: CorporateSerials): SeedInstrument {
  const kind = issuer.kind as CorporateKind;
  const grade = issuer.grade ?? 'AAA';
  const seniority: Seniority =
    variant === 'tier2' ? 'TIER2' : variant === 'at1' ? 'AT1' : variant === 'subdebt' ? 'SUBORDINATED' : 'SENIOR';
  // Tax-free bonds were only allowed in the Union Budgets of 2011-12 to 2015-16.
  const issue = variant === 'taxfree' ? issueDate(rng, 2012, (y) => (y <= 2016 ? 1 : 0)) : issueDate(rng, 2010, growingMarket);
  const year = yearOf(issue);
  const tenor = pickTenor(rng, kind, variant);
  const odd = kind !== 'PSU' && kind !== 'BANK' && variant === 'plain' && rng.chance(0.35);
  const maturity =
    variant === 'at1' ? null : maturityAfter(issue, tenor, odd ? rng.int(1, 11) : 0, odd && rng.chance(0.4) ? rng.int(1, 27) : 0);

  let coupon = variant === 'taxfree' ? couponIn(rng, 6.6, 8.4, year) : corporateCoupon(rng, kind, grade, year, SENIORITY_SPREAD[seniority]);
  let frequency = pickFrequency(rng, kind, variant);
  let redemption = '100';
  if (variant === 'zero') {
    // A zero-coupon bond pays its yield as a redemption premium.
    redemption = (100 * (1 + coupon / 100) ** (daysBetween(issue, maturity!) / 365)).toFixed(4);
    coupon = 0;
    frequency = 0;
  }

  let callSchedule: Schedule[] = [];
  let putSchedule: Schedule[] = [];
  if (variant === 'tier2') callSchedule = optionSchedule(maturityAfter(issue, 5), maturity, 12, 10);
  if (variant === 'at1') callSchedule = optionSchedule(maturityAfter(issue, rng.chance(0.8) ? 5 : 10), null, 12, 10);
  if (variant === 'callable') {
    const first = maturityAfter(issue, Math.max(1, Math.floor(tenor / 2)));
    callSchedule = optionSchedule(first, maturity, 12, rng.chance(0.5) ? 1 : 5, rng.chance(0.2) ? 101 : 100);
  }
  if (variant === 'puttable') {
    putSchedule = optionSchedule(maturityAfter(issue, Math.max(1, tenor - 2)), maturity, 12, 1);
    // Indian NCDs often pair the put with a call on the same date ("put/call option").
    if (rng.chance(0.5)) callSchedule = putSchedule.map((p) => ({ ...p }));
  }

  const subordinated = seniority !== 'SENIOR';
  const isSecured = !subordinated && kind !== 'BANK' && rng.chance(SECURED_SHARE[kind]);
  const serial = serials.isinSerial(issuer.isinIssuerCode, isSecured ? '07' : '08');
  const couponAnchor = maturity ?? callSchedule[0]!.date;
  return {
    isin: makeIsin('INE', `${issuer.isinIssuerCode}${isSecured ? '07' : '08'}${serial}`),
    displayName: displayName(issuer, variant, coupon, maturity, serials),
    issuerCode: issuer.isinIssuerCode,
    securityType: kind,
    convention: 'IN_CORP',
    dayCount: 'ACT/ACT',
    leapRule: leapRuleFor(rng),
    couponRate: rateText(coupon),
    frequency,
    issueDate: issue,
    firstCouponDate: frequency === 0 ? null : firstCouponDate(issue, couponAnchor, frequency),
    maturityDate: maturity,
    redemption,
    callSchedule,
    putSchedule,
    faceValue: faceValueFor(rng, issue, kind === 'PSU' || kind === 'BANK' || subordinated),
    isListed: rng.chance(LISTED_SHARE[kind]),
    isSecured,
    isTaxFree: variant === 'taxfree',
    isPerpetual: variant === 'at1',
    seniority,
    available: rng.chance(0.985),
  };
}

const SECURED_SHARE: Readonly<Record<CorporateKind, number>> = { PSU: 0.25, BANK: 0, NBFC: 0.8, HFC: 0.8, CORPORATE: 0.65 };
const LISTED_SHARE: Readonly<Record<CorporateKind, number>> = { PSU: 0.93, BANK: 0.97, NBFC: 0.85, HFC: 0.88, CORPORATE: 0.78 };

/** Exchange-style names: "REC 7.55% 2031 SR 117", "BAJAJ FIN 8.10% NCD 2028 SR II", "SBI 7.72% AT1 PERP SR I". */
function displayName(issuer: SeedIssuer, variant: BondVariant, coupon: number, maturity: string | null, serials: CorporateSerials): string {
  const short = issuer.shortName;
  const c = `${percentText(coupon)}%`;
  const year = maturity === null ? 'PERP' : String(yearOf(maturity));
  const label =
    variant === 'zero'
      ? `ZCB ${year}`
      : variant === 'taxfree'
        ? `${c} TAX FREE ${year}`
        : variant === 'tier2'
          ? `${c} T2 ${year}`
          : variant === 'at1'
            ? `${c} AT1 PERP`
            : variant === 'subdebt'
              ? `${c} SUB DEBT ${year}`
              : issuer.kind === 'PSU' || issuer.kind === 'BANK'
                ? `${c} ${year}`
                : `${c} NCD ${year}`;
  // PSUs number their series across the whole programme; private issuers restart per year.
  if (issuer.kind === 'PSU') return `${short} ${label} SR ${100 + serials.series(issuer.isinIssuerCode)}`;
  return `${short} ${label} SR ${roman(serials.series(`${issuer.isinIssuerCode}|${year}`))}`;
}
