/**
 * Money in integer paise (DESIGN §4): amounts are exact products of a quantum and a decimal
 * per-100 figure, rounded half-up at the paisa, with BigInt so 12-digit quanta stay exact.
 */
import type { Consideration } from '../../../shared/contracts/instruments.js';

/** Decimal places kept of an engine (float) per-100 figure before it enters an amount. */
export const PER_100_DECIMALS = 10;

/** Half-up division of non-negative `n` by positive `d`. */
function divHalfUp(n: bigint, d: bigint): bigint {
  return (n * 2n + d) / (2n * d);
}

/** `value` as an integer count of 10^-places, half-up (from its exact decimal expansion). */
function scaled(value: number, places: number): bigint {
  const [whole = '0', frac = ''] = Math.abs(value)
    .toFixed(places + 2)
    .split('.');
  const digits = BigInt(whole + frac);
  const units = divHalfUp(digits, 100n);
  return value < 0 ? -units : units;
}

/** A per-100 figure rounded to `places` decimals, as the API reports it. */
export function roundTo(value: number, places: number): number {
  return Number(scaled(value, places)) / 10 ** places;
}

/** Paise of quantum × per100 / 100, half-up; per100 is used at `places` decimals. */
export function paiseOf(quantum: number, per100: number, places: number): bigint {
  // INR = quantum × per100 / 100, so paise = quantum × per100 = quantum × units / 10^places.
  return divHalfUp(BigInt(quantum) * scaled(per100, places), 10n ** BigInt(places));
}

/** Paise as an INR string with 2 decimals ('-' for negatives). */
export function formatPaise(paise: bigint): string {
  const sign = paise < 0n ? '-' : '';
  const abs = paise < 0n ? -paise : paise;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** An INR amount string ('1234.5', '-12.00') as integer paise, exactly; throws on anything else. */
export function parsePaise(inr: string): bigint {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(inr.trim());
  if (!match) throw new Error(`Not an INR amount: '${inr}'`);
  const [, sign, whole = '0', fraction = ''] = match;
  const paise = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  return sign === '-' ? -paise : paise;
}

const indianGrouping = new Intl.NumberFormat('en-IN');

/** Paise in Indian digit grouping with 2 decimals (5,00,00,000.00); BigInt, so never a float. */
export function formatPaiseIndian(paise: bigint): string {
  const abs = paise < 0n ? -paise : paise;
  return `${paise < 0n ? '-' : ''}${indianGrouping.format(abs / 100n)}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** Stamp duty rate: 0.0001 % of the consideration, paid by the buyer. */
const STAMP_DUTY_PER_MILLION = 1n;

/** Principal, accrued, consideration, stamp duty and total for `quantum` at a 4-dp clean price. */
export function considerationFor(quantum: number, faceValue: number, cleanPrice: number, accruedPer100: number): Consideration {
  const principal = paiseOf(quantum, cleanPrice, 4);
  const accrued = paiseOf(quantum, accruedPer100, PER_100_DECIMALS);
  const consideration = principal + accrued;
  const stampDuty = divHalfUp(consideration * STAMP_DUTY_PER_MILLION, 1_000_000n);
  return {
    quantity: quantum,
    number_of_bonds: quantum / faceValue,
    principal: formatPaise(principal),
    accrued_interest_amount: formatPaise(accrued),
    consideration: formatPaise(consideration),
    stamp_duty: formatPaise(stampDuty),
    total_payable: formatPaise(consideration + stampDuty),
  };
}
