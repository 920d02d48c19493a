/**
 * Price info (spec 02 §3) for one bond at one settlement date, from a yield or a clean price,
 * with the consideration for a quantum when one is given. Pure: the caller resolves the row,
 * settlement date and (for market quotes) the yield.
 */
import {
  BondTermsError,
  convexity,
  macaulayDuration,
  modifiedDuration,
  priceFromYield,
  yieldFromCleanPrice,
} from '../../../shared/bonds/index.js';
import type { PriceInfo } from '../../../shared/contracts/instruments.js';
import { quantumMultipleMessage } from '../../../shared/validation/index.js';
import { AppError } from '../../errors.js';
import { type OptionKind, priceableTerms, type FinstrumentRow } from '../instruments/terms.js';
import { roundTo } from '../../../shared/money.js';
import { considerationFor, PER_100_DECIMALS } from './amounts.js';

export interface QuoteInput {
  yield?: number | undefined;
  price?: number | undefined;
  quantity?: number | undefined;
  source: PriceInfo['yield_source'];
  /** Price to the next call or put instead of the engine's default redemption date. */
  to?: OptionKind | undefined;
}

const unpriced = (settlement: string, source: PriceInfo['yield_source']): PriceInfo => ({
  price: {
    unit_clean_price: null,
    bond_yield: null,
    settlement_date: settlement,
    dirty_price: null,
    accrued_interest: null,
    modified_duration: null,
    macaulay_duration: null,
    convexity: null,
    priced_to: null,
    priced_to_date: null,
  },
  can_be_priced: false,
  allow_price_modification: false,
  yield_source: source,
});

/** Rejects a quantum that is not a whole number of bonds (DESIGN §4). */
export function checkQuantum(row: FinstrumentRow, quantity: number | undefined): void {
  if (quantity !== undefined && quantity % row.faceValue !== 0) {
    const message = quantumMultipleMessage(row.faceValue);
    throw new AppError('VALIDATION_FAILED', message, { quantity: message });
  }
}

/** Price info; `can_be_priced` false (all figures null) when the bond cannot be priced at settlement. */
export function priceInfo(row: FinstrumentRow, settlement: string, input: QuoteInput): PriceInfo {
  checkQuantum(row, input.quantity);
  const result = priceableTerms(row, settlement, input.to);
  if (!result.ok || (input.yield === undefined && input.price === undefined)) return unpriced(settlement, input.source);
  const { terms } = result;
  try {
    // The quoted clean price has 4 decimals; amounts and the reported yield follow from it.
    const yieldRate = input.price !== undefined ? yieldFromCleanPrice(terms, settlement, input.price) : input.yield!;
    const priced = priceFromYield(terms, settlement, yieldRate);
    const clean = input.price ?? roundTo(priced.cleanPrice, 4);
    const accrued = roundTo(priced.accruedInterest, PER_100_DECIMALS);
    return {
      price: {
        unit_clean_price: clean,
        bond_yield: roundTo(yieldRate, 6),
        settlement_date: settlement,
        dirty_price: roundTo(clean + accrued, PER_100_DECIMALS),
        accrued_interest: accrued,
        modified_duration: roundTo(modifiedDuration(terms, settlement, yieldRate), 6),
        macaulay_duration: roundTo(macaulayDuration(terms, settlement, yieldRate), 6),
        convexity: roundTo(convexity(terms, settlement, yieldRate), 6),
        priced_to: result.pricedTo,
        priced_to_date: result.pricedToDate,
      },
      can_be_priced: true,
      allow_price_modification: true,
      yield_source: input.source,
      ...(input.quantity !== undefined ? { consideration: considerationFor(input.quantity, row.faceValue, clean, accrued) } : {}),
    };
  } catch (error) {
    // A price no yield can reach (or a yield the bond cannot take) is bad input, not a server fault.
    if (error instanceof BondTermsError) {
      const field = input.price !== undefined ? 'clean_price' : 'bond_yield';
      throw new AppError('VALIDATION_FAILED', error.message, { [field]: error.message });
    }
    throw error;
  }
}
