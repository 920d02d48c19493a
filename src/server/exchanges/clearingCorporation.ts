/**
 * The ClearingCorporation port (DESIGN §9, DOMAIN.md §1 Settlement): an RFQ deal or reported OTC
 * trade settles DvP-I, gross and per trade, through the exchange's clearing corporation — NSCCL
 * (NSE Clearing) for NSE, ICCL for BSE. Each party pays in its leg (the buyer's funds, the seller's
 * securities) by the pay-in cut-off; the pay-out follows only once both legs are in; a trade with a
 * leg missing at the cut-off fails and the leg that came in is returned. Every call is idempotent
 * and keyed by our order id, so the settlement job can repeat one after a crash or a restart: the
 * order row's leg columns are the truth we act on, the clearing corporation is what we instruct.
 */

/** A settlement leg: the buyer pays in funds, the seller pays in securities. */
export type Leg = 'funds' | 'securities';
export const LEGS: readonly Leg[] = ['funds', 'securities'];

export type ClearingCorporationName = 'NSCCL' | 'ICCL';

export interface ClearingCorporation {
  readonly name: ClearingCorporationName;
  /** Pays in one leg of a trade; answers whether the clearing corporation holds it (a leg already in answers true). */
  payIn(orderId: number, leg: Leg): Promise<boolean>;
  /** The legs it holds for a trade. */
  legs(orderId: number): Promise<Leg[]>;
  /** Pays out securities to the buyer and funds to the seller; refused (throws) unless both legs are in. Paying out again is a no-op. */
  payOut(orderId: number): Promise<void>;
  /** Whether it paid the trade out (our record of it may have been lost with a commit that failed after the pay-out). */
  paidOut(orderId: number): Promise<boolean>;
  /** Returns the legs it holds for a failed trade to whoever paid them in; answers which it returned. */
  returnLegs(orderId: number): Promise<Leg[]>;
}
