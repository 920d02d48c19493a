/**
 * Simulated NSE RFQ (settles through NSCCL) and BSE RFQ (through ICCL): quotes sent to RFQ join
 * the platform's quote book with a platform quote id; every deal is confirmed with a platform deal
 * id unless the simulator has been told to reject (tests, demo), in which case it answers with the
 * reason, as the real platforms do for limit or eligibility failures. Told to delay, it holds each
 * answer for that long on the injected clock, as a platform waiting on its participants does. Each
 * platform's clearing corporation (NSCCL, ICCL) is simulated with it (clearingSimulator.ts).
 */
import type { Clock } from '../../shared/clock.js';
import type { RfqPlatform } from '../../shared/contracts/trading.js';
import { createClearingSimulator, type ClearingSimulator } from './clearingSimulator.js';
import type { DealSubmission, ExchangeAnswer, ExchangeGateway, ExchangeStatus, QuoteSubmission } from './exchangeGateway.js';
import { countExchangeAnswer } from '../metrics/processMetrics.js';

export interface SimulatorBehaviour {
  /** Reject every deal received from now on with this reason; null confirms. */
  rejectWith: string | null;
  /** Hold each answer this long after the deal is received. */
  delayMs: number;
}

export interface RfqSimulator extends ExchangeGateway {
  /** How deals received from now on are answered. */
  behave(behaviour: SimulatorBehaviour): void;
  /** Deals received, oldest first. */
  readonly received: readonly DealSubmission[];
  /** Quotes put in the RFQ quote book, oldest first. */
  readonly quotes: readonly QuoteSubmission[];
  /** The simulated clearing corporation its trades settle through. */
  readonly clearing: ClearingSimulator;
}

const CLEARING = { NSE: 'NSCCL', BSE: 'ICCL' } as const;

export function createRfqSimulator(platform: RfqPlatform, clock: Clock): RfqSimulator {
  let behaviour: SimulatorBehaviour = { rejectWith: null, delayMs: 0 };
  const received: DealSubmission[] = [];
  const quotes: QuoteSubmission[] = [];
  const answers = new Map<number, { answer: ExchangeAnswer; at: number }>();
  const statusOf = (dealId: number): ExchangeStatus | null => {
    const held = answers.get(dealId);
    if (!held) return null;
    return clock.now().getTime() >= held.at ? held.answer : { status: 'PENDING' };
  };
  const answered = <T extends ExchangeStatus | null>(answer: T): T => {
    countExchangeAnswer(platform, answer);
    return answer;
  };
  return {
    platform,
    clearingCorporation: CLEARING[platform],
    clearing: createClearingSimulator(CLEARING[platform]),
    received,
    quotes,
    behave(next) {
      behaviour = next;
    },
    async submitDeal(deal) {
      if (!answers.has(deal.dealId)) {
        received.push(deal);
        const exchangeDealId = `${platform}-RFQ-${String(deal.dealId).padStart(6, '0')}`;
        const answer: ExchangeAnswer = behaviour.rejectWith
          ? { status: 'REJECTED', exchangeDealId, reason: behaviour.rejectWith }
          : { status: 'CONFIRMED', exchangeDealId };
        answers.set(deal.dealId, { answer, at: clock.now().getTime() + behaviour.delayMs });
      }
      return answered(statusOf(deal.dealId)!);
    },
    async dealStatus(dealId) {
      return answered(statusOf(dealId));
    },
    async postQuote(quote) {
      quotes.push(quote);
      return { exchangeQuoteId: `${platform}-RFQQ-${String(quote.eoiId).padStart(6, '0')}` };
    },
  };
}

export type Exchanges = Record<RfqPlatform, RfqSimulator>;

export const createExchanges = (clock: Clock): Exchanges => ({
  NSE: createRfqSimulator('NSE', clock),
  BSE: createRfqSimulator('BSE', clock),
});
