/**
 * The ExchangeGateway port (DESIGN §9): how a deal reaches an exchange's RFQ platform. The
 * default adapters are simulators (rfqSimulator.ts); real adapters need exchange membership.
 * Settlement of the resulting obligations belongs to the orders area (domain/orders/settlement.ts),
 * which instructs the platform's clearing corporation (clearingCorporation.ts).
 */
import type { RfqPlatform } from '../../shared/contracts/trading.js';
import type { ClearingCorporation } from './clearingCorporation.js';

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
  { status: 'CONFIRMED'; exchangeDealId: string } | { status: 'REJECTED'; exchangeDealId: string | null; reason: string };

/** Where a deal stands on the platform: answered, or received and not yet answered. */
export type ExchangeStatus = ExchangeAnswer | { status: 'PENDING' };

export interface ExchangeGateway {
  readonly platform: RfqPlatform;
  /** The clearing corporation its deals settle through. */
  readonly clearingCorporation: 'NSCCL' | 'ICCL';
  /** That clearing corporation, where the orders' legs are paid in and paid out. */
  readonly clearing: ClearingCorporation;
  /** Sends a deal; the platform knows it by `dealId`, so sending it again only answers its status. */
  submitDeal(deal: DealSubmission): Promise<ExchangeStatus>;
  /** The deal's status on the platform; null when the platform never received it. */
  dealStatus(dealId: number): Promise<ExchangeStatus | null>;
  /** Puts a quote in the platform's RFQ quote book; answers the platform's quote id. */
  postQuote(quote: QuoteSubmission): Promise<{ exchangeQuoteId: string }>;
}
