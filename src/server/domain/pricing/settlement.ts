/**
 * The settlement calendar (DESIGN §4): trade date = the Asia/Kolkata business date of the clock;
 * settlement = trade date + delta business days, skipping weekends and the `holidays` table.
 */
import { gte } from 'drizzle-orm';
import { businessDateOf } from '../../../shared/businessDate.js';
import type { Clock } from '../../../shared/clock.js';
import { INSTRUMENT_MESSAGES } from '../../../shared/contracts/instruments.js';
import type { DbOrTx } from '../../db/database.js';
import { holidays } from '../../db/schema.js';
import { AppError } from '../../errors.js';

export type Holidays = ReadonlySet<string>;

const DAY_MS = 86_400_000;

export function addCalendarDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export function isBusinessDay(date: string, closed: Holidays): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !closed.has(date);
}

/** `date` moved forward by `delta` business days (0 leaves a business day where it is). */
export function addBusinessDays(date: string, delta: number, closed: Holidays): string {
  let day = date;
  while (!isBusinessDay(day, closed)) day = addCalendarDays(day, 1);
  for (let left = delta; left > 0;) {
    day = addCalendarDays(day, 1);
    if (isBusinessDay(day, closed)) left--;
  }
  return day;
}

/** The next business day on or after `date` (a payment due on a holiday is paid then). */
export const rollForward = (date: string, closed: Holidays) => addBusinessDays(date, 0, closed);

/** Holidays from `from` on: the table is small, so every caller reads it fresh (it is editable). */
export async function loadHolidays(db: DbOrTx, from: string): Promise<Holidays> {
  const rows = await db.select({ date: holidays.date }).from(holidays).where(gte(holidays.date, from));
  return new Set(rows.map((r) => r.date));
}

export interface SettlementInput {
  settlement_date?: string | null;
  settlement_delta?: number | null;
}

/** The settlement date of a request (default T+1); an explicit date must be a business day from today on. */
export async function resolveSettlement(db: DbOrTx, clock: Clock, input: SettlementInput, defaultDelta = 1): Promise<string> {
  const today = businessDateOf(clock.now());
  const closed = await loadHolidays(db, today);
  const date = input.settlement_date;
  if (!date) return addBusinessDays(today, input.settlement_delta ?? defaultDelta, closed);
  if (date < today) throw badSettlement(INSTRUMENT_MESSAGES.settlementPast);
  if (!isBusinessDay(date, closed)) throw badSettlement(INSTRUMENT_MESSAGES.settlementNotBusinessDay);
  return date;
}

const badSettlement = (message: string) => new AppError('VALIDATION_FAILED', message, { settlement_date: message });
