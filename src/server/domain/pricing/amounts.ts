/** A deal's consideration in integer paise (DESIGN §4), from the money rules of src/shared/money. */
import type { Consideration } from '../../../shared/contracts/instruments.js';
import { divHalfUp, formatPaise, paiseOf } from '../../../shared/money.js';

/** Decimal places kept of an engine (float) per-100 figure before it enters an amount. */
export const PER_100_DECIMALS = 10;

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
