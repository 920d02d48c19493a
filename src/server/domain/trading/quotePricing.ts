/**
 * A quote's price and yield, always from the engine for the settlement date (issue #14): the dealer
 * gives one, the server computes the other; the client's figure for the other side is never trusted.
 */
import { quantumMultipleMessage } from '../../../shared/validation/index.js';
import { TRADING_MESSAGES, type YieldType } from '../../../shared/contracts/trading.js';
import type { Clock } from '../../../shared/clock.js';
import type { Principal } from '../../../shared/accessPolicy.js';
import type { DbOrTx } from '../../db/database.js';
import { yieldOutOfRange } from '../../../shared/priceBand.js';
import { AppError } from '../../errors.js';
import { firstOption, type FinstrumentRow, type OptionKind } from '../instruments/terms.js';
import { priceInfo } from '../pricing/quote.js';
import { resolveSettlement, type SettlementInput } from '../pricing/settlement.js';

export interface PricedQuote {
  /** Clean price per 100 face, 4 decimals, as a numeric string. */
  price: string;
  /** Yield as a fraction, 6 decimals, as a numeric string. */
  yield: string;
  fixedField: 'price' | 'yield';
}

/** A 400 naming one field. */
export const invalid = (field: string, message: string) => new AppError('VALIDATION_FAILED', message, { [field]: message });

/** Refuses a quantum that is not a whole number of this bond's bonds (DESIGN §4). */
export function checkWholeBonds(row: FinstrumentRow, quantum: number, field = 'quantum'): void {
  if (quantum % row.faceValue !== 0) throw invalid(field, quantumMultipleMessage(row.faceValue));
}

const OPTION_OF: Record<YieldType, OptionKind | undefined> = { YTM: undefined, YTC: 'CALL', YTP: 'PUT' };

/**
 * The option a yield of `yieldType` is priced to: none for YTM (the engine's own redemption date),
 * else the bond's next call or put after settlement; 400 when the bond has none.
 */
export function optionFor(row: FinstrumentRow, settlement: string, yieldType: YieldType): OptionKind | undefined {
  const kind = OPTION_OF[yieldType];
  if (kind && !firstOption(row, settlement, kind))
    throw invalid('yield_type', kind === 'CALL' ? TRADING_MESSAGES.noCallDate : TRADING_MESSAGES.noPutDate);
  return kind;
}

/** Prices `input` (a price or a yield, to `input.to` when given) for `settlement`; 400 naming the typed field when the engine cannot. */
export function priceQuote(
  row: FinstrumentRow,
  settlement: string,
  input: { price?: number | undefined; yield?: number | undefined; to?: OptionKind | undefined },
  priceField = 'unit_price_stored',
): PricedQuote {
  const field = input.price !== undefined ? priceField : 'yield_stored';
  let info;
  try {
    info = priceInfo(
      row,
      settlement,
      input.price !== undefined
        ? { price: input.price, source: 'INPUT', to: input.to }
        : { yield: input.yield, source: 'INPUT', to: input.to },
    );
  } catch (error) {
    if (error instanceof AppError) throw invalid(field, error.message);
    throw error;
  }
  const { unit_clean_price: price, bond_yield: yieldRate } = info.price;
  if (!info.can_be_priced || price === null || yieldRate === null) throw invalid('finstrument_id', TRADING_MESSAGES.notPriceable);
  checkImpliedYield(yieldRate, field);
  return { price: price.toFixed(4), yield: yieldRate.toFixed(6), fixedField: input.price !== undefined ? 'price' : 'yield' };
}

/**
 * Refuses a price whose yield no bond pays (spec 01 §5: 0 to 100 %): a bid at 0.0001 passes the
 * price rules but implies 4,250 %. A typed yield has already met the same limits in its schema.
 */
function checkImpliedYield(yieldRate: number, field: string): void {
  const outside = yieldOutOfRange(yieldRate);
  if (outside) throw invalid(field, outside === 'negative' ? TRADING_MESSAGES.impliedYieldNegative : TRADING_MESSAGES.impliedYieldAbove100);
}

/** The settlement date of a request (default T+1), reported on `field` when it is not acceptable. */
export async function settlementFor(tx: DbOrTx, clock: Clock, input: SettlementInput, field: string): Promise<string> {
  try {
    return await resolveSettlement(tx, clock, input);
  } catch (error) {
    if (error instanceof AppError) throw invalid(field, error.message);
    throw error;
  }
}

type OverrideInput = { override_price?: number | undefined; yield_stored?: number | undefined };

/** 403 before anything else is read when someone without the price-override role sends an override. */
export function checkMayOverride(principal: Principal, input: OverrideInput & { price_overridden?: boolean | null | undefined }): void {
  const asks = input.override_price !== undefined || input.price_overridden === true;
  if (asks && !principal.roles.includes('priceoverride')) throw new AppError('FORBIDDEN', TRADING_MESSAGES.overrideNotAllowed);
  if (input.price_overridden === true && input.override_price === undefined)
    throw invalid('price_overridden', TRADING_MESSAGES.overridePriceMissing);
}

/**
 * A price-override user's price instead of the engine's for the typed yield (spec 01 §6): 403 for
 * anyone else, 400 unless the quote is by yield or when the price implies an impossible yield. `overridden` is false when it equals the engine's.
 */
export function withOverride(
  priced: PricedQuote,
  input: OverrideInput,
  bond: FinstrumentRow,
  settlement: string,
): PricedQuote & { overridden: boolean } {
  if (input.override_price === undefined) return { ...priced, overridden: false };
  if (input.yield_stored === undefined) throw invalid('override_price', TRADING_MESSAGES.overrideNeedsYield);
  // The override role is no exception to the limits: its price, too, must imply a possible yield.
  priceQuote(bond, settlement, { price: input.override_price }, 'override_price');
  const price = input.override_price.toFixed(4);
  return { price, yield: priced.yield, fixedField: 'yield', overridden: price !== priced.price };
}
