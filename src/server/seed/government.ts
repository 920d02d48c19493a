/** Central government dated securities (G-secs) and state development loans (SDLs). */
import { GOVERNMENT_FACE_VALUE } from '../../shared/instruments.js';
import { makeIsin } from '../../shared/isin.js';
import { couponIn, percentText, rateText } from './coupons.js';
import { addDays, weekday, yearOf } from './dates.js';
import type { Rng } from './rng.js';
import { firstCouponDate, growingMarket, issueDate, maturityAfter } from './terms.js';
import type { SeedInstrument, SeedIssuer } from './types.js';

const GSEC_TENORS: readonly (readonly [number, number])[] = [
  [5, 12],
  [7, 12],
  [10, 30],
  [14, 10],
  [15, 8],
  [30, 12],
  [40, 10],
  [50, 6],
];
const SDL_TENORS: readonly (readonly [number, number])[] = [
  [3, 5],
  [5, 10],
  [7, 10],
  [10, 45],
  [12, 5],
  [15, 10],
  [20, 8],
  [25, 3],
  [30, 4],
];

/** Per-year serial counters behind the ISINs (IN + state code + year + serial). */
export class GovernmentSerials {
  private readonly next = new Map<string, number>();
  /** The next serial for `key`, starting at 1. */
  take(key: string): number {
    const n = (this.next.get(key) ?? 0) + 1;
    this.next.set(key, n);
    return n;
  }
}

/** Display names already used: a real G-sec or SDL name identifies one security. */
export type NameRegistry = Set<string>;

/** One G-sec: "7.18% GS 2033", semi-annual, 30/360, ₹100 face. */
export function makeGsec(rng: Rng, goi: SeedIssuer, serials: GovernmentSerials, names: NameRegistry): SeedInstrument {
  const issue = issueDate(rng, 2000, () => 1);
  const tenor = rng.weighted(GSEC_TENORS);
  const maturity = maturityAfter(issue, tenor);
  const year = yearOf(issue);
  const coupon = uniqueCoupon(couponIn(rng, 6.5, 7.9, year), (c) => `${percentText(c)}% GS ${yearOf(maturity)}`, names);
  const serial = serials.take(`GS${year}`);
  return governmentBond(goi, 'GSEC', makeIsin('IN00', `${year}${pad3(serial)}`), coupon.name, coupon.rate, issue, maturity);
}

/** One SDL: "7.65% MAHARASHTRA SDL 2031"; auctioned on Tuesdays like the real ones. */
export function makeSdl(rng: Rng, state: SeedIssuer, serials: GovernmentSerials, names: NameRegistry, variant30E: boolean): SeedInstrument {
  let issue = issueDate(rng, 2012, growingMarket);
  while (weekday(issue) !== 2) issue = addDays(issue, -1);
  const tenor = rng.weighted(SDL_TENORS);
  const maturity = maturityAfter(issue, tenor);
  const year = yearOf(issue);
  const name = (c: number) => `${percentText(c)}% ${state.shortName} SDL ${yearOf(maturity)}`;
  const coupon = uniqueCoupon(couponIn(rng, 6.8, 8.2, year), name, names);
  const serial = serials.take(`${state.isinIssuerCode}${year}`);
  const isin = makeIsin(state.isinIssuerCode, `${year}${pad3(serial)}`);
  const bond = governmentBond(state, 'SDL', isin, coupon.name, coupon.rate, issue, maturity);
  // A few loans document the 30E/360 variant of the G-sec convention (DESIGN §5).
  return variant30E ? { ...bond, convention: 'IN_GSEC_30E', dayCount: '30E/360' } : bond;
}

function governmentBond(
  issuer: SeedIssuer,
  securityType: 'GSEC' | 'SDL',
  isin: string,
  displayName: string,
  coupon: number,
  issue: string,
  maturity: string,
): SeedInstrument {
  return {
    isin,
    displayName,
    issuerCode: issuer.isinIssuerCode,
    securityType,
    convention: 'IN_GSEC',
    dayCount: '30/360',
    // Leap-year rules only matter to ACT/ACT; 30/360 never looks at the calendar.
    leapRule: null,
    couponRate: rateText(coupon),
    frequency: 2,
    issueDate: issue,
    firstCouponDate: firstCouponDate(issue, maturity, 2),
    maturityDate: maturity,
    redemption: '100',
    callSchedule: [],
    putSchedule: [],
    faceValue: GOVERNMENT_FACE_VALUE,
    isListed: true,
    isSecured: false,
    isTaxFree: false,
    isPerpetual: false,
    seniority: 'SENIOR',
    available: true,
  };
}

/** The coupon nearest `start` (±1 bp, ±2 bp, …) whose display name is still free. */
function uniqueCoupon(start: number, nameOf: (c: number) => string, names: NameRegistry) {
  for (let k = 0; ; k++) {
    const rate = Math.round((start + (k % 2 ? 1 : -1) * Math.ceil(k / 2) * 0.01) * 100) / 100;
    const name = nameOf(rate);
    if (!names.has(name)) {
      names.add(name);
      return { rate, name };
    }
  }
}

function pad3(n: number): string {
  return String(n).padStart(3, '0');
}
