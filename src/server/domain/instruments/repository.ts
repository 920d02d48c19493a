/** Reads of one bond: the row (404 when unknown), its issuer, its ratings and its last trading day on the tape. */
import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { finstruments, issuers, marketTrades, ratings } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { FinstrumentRow } from './terms.js';

export async function loadFinstrument(db: DbOrTx, id: number): Promise<FinstrumentRow> {
  const [row] = await db.select().from(finstruments).where(eq(finstruments.id, id));
  return row ?? notFound();
}

export async function loadFinstrumentByIsin(db: DbOrTx, isin: string): Promise<FinstrumentRow> {
  const [row] = await db.select().from(finstruments).where(eq(finstruments.isin, isin));
  return row ?? notFound();
}

function notFound(): never {
  throw new AppError('NOT_FOUND', 'Bond not found.');
}

export async function loadIssuer(db: DbOrTx, issuerId: number) {
  const [row] = await db
    .select({ id: issuers.id, name: issuers.name, sector: issuers.sector })
    .from(issuers)
    .where(eq(issuers.id, issuerId));
  if (!row) throw new AppError('NOT_FOUND', 'Issuer not found.');
  return row;
}

/** Ratings for the bond: instrument-level first, then the issuer's senior ratings; newest first within each. */
export async function loadRatings(db: DbOrTx, row: FinstrumentRow) {
  const rows = await db
    .select()
    .from(ratings)
    .where(and(eq(ratings.issuerId, row.issuerId), or(eq(ratings.finstrumentId, row.id), isNull(ratings.finstrumentId))))
    .orderBy(sql`${ratings.finstrumentId} is null`, desc(ratings.ratedOn), ratings.id);
  return rows.map((r) => ({ ...r, level: r.finstrumentId === null ? ('ISSUER' as const) : ('INSTRUMENT' as const) }));
}

export interface MarketSummary {
  last_trade_date: string;
  /** Volume-weighted over the last trading day on or before `asOf`. */
  last_yield: number;
  last_price: number;
  trades_on_last_day: number;
}

export async function lastTradingDay(db: DbOrTx, finstrumentId: number, asOf: string): Promise<MarketSummary | null> {
  const result = await db.execute(sql`
    with day as (
      select max(${marketTrades.tradeDate}) as d from ${marketTrades}
      where ${marketTrades.finstrumentId} = ${finstrumentId} and ${marketTrades.tradeDate} <= ${asOf}
    )
    select day.d::text as d, sum(t.yield * t.quantity) / sum(t.quantity) as y, sum(t.clean_price * t.quantity) / sum(t.quantity) as p, count(*)::int as n
    from ${marketTrades} t join day on t.trade_date = day.d
    where t.finstrument_id = ${finstrumentId}
    group by day.d`);
  const [first] = (result as unknown as { rows: { d: string; y: string; p: string; n: number }[] }).rows;
  if (!first) return null;
  return {
    last_trade_date: first.d,
    last_yield: Number(Number(first.y).toFixed(6)),
    last_price: Number(Number(first.p).toFixed(4)),
    trades_on_last_day: Number(first.n),
  };
}
