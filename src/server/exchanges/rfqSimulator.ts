/**
 * Simulated NSE RFQ (settles through NSCCL) and BSE RFQ (through ICCL): quotes sent to RFQ join
 * the platform's quote book with a platform quote id; every deal is confirmed
 * with a platform deal id unless the simulator has been told to reject (tests, demo), in which case
 * it answers with the reason, as the real platforms do for limit or eligibility failures.
 */
import type { RfqPlatform } from '../../shared/contracts/trading.js';
import type { DealSubmission, ExchangeAnswer, ExchangeGateway, QuoteSubmission } from './exchangeGateway.js';

export interface RfqSimulator extends ExchangeGateway {
  /** From now on reject every deal with `reason`; null goes back to confirming. */
  rejectWith(reason: string | null): void;
  /** Deals received, oldest first. */
  readonly received: readonly DealSubmission[];
  /** Quotes put in the RFQ quote book, oldest first. */
  readonly quotes: readonly QuoteSubmission[];
}

const CLEARING = { NSE: 'NSCCL', BSE: 'ICCL' } as const;

export function createRfqSimulator(platform: RfqPlatform): RfqSimulator {
  let rejection: string | null = null;
  const received: DealSubmission[] = [];
  const quotes: QuoteSubmission[] = [];
  return {
    platform,
    clearingCorporation: CLEARING[platform],
    received,
    quotes,
    rejectWith(reason) { rejection = reason; },
    async submitDeal(deal): Promise<ExchangeAnswer> {
      received.push(deal);
      const exchangeDealId = `${platform}-RFQ-${String(deal.dealId).padStart(6, '0')}`;
      return rejection ? { status: 'REJECTED', exchangeDealId, reason: rejection } : { status: 'CONFIRMED', exchangeDealId };
    },
    async postQuote(quote) {
      quotes.push(quote);
      return { exchangeQuoteId: `${platform}-RFQQ-${String(quote.eoiId).padStart(6, '0')}` };
    },
  };
}

export type Exchanges = Record<RfqPlatform, RfqSimulator>;

export const createExchanges = (): Exchanges => ({ NSE: createRfqSimulator('NSE'), BSE: createRfqSimulator('BSE') });
