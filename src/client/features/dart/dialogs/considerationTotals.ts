/**
 * The totals of a deal's consideration, exact to the paisa (DESIGN §4): consideration is principal
 * plus accrued interest; the buyer also pays the stamp duty. Amounts are INR strings with 2
 * decimals as the API sends them, added as integer paise.
 */
import type { DealFigures } from '../../../../shared/contracts/trading';

const paiseOf = (inr: string): bigint => {
  const [rupees = '0', paise = ''] = inr.trim().split('.');
  const sign = rupees.startsWith('-') ? -1n : 1n;
  return sign * (BigInt(rupees.replace('-', '')) * 100n + BigInt(paise.padEnd(2, '0').slice(0, 2)));
};
const inrOf = (paise: bigint): string => {
  const sign = paise < 0n ? '-' : '';
  const abs = paise < 0n ? -paise : paise;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};

/** What the caller pays (buying: consideration and stamp duty) or receives (selling: the consideration). */
export function totalFor(side: 'BUY' | 'SELL', figures: Pick<DealFigures, 'consideration' | 'stamp_duty'>): string {
  return side === 'BUY' ? inrOf(paiseOf(figures.consideration) + paiseOf(figures.stamp_duty)) : inrOf(paiseOf(figures.consideration));
}
