/** Number and date formats of the bond page. */
import { formatYieldPercent } from '../../../shared/validation';

const inrWhole = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
const dateFormat = new Intl.DateTimeFormat('en-IN', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** An INR amount ('1234.50' or 1234.5) with paise, exactly: one money module for server and client. */
export { formatInr } from '../../../shared/money';
/** A face value in whole rupees. */
export const formatFaceValue = (amount: number) => inrWhole.format(amount);
/** A YYYY-MM-DD business date as '15 Jun 2031'. */
export const formatDate = (iso: string | null) => (iso ? dateFormat.format(new Date(`${iso.slice(0, 10)}T00:00:00Z`)) : '—');
/** A coupon or yield fraction as a percent with 4 decimals. */
export const formatPercent = (fraction: number | null | undefined) => formatYieldPercent(fraction);
/** A number with fixed decimals, or a dash. */
export const formatFixed = (value: number | null | undefined, digits: number) =>
  value === null || value === undefined ? '—' : value.toFixed(digits);
