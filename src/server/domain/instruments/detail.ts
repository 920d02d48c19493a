/** Bond detail (spec 01 §7 Instruments), credit rationale and the v2 info with its market summary. */
import { businessDateOf } from '../../../shared/businessDate.js';
import type { Clock } from '../../../shared/clock.js';
import type { BondDetail, BondInfo } from '../../../shared/contracts/instruments.js';
import type { DbOrTx } from '../../db/database.js';
import { addBusinessDays, loadHolidays } from '../pricing/settlement.js';
import { lastTradingDay, loadFinstrument, loadIssuer, loadRatings } from './repository.js';
import { isMatured, priceableTerms, type FinstrumentRow } from './terms.js';

type LoadedRating = Awaited<ReturnType<typeof loadRatings>>[number];

const ratingOut = (r: LoadedRating) => ({ agency: r.agency, rating: r.rating, outlook: r.outlook, rated_on: r.ratedOn, level: r.level });

/** The detail of a loaded row; `today` decides matured, T+1 decides whether it can be priced. */
export async function detailOf(db: DbOrTx, row: FinstrumentRow, today: string): Promise<BondDetail & { ratingRows: LoadedRating[] }> {
  const issuer = await loadIssuer(db, row.issuerId);
  const ratingRows = await loadRatings(db, row);
  const closed = await loadHolidays(db, today);
  const settlement = addBusinessDays(today, 1, closed);
  return {
    id: row.id,
    isin: row.isin,
    display_name: row.displayName,
    identifiers: { ISIN: row.isin },
    issuer,
    security_type: row.securityType,
    convention: row.convention,
    day_count: row.dayCount,
    coupon_rate: Number(row.couponRate),
    frequency: row.frequency,
    issue_date: row.issueDate,
    first_coupon_date: row.firstCouponDate,
    maturity_date: row.maturityDate,
    redemption: Number(row.redemption),
    call_schedule: row.callSchedule,
    put_schedule: row.putSchedule,
    face_value: row.faceValue,
    is_listed: row.isListed,
    is_secured: row.isSecured,
    is_tax_free: row.isTaxFree,
    is_perpetual: row.isPerpetual,
    seniority: row.seniority,
    ratings: ratingRows.map(ratingOut),
    available: row.available,
    matured: isMatured(row, today),
    can_be_priced: priceableTerms(row, settlement).ok,
    ratingRows,
  };
}

export async function bondDetail(db: DbOrTx, clock: Clock, id: number): Promise<BondDetail> {
  const { ratingRows: _ratings, ...detail } = await detailOf(db, await loadFinstrument(db, id), businessDateOf(clock.now()));
  return detail;
}

export async function bondInfo(db: DbOrTx, clock: Clock, id: number): Promise<BondInfo> {
  const today = businessDateOf(clock.now());
  const detail = await bondDetail(db, clock, id);
  return { ...detail, market: await lastTradingDay(db, id, today) };
}

/** Ratings with their rationale: instrument-level first, then the issuer's. */
export async function creditRationale(db: DbOrTx, id: number) {
  const rows = await loadRatings(db, await loadFinstrument(db, id));
  return { results: rows.map((r) => ({ ...ratingOut(r), rationale: r.rationale })) };
}
