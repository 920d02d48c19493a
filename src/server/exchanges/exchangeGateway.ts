/**
 * The ExchangeGateway port (DESIGN §9): how a deal reaches an exchange's RFQ platform. The
 * default adapters are simulators (rfqSimulator.ts); real adapters need exchange membership.
 * Settlement of the resulting obligations belongs to the orders area and reads the deal row.
 */
import type { RfqPlatform } from '../../shared/contracts/trading.js';

export interface DealSubmission {
  dealId: number;
  finstrumentIsin: string;
  buyerClientId: number;
  sellerClientId: number;
  quantity: number;
  unitPrice: string;
  yield: string;
  settlementDate: string;
  /** INR with 2 decimals. */
  consideration: string;
}

/** A quote sent to the platform's RFQ quote book (`send_to_rfq`). */
export interface QuoteSubmission {
  eoiId: number;
  finstrumentIsin: string;
  quoteType: 'BID' | 'ASK';
  quantum: number;
  unitPrice: string;
  yield: string;
  settlementDate: string;
}

export type ExchangeAnswer =
  | { status: 'CONFIRMED'; exchangeDealId: string }
  | { status: 'REJECTED'; exchangeDealId: string | null; reason: string };

export interface ExchangeGateway {
  readonly platform: RfqPlatform;
  /** The clearing corporation its deals settle through. */
  readonly clearingCorporation: 'NSCCL' | 'ICCL';
  submitDeal(deal: DealSubmission): Promise<ExchangeAnswer>;
  /** Puts a quote in the platform's RFQ quote book; answers the platform's quote id. */
  postQuote(quote: QuoteSubmission): Promise<{ exchangeQuoteId: string }>;
}
