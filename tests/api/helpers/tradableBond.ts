/** A plain corporate bond the trading tests can quote: coupon-paying, dated, available, no calls or puts, maturing after 2029. */
import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../../src/server/db/database';
import { finstruments } from '../../../src/server/db/schema';

export type BondRow = typeof finstruments.$inferSelect;

export async function tradableBond(db: Db): Promise<BondRow> {
  const [bond] = await db.select().from(finstruments).where(and(
    eq(finstruments.convention, 'IN_CORP'), gt(finstruments.frequency, 0), isNotNull(finstruments.maturityDate), eq(finstruments.available, true),
    gt(finstruments.maturityDate, '2029-01-01'), sql`${finstruments.callSchedule} = '[]'::jsonb`, sql`${finstruments.putSchedule} = '[]'::jsonb`,
  )).orderBy(finstruments.id).limit(1);
  if (!bond) throw new Error('the seed has no plain corporate bond to trade');
  return bond;
}
