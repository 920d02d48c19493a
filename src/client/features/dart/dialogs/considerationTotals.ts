/**
 * The totals of a deal's consideration, exact to the paisa (DESIGN §4): consideration is principal
 * plus accrued interest; the buyer also pays the stamp duty. Amounts are INR strings with 2
 * decimals as the API sends them, added as integer paise.
 */
import type { DealFigures } from '../../../../shared/contracts/trading';
import { formatPaise, parsePaise } from '../../../../shared/money';

/** What the caller pays (buying: consideration and stamp duty) or receives (selling: the consideration). */
export function totalFor(side: 'BUY' | 'SELL', figures: Pick<DealFigures, 'consideration' | 'stamp_duty'>): string {
  return side === 'BUY' ? formatPaise(parsePaise(figures.consideration) + parsePaise(figures.stamp_duty)) : figures.consideration;
}
