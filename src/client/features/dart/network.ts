/**
 * The Build Network panel's rows: the clients this user's firm trades with, gathered from its
 * negotiations (either side, deals counted) and the one-to-one quotes between the firms. An
 * anonymous counterparty is not named and so not listed.
 */
import type { ClusterView, EoiView } from '../../../shared/contracts/trading';

export interface Counterparty {
  id: number;
  name: string;
  negotiations: number;
  deals: number;
  quotes: number;
}

export function counterpartiesOf(clusters: readonly ClusterView[], privateRuns: readonly EoiView[]): Counterparty[] {
  const byId = new Map<number, Counterparty>();
  const entry = (party: { id: number; name: string }) => {
    const held = byId.get(party.id) ?? { id: party.id, name: party.name, negotiations: 0, deals: 0, quotes: 0 };
    byId.set(party.id, held);
    return held;
  };
  for (const cluster of clusters) {
    if (!cluster.counterparty) continue;
    const party = entry(cluster.counterparty);
    party.negotiations += 1;
    if (cluster.status === 'confirmed') party.deals += 1;
  }
  for (const quote of privateRuns) {
    // A quote the firm sent names the addressed client; one it received names the sender.
    const other = quote.is_mine ? quote.oto_client : quote.client;
    if (other) entry(other).quotes += 1;
  }
  return [...byId.values()].sort((a, b) => b.negotiations + b.quotes - (a.negotiations + a.quotes) || a.name.localeCompare(b.name));
}
