/**
 * Future cashflows of a quantum (POST api/cashflow/{id}/): the engine's per-100 flows on their
 * unadjusted due dates (DESIGN §5), scaled to the quantum in paise, with the business-day payment date.
 */
import { priceFromYield } from '../../../shared/bonds/index.js';
import { businessDateOf } from '../../../shared/businessDate.js';
import type { Clock } from '../../../shared/clock.js';
import type { Cashflow, CashflowList } from '../../../shared/contracts/instruments.js';
import type { DbOrTx } from '../../db/database.js';
import { formatPaise, paiseOf } from '../../../shared/money.js';
import { PER_100_DECIMALS } from '../pricing/amounts.js';
import { checkQuantum } from '../pricing/quote.js';
import { loadHolidays, rollForward } from '../pricing/settlement.js';
import { loadFinstrument } from './repository.js';
import { priceableTerms } from './terms.js';

// Cashflows do not depend on the yield; any valid one yields the schedule.
const ANY_YIELD = 0.07;

export async function cashflowsFor(
  db: DbOrTx,
  clock: Clock,
  id: number,
  input: { quantity?: number | undefined; ref_date?: string | null | undefined },
): Promise<CashflowList> {
  const row = await loadFinstrument(db, id);
  checkQuantum(row, input.quantity);
  const quantity = input.quantity ?? row.faceValue;
  const refDate = input.ref_date ?? businessDateOf(clock.now());
  const result = priceableTerms(row, refDate);
  const empty: CashflowList = { finstrument_id: id, quantity, ref_date: refDate, cashflows: [], total: '0.00' };
  if (!result.ok) return empty;
  const closed = await loadHolidays(db, refDate);
  const byDate = new Map<string, { coupon: bigint; principal: bigint }>();
  for (const flow of priceFromYield(result.terms, refDate, ANY_YIELD).cashflows) {
    const entry = byDate.get(flow.date) ?? { coupon: 0n, principal: 0n };
    const paise = paiseOf(quantity, flow.amount, PER_100_DECIMALS);
    if (flow.type === 'coupon') entry.coupon += paise;
    else entry.principal += paise;
    byDate.set(flow.date, entry);
  }
  let total = 0n;
  const cashflows: Cashflow[] = [...byDate].map(([date, { coupon, principal }]) => {
    total += coupon + principal;
    return {
      date,
      payment_date: rollForward(date, closed),
      coupon: formatPaise(coupon),
      principal: formatPaise(principal),
      total: formatPaise(coupon + principal),
    };
  });
  return { ...empty, cashflows, total: formatPaise(total) };
}
