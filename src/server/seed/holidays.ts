/** The settlement calendar's holidays: weekends are implicit, so only weekday holidays are stored. */
import { MARKET_HOLIDAYS } from './data/holidayDates.js';
import { isWeekend } from './dates.js';

/** Weekday market holidays 2024–2028, one row per date. */
export function buildHolidays(): { date: string; name: string }[] {
  return MARKET_HOLIDAYS.filter(([date]) => !isWeekend(date)).map(([date, name]) => ({ date, name }));
}
