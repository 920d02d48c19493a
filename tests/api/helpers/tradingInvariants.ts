/**
 * What must hold between quotes, negotiations, deals and orders after any trading scenario (issue
 * #27). The EOI keeps its open negotiations twice — a count on its row and the clusters themselves —
 * and whether a deal waits on the exchange; the charts say which states are open. Every check reads
 * the whole database, so a scenario that leaves any row out of step fails with the rows named.
 */
import { expect } from 'vitest';
import { CLUSTER_DEAL_PENDING, CLUSTER_NEGOTIATING, EOI_ON_MARKET } from '../../../machines/stateSets';
import type { Db } from '../../../src/server/db/database';
import { clusters, deals, eois, orders } from '../../../src/server/db/schema';
import { statusOf } from '../../../src/server/domain/lifecycle';

/** What the deal's exchange status requires of its negotiation. */
const CLUSTER_FOR_DEAL: Record<string, readonly string[]> = {
  PENDING: CLUSTER_DEAL_PENDING,
  CONFIRMED: ['confirmed'],
  REJECTED: ['rejected'],
};

/** Every broken rule, one line each naming the rows; empty when the trading data is consistent. */
export async function tradingInvariantProblems(db: Db): Promise<string[]> {
  // One snapshot of the four tables, so a job committing meanwhile (the demo market) cannot split a change.
  const [quotes, negotiations, dealRows, booked] = await db.transaction(
    async (tx) =>
      [
        await tx.select().from(eois),
        await tx.select().from(clusters),
        await tx.select().from(deals),
        await tx.select({ dealId: orders.dealId }).from(orders),
      ] as const,
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const problems: string[] = [];
  const clusterById = new Map(negotiations.map((c) => [c.id, c]));
  for (const quote of quotes) {
    const context = quote.machineContext as { openNegotiations: number; dealPending: boolean };
    const mine = negotiations.filter((c) => c.eoiId === quote.id);
    const open = mine.filter((c) => CLUSTER_NEGOTIATING.includes(c.status) || CLUSTER_DEAL_PENDING.includes(c.status));
    const dealing = mine.filter((c) => CLUSTER_DEAL_PENDING.includes(c.status));
    const onMarket = EOI_ON_MARKET.includes(quote.status);
    if (quote.status !== statusOf(quote.machineState)) problems.push(`EOI ${quote.id}: status ${quote.status} is not its chart state`);
    if (onMarket && context.openNegotiations !== open.length)
      problems.push(`EOI ${quote.id}: ${context.openNegotiations} open negotiations on the row, ${open.length} open clusters`);
    if (!onMarket && open.length > 0)
      problems.push(`EOI ${quote.id}: ${quote.status} with open clusters ${open.map((c) => c.id).join(', ')}`);
    if (context.dealPending !== dealing.length > 0)
      problems.push(`EOI ${quote.id}: dealPending ${String(context.dealPending)} on the row, ${dealing.length} clusters on the exchange`);
    if (dealing.length > 1) problems.push(`EOI ${quote.id}: ${dealing.length} deals on the exchange at once`);
    if (!onMarket && dealing.length > 0) problems.push(`EOI ${quote.id}: ${quote.status} while its deal waits on the exchange`);
  }
  for (const cluster of negotiations)
    if (cluster.status !== statusOf(cluster.machineState))
      problems.push(`cluster ${cluster.id}: status ${cluster.status} is not its chart state`);
  for (const deal of dealRows) {
    const cluster = clusterById.get(deal.clusterId);
    if (!cluster || !CLUSTER_FOR_DEAL[deal.exchangeStatus]?.includes(cluster.status))
      problems.push(`deal ${deal.id}: ${deal.exchangeStatus} on a cluster ${cluster?.status ?? 'missing'}`);
    const orderCount = booked.filter((o) => o.dealId === deal.id).length;
    if (orderCount !== (deal.exchangeStatus === 'CONFIRMED' ? 1 : 0))
      problems.push(`deal ${deal.id}: ${deal.exchangeStatus} with ${orderCount} orders booked`);
    if (deal.exchangeStatus === 'CONFIRMED' && quotes.find((q) => q.id === deal.eoiId)?.status !== 'traded')
      problems.push(`deal ${deal.id}: confirmed, its quote not traded`);
  }
  for (const cluster of negotiations.filter((c) => CLUSTER_DEAL_PENDING.includes(c.status))) {
    const pending = dealRows.filter((d) => d.clusterId === cluster.id && d.exchangeStatus === 'PENDING').length;
    if (pending !== 1) problems.push(`cluster ${cluster.id}: ${cluster.status} with ${pending} pending deals`);
  }
  return problems;
}

/** Fails the test with every broken rule (run after each trading scenario). */
export async function assertTradingInvariants(db: Db): Promise<void> {
  expect(await tradingInvariantProblems(db), 'trading invariants').toEqual([]);
}
