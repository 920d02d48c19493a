/** Paged lists around one bond: the issuer's other bonds, the bond's trade tape, and the tradable universe. */
import { and, asc, count, desc, eq, gt, gte, ilike, isNull, lte, ne, or, type SQL } from 'drizzle-orm';
import { businessDateOf } from '../../../shared/businessDate.js';
import type { Principal } from '../../../shared/accessPolicy.js';
import type { Clock } from '../../../shared/clock.js';
import type { z } from 'zod';
import type { sameIssuerRequestSchema, tradableQuerySchema, tradesRequestSchema } from '../../../shared/contracts/instruments.js';
import type { DbOrTx } from '../../db/database.js';
import { finstruments, marketTrades } from '../../db/schema.js';
import { loadFinstrument } from './repository.js';

type SameIssuerRequest = z.infer<typeof sameIssuerRequestSchema>;
type TradesRequest = z.infer<typeof tradesRequestSchema>;
type TradableQuery = z.infer<typeof tradableQuerySchema>;

const notMatured = (today: string) => or(isNull(finstruments.maturityDate), gt(finstruments.maturityDate, today));
const pageArgs = (p: { page: number; page_size: number }) => ({ limit: p.page_size, offset: (p.page - 1) * p.page_size });

export async function sameIssuerBonds(db: DbOrTx, clock: Clock, id: number, body: SameIssuerRequest) {
  const row = await loadFinstrument(db, id);
  const today = businessDateOf(clock.now());
  const where = and(
    eq(finstruments.issuerId, row.issuerId),
    ne(finstruments.id, id),
    body.filters.include_matured ? undefined : notMatured(today),
  );
  const column = { maturity_date: finstruments.maturityDate, coupon_rate: finstruments.couponRate, display_name: finstruments.displayName }[
    body.sort?.field ?? 'maturity_date'
  ];
  const direction = body.sort?.direction === 'desc' ? desc : asc;
  const { limit, offset } = pageArgs(body.pagination);
  // One connection at a time: the page, then its count.
  const rows = await db
    .select()
    .from(finstruments)
    .where(where)
    .orderBy(direction(column), asc(finstruments.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(finstruments).where(where);
  return {
    results: rows.map((r) => ({
      id: r.id,
      isin: r.isin,
      display_name: r.displayName,
      coupon_rate: Number(r.couponRate),
      maturity_date: r.maturityDate,
      security_type: r.securityType,
      is_listed: r.isListed,
      available: r.available,
      matured: r.maturityDate !== null && r.maturityDate <= today,
    })),
    count: total?.n ?? 0,
    page: body.pagination.page,
    page_size: body.pagination.page_size,
  };
}

export async function tradeHistory(db: DbOrTx, id: number, body: TradesRequest) {
  await loadFinstrument(db, id);
  const f = body.filters;
  const conditions: (SQL | undefined)[] = [
    eq(marketTrades.finstrumentId, id),
    f.from_date ? gte(marketTrades.tradeDate, f.from_date) : undefined,
    f.to_date ? lte(marketTrades.tradeDate, f.to_date) : undefined,
    f.exchange ? eq(marketTrades.exchange, f.exchange) : undefined,
  ];
  const where = and(...conditions);
  const column = {
    traded_at: marketTrades.tradedAt,
    yield: marketTrades.yield,
    clean_price: marketTrades.cleanPrice,
    quantity: marketTrades.quantity,
  }[body.sort?.field ?? 'traded_at'];
  const direction = body.sort?.direction === 'asc' ? asc : desc;
  const { limit, offset } = pageArgs(body.pagination);
  // One connection at a time: the page, then its count.
  const rows = await db
    .select()
    .from(marketTrades)
    .where(where)
    .orderBy(direction(column), direction(marketTrades.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(marketTrades).where(where);
  return {
    results: rows.map((t) => ({
      id: t.id,
      traded_at: t.tradedAt.toISOString(),
      trade_date: t.tradeDate,
      settlement_date: t.settlementDate,
      quantity: t.quantity,
      clean_price: Number(t.cleanPrice),
      yield: Number(t.yield),
      exchange: t.exchange,
    })),
    count: total?.n ?? 0,
    page: body.pagination.page,
    page_size: body.pagination.page_size,
  };
}

/** Listed, available, not matured; nothing for a caller who may not trade (spec 01 §6). */
export async function tradableBonds(db: DbOrTx, clock: Clock, principal: Principal, query: TradableQuery) {
  const empty = { results: [], count: 0, page: query.page, page_size: query.page_size };
  if (!principal.permissions.includes('client.can_trade')) return empty;
  const today = businessDateOf(clock.now());
  const pattern = query.search ? `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = and(
    eq(finstruments.isListed, true),
    eq(finstruments.available, true),
    notMatured(today),
    pattern ? or(ilike(finstruments.displayName, pattern), ilike(finstruments.isin, pattern)) : undefined,
  );
  const { limit, offset } = pageArgs(query);
  // One connection at a time: the page, then its count.
  const rows = await db
    .select({
      id: finstruments.id,
      isin: finstruments.isin,
      display_name: finstruments.displayName,
      maturity_date: finstruments.maturityDate,
      face_value: finstruments.faceValue,
    })
    .from(finstruments)
    .where(where)
    .orderBy(asc(finstruments.displayName), asc(finstruments.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(finstruments).where(where);
  return { ...empty, results: rows, count: total?.n ?? 0 };
}
