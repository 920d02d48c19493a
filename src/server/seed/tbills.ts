/**
 * Treasury bills: 91, 182 and 364-day discount paper auctioned every week. Unlike every other
 * instrument they follow the caller's reference date, because a fixed calendar would leave the
 * demo without a single live T-bill a year later.
 */
import { GOVERNMENT_FACE_VALUE } from '../../shared/instruments.js';
import { makeIsin } from '../../shared/isin.js';
import { rateText } from './coupons.js';
import { addDays, daysBetween, formatDayMonYear, weekday, yearOf } from './dates.js';
import type { SeedInstrument, SeedIssuer } from './types.js';

/** [tenor in days, ISIN tenor letter]: the depositories' X/Y/Z series. */
const TENORS = [
  [91, 'X'],
  [182, 'Y'],
  [364, 'Z'],
] as const;

/** The T-bills of the last `weeks` weekly auctions up to `referenceDate`, newest first. */
export function makeTbills(goi: SeedIssuer, referenceDate: string, weeks: number): SeedInstrument[] {
  // Auctions settle on Thursdays: start from the last Thursday on or before the reference date.
  let issue = referenceDate;
  while (weekday(issue) !== 4) issue = addDays(issue, -1);
  const out: SeedInstrument[] = [];
  for (let w = 0; w < weeks; w++, issue = addDays(issue, -7)) {
    // The week of the year numbers the auction, so every ISIN is unique within its year.
    const week = Math.floor(daysBetween(`${yearOf(issue)}-01-01`, issue) / 7) + 1;
    for (const [days, letter] of TENORS) {
      const maturity = addDays(issue, days);
      out.push({
        isin: makeIsin('IN00', `${yearOf(issue)}${letter}${String(week).padStart(2, '0')}`),
        displayName: `${days} DTB ${formatDayMonYear(maturity)}`,
        issuerCode: goi.isinIssuerCode,
        securityType: 'TBILL',
        convention: 'IN_GSEC',
        // Discount paper accrues nothing; ACT/365 is the closest basis the schema offers.
        dayCount: 'ACT/365',
        leapRule: null,
        couponRate: rateText(0),
        frequency: 0,
        issueDate: issue,
        firstCouponDate: null,
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
      });
    }
  }
  return out;
}
