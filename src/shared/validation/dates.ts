/** Trade time and settlement date rules of spec 01 §5; "now" is always injected, never read here. */
import { z } from 'zod';
import { businessDateOf } from '../businessDate.js';
import { isBlank } from './fields.js';
import { VALIDATION_MESSAGES as M } from './messages.js';

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const istTime = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** True when `text` is a real calendar date written 'YYYY-MM-DD'. */
export function isIsoDate(text: string): boolean {
  if (!ISO_DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  // Date rolls 2025-02-30 over to March; a round trip catches it.
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/**
 * Trade time 'HH:MM' (24-hour, Asia/Kolkata), not later than `now`. With `tradeDate` ('YYYY-MM-DD')
 * the check is on date and time, so any time of an earlier day passes; without it, today is assumed.
 */
export function tradeTimeSchema(now: () => Date, options: { tradeDate?: string } = {}) {
  return z
    .string({ error: (issue) => (issue.input == null ? M.required : M.tradeTimeFormat) })
    .trim()
    .min(1, { error: M.required, abort: true })
    .regex(HH_MM, { error: M.tradeTimeFormat, abort: true })
    .refine(
      (time) => {
        const at = now();
        // 'YYYY-MM-DDTHH:MM' strings compare like the instants they name.
        return `${options.tradeDate ?? businessDateOf(at)}T${time}` <= `${businessDateOf(at)}T${istTime.format(at)}`;
      },
      { error: M.tradeTimeLater },
    );
}

/** Options of the settlement date's extra check; holidays come from the server's calendar. */
export interface SettlementDateOptions {
  isHoliday?: (date: string) => boolean;
}

/**
 * Settlement date: required, a real date ('YYYY-MM-DD', or a Date read in Asia/Kolkata), and our
 * "extra check": not before `tradeDate`, not a weekend, not a holiday when `isHoliday` is given.
 */
export function settlementDateSchema(tradeDate?: string, options: SettlementDateOptions = {}) {
  return z
    .union([z.string(), z.date()], { error: (issue) => (issue.input == null ? M.required : M.date) })
    .transform((input, ctx): string => {
      const fail = (message: string) => {
        ctx.addIssue({ code: 'custom', message, input });
        return z.NEVER;
      };
      if (isBlank(input)) return fail(M.required);
      if (input instanceof Date && Number.isNaN(input.getTime())) return fail(M.date);
      const date = input instanceof Date ? businessDateOf(input) : input.trim();
      if (!isIsoDate(date)) return fail(M.date);
      if (tradeDate !== undefined && date < tradeDate) return fail(M.settlementBeforeTrade);
      const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
      if (weekday === 0 || weekday === 6) return fail(M.settlementWeekend);
      if (options.isHoliday?.(date)) return fail(M.settlementHoliday);
      return date;
    });
}
