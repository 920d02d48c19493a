/**
 * The seam from trading to orders (issue #9): a deal the exchange's RFQ platform confirmed becomes an
 * accepted order in the transaction that records the confirmation. Both parties agreed on the
 * platform, so nobody reports or accepts it: the order is booked straight into 'accepted' with one
 * event, `order.booked`. Figures, parties, brokerage and exchange are the deal's; the trade time is
 * the deal's; the negotiation's owner stands as the reporter.
 */
import type { Clock } from '../../../shared/clock.js';
import type { DbOrTx } from '../../db/database.js';
import type { ClusterRow, DealRow } from '../trading/clusterRepository.js';
import type { EoiRow } from '../trading/eoiRepository.js';
import { insertOrder, type OrderRow } from './orderRepository.js';

export async function bookDeal(
  tx: DbOrTx,
  clock: Clock,
  deal: DealRow,
  cluster: ClusterRow,
  eoi: EoiRow,
  actorUserId: number | null,
): Promise<OrderRow> {
  return insertOrder(
    tx,
    clock,
    {
      dealId: deal.id,
      finstrumentId: deal.finstrumentId,
      buyerClientId: deal.buyerClientId,
      sellerClientId: deal.sellerClientId,
      reporterClientId: cluster.ownerClientId,
      reporterUserAccountId: eoi.userAccountId,
      counterpartyUserAccountId: null,
      // The firm that facilitated the negotiation, else the agent: brokerage is owed to it.
      brokerClientId: cluster.facilitatorClientId ?? cluster.agentClientId,
      quantity: deal.quantity,
      unitPrice: deal.unitPrice,
      yield: deal.yield,
      tradedAt: deal.createdAt,
      settlementDate: deal.settlementDate,
      principal: deal.principal,
      accruedInterest: deal.accruedInterest,
      consideration: deal.consideration,
      stampDuty: deal.stampDuty,
      brokerage: deal.brokerage,
      exchange: deal.exchange,
      lateReported: false,
    },
    'order.booked',
    { deal_id: deal.id },
    actorUserId,
    { type: 'accept' },
  );
}
