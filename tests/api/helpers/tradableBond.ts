/** A plain corporate bond the trading tests can quote: coupon-paying, dated, available, no calls or puts, maturing after 2029. */
import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../../src/server/db/database';
import { finstruments } from '../../../src/server/db/schema';

export type BondRow = typeof finstruments.$inferSelect;

export async function tradableBond(db: Db): Promise<BondRow> {
  const [bond] = await db
    .select()
    .from(finstruments)
    .where(
      and(
        eq(finstruments.convention, 'IN_CORP'),
        gt(finstruments.frequency, 0),
        isNotNull(finstruments.maturityDate),
        eq(finstruments.available, true),
        gt(finstruments.maturityDate, '2029-01-01'),
        sql`${finstruments.callSchedule} = '[]'::jsonb`,
        sql`${finstruments.putSchedule} = '[]'::jsonb`,
      ),
    )
    .orderBy(finstruments.id)
    .limit(1);
  if (!bond) throw new Error('the seed has no plain corporate bond to trade');
  return bond;
}

/**
 * The EOI calls the trading tests make against `app()`: any call, a bid by yield on `bond()` (ten
 * bonds at 8.25 %, fields overridable) and creating one (201 expected). Getters, so a suite may
 * set its app and bond in beforeAll.
 */
export function quoteCalls(app: () => FastifyInstance, bond: () => BondRow) {
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: object) =>
    app().inject({ method, url, headers, ...(payload !== undefined && { payload }) });
  const bid = (over: object = {}) => ({ finstrument_id: bond().id, quantum: bond().faceValue * 10, yield_stored: 0.0825, ...over });
  const create = async (headers: Record<string, string>, over: object = {}) => {
    const res = await call('POST', '/api/trade/eoi/', headers, bid(over));
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  return { call, bid, create };
}
