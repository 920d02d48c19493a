/** The engine's per-100 numbers for a seeded bond, for hand checks of the API's amounts. */
import { priceFromYield } from '../../../src/shared/bonds/index';
import { termsFor, type FinstrumentRow } from '../../../src/server/domain/instruments/terms';

function priced(row: FinstrumentRow, settlement: string, y: number) {
  const result = termsFor(row, settlement);
  if (!result.ok) throw new Error(result.reason);
  return priceFromYield(result.terms, settlement, y);
}

export const cleanPriceOf = (row: FinstrumentRow, settlement: string, y: number) => priced(row, settlement, y).cleanPrice;
export const accruedInterestOf = (row: FinstrumentRow, settlement: string, y: number) => priced(row, settlement, y).accruedInterest;
