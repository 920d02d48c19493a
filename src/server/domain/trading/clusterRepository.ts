/**
 * Negotiations (clusters) as rows and views: who is a party, which side each takes, the figures of
 * the quote on the table (price, yield, accrued and consideration to the paisa) and the actions the
 * cluster machine allows the viewer now.
 */
import { desc, eq, inArray, or } from 'drizzle-orm';
import { clusterMachine } from '../../../../machines/cluster.machine.js';
import type { Principal } from '../../../shared/accessPolicy.js';
import {
  type ClusterView,
  type DealFigures,
  NEGOTIATION_MESSAGES,
  RFQ_PLATFORMS,
  type RfqPlatform,
} from '../../../shared/contracts/trading.js';
import type { Exchange } from '../../../shared/enums.js';
import type { DbOrTx } from '../../db/database.js';
import { clients, clusters, deals, eois, finstruments } from '../../db/schema.js';
import type { FinstrumentRow } from '../instruments/terms.js';
import { priceInfo } from '../pricing/quote.js';
import { formatPaise, parsePaise } from '../../../shared/money.js';
import { PLATFORM_OF } from './eoiCommands.js';
import { type EoiRow, lockEoi } from './eoiRepository.js';
import { AppError } from '../../errors.js';
import { accepts, statusOf } from '../lifecycle.js';

export type ClusterRow = typeof clusters.$inferSelect;
export type DealRow = typeof deals.$inferSelect;
export type Role = 'owner' | 'responder';

export async function lockCluster(tx: DbOrTx, id: number): Promise<ClusterRow | undefined> {
  const [row] = await tx.select().from(clusters).where(eq(clusters.id, id)).for('update');
  return row;
}

/**
 * Locks the cluster's EOI and then the cluster (always in that order, so concurrent actions queue
 * instead of deadlocking); 404 unless `partOf` gives the caller a part in it, which is returned.
 */
export async function lockClusterFor<P>(
  tx: DbOrTx,
  id: number,
  partOf: (cluster: ClusterRow) => P | null,
): Promise<{ eoi: EoiRow; cluster: ClusterRow; part: P }> {
  const eoiId = await findClusterEoiId(tx, id);
  const eoi = eoiId === undefined ? undefined : await lockEoi(tx, eoiId);
  const cluster = eoi ? await lockCluster(tx, id) : undefined;
  const part = cluster ? partOf(cluster) : null;
  if (!eoi || !cluster || part === null) throw new AppError('NOT_FOUND', NEGOTIATION_MESSAGES.clusterNotFound);
  return { eoi, cluster, part };
}

/** Locks the negotiation for one of its parties: 404 for a stranger, 403 for a broker on it (it reads, never acts). */
export async function lockPartyCluster(
  tx: DbOrTx,
  principal: Principal,
  id: number,
): Promise<{ eoi: EoiRow; cluster: ClusterRow; role: Role }> {
  const { eoi, cluster, part } = await lockClusterFor(tx, id, (c) => viewerRole(c, principal));
  if (part === 'broker') throw new AppError('FORBIDDEN', NEGOTIATION_MESSAGES.brokerFollows);
  return { eoi, cluster, role: part };
}

export async function findClusterEoiId(db: DbOrTx, id: number): Promise<number | undefined> {
  const [row] = await db.select({ eoiId: clusters.eoiId }).from(clusters).where(eq(clusters.id, id));
  return row?.eoiId;
}

/** The broker firms on a negotiation (facilitator, agent): they hear of it with the parties. */
export const brokersOf = (cluster: ClusterRow): number[] =>
  [cluster.facilitatorClientId, cluster.agentClientId].filter((id): id is number => id !== null);

/** What every negotiation event carries: the states after it and the parties and brokers, its live audience. */
export const clusterEventPayload = (cluster: ClusterRow, eoi: EoiRow) => ({
  cluster_id: cluster.id,
  eoi_id: eoi.id,
  status: cluster.status,
  eoi_status: eoi.status,
  revision: cluster.revision,
  owner_client_id: cluster.ownerClientId,
  responder_client_id: cluster.responderClientId,
  broker_client_ids: brokersOf(cluster),
  finstrument_id: eoi.finstrumentId,
  quote_type: eoi.quoteType,
  rfq_mode: eoi.rfqMode,
  oto_client_id: eoi.otoClientId,
  eoi_revision: (eoi.machineContext as { revision: number }).revision,
});

/** The caller's part in the negotiation, or null when their client is not a party. */
export function roleOf(cluster: ClusterRow, principal: Principal): Role | null {
  if (cluster.ownerClientId === principal.clientId) return 'owner';
  if (cluster.responderClientId === principal.clientId) return 'responder';
  return null;
}

/** The owner of a bid buys; of an offer, sells. */
export function sideOf(eoi: Pick<EoiRow, 'quoteType'>, role: Role): 'BUY' | 'SELL' {
  return (eoi.quoteType === 'BID') === (role === 'owner') ? 'BUY' : 'SELL';
}

export function buyerAndSeller(eoi: EoiRow, cluster: ClusterRow) {
  return eoi.quoteType === 'BID'
    ? { buyer: cluster.ownerClientId, seller: cluster.responderClientId }
    : { buyer: cluster.responderClientId, seller: cluster.ownerClientId };
}

/** The engine's figures for `quantity` at a 4-dp clean price on `settlement`. */
export function figuresFor(bond: FinstrumentRow, settlement: string, quantity: number, price: string): DealFigures {
  const info = priceInfo(bond, settlement, { price: Number(price), quantity, source: 'INPUT' });
  const { unit_clean_price: clean, bond_yield: yieldRate } = info.price;
  if (!info.consideration || clean === null || yieldRate === null) throw new Error(`bond ${bond.id} cannot be priced on ${settlement}`);
  return {
    unit_clean_price: clean,
    bond_yield: yieldRate,
    settlement_date: settlement,
    quantity,
    principal: info.consideration.principal,
    total_accrued_interest: info.consideration.accrued_interest_amount,
    consideration: info.consideration.consideration,
    stamp_duty: info.consideration.stamp_duty,
  };
}

/** `price` + `spread`, both per 100 face with 4 decimals, exactly. */
const plusSpread = (price: string, spread: string) => {
  const tenThousandths = Math.round(Number(price) * 1e4) + Math.round(Number(spread) * 1e4);
  return (tenThousandths / 1e4).toFixed(4);
};

/**
 * A brokered negotiation's two legs (DOMAIN.md §1: a brokered deal is executed by the broker; the
 * lead's rule for issue #14: the broker party quotes the seller's price and a spread, the buyer pays
 * seller's price + spread, and the broker's brokerage is the difference of the two principals, so
 * spread × face / 100 in whole paise and the legs differ by exactly it). Without a spread both legs are the same.
 */
export function legsFor(bond: FinstrumentRow, settlement: string, quantity: number, sellerPrice: string, spread: string) {
  const seller = figuresFor(bond, settlement, quantity, sellerPrice);
  const buyer = Number(spread) === 0 ? seller : figuresFor(bond, settlement, quantity, plusSpread(sellerPrice, spread));
  return { seller, buyer, brokerage: formatPaise(parsePaise(buyer.principal) - parsePaise(seller.principal)) };
}

/** The RFQ platforms both parties' clients may use (NSE through NSCCL, BSE through ICCL), in platform order. */
export async function sharedPlatforms(db: DbOrTx, cluster: ClusterRow): Promise<RfqPlatform[]> {
  const parties = await db
    .select({ allowed: clients.allowedExchanges })
    .from(clients)
    .where(inArray(clients.id, [cluster.ownerClientId, cluster.responderClientId]));
  const platformsOf = (allowed: string[]) => allowed.flatMap((corp) => (corp in PLATFORM_OF ? [PLATFORM_OF[corp as Exchange]] : []));
  return RFQ_PLATFORMS.filter((platform) => parties.length === 2 && parties.every((p) => platformsOf(p.allowed).includes(platform)));
}

/** A party, or a broker firm on the negotiation (facilitator or agent): who may read it. */
export function viewerRole(cluster: ClusterRow, principal: Principal): Role | 'broker' | null {
  return roleOf(cluster, principal) ?? (brokersOf(cluster).includes(principal.clientId) ? 'broker' : null);
}

/**
 * One cluster as `viewer` sees it: figures, counterparty (hidden behind an anonymous quote), allowed
 * actions, deal. A broker on it reads it without a side, a counterparty or any action: the parties
 * negotiate; the broker follows and sets the brokerage.
 */
export async function clusterView(db: DbOrTx, cluster: ClusterRow, viewer: Principal): Promise<ClusterView> {
  const role = viewerRole(cluster, viewer);
  if (!role) throw new Error(`cluster ${cluster.id} viewed by a non-party`);
  const [eoi] = await db.select().from(eois).where(eq(eois.id, cluster.eoiId));
  if (!eoi) throw new Error(`cluster ${cluster.id} without its EOI`);
  const [bond] = await db.select().from(finstruments).where(eq(finstruments.id, eoi.finstrumentId));
  if (!bond) throw new Error(`EOI ${eoi.id} without its bond`);
  const otherId = role === 'owner' ? cluster.responderClientId : role === 'responder' ? cluster.ownerClientId : null;
  const named = await db
    .select({ id: clients.id, name: clients.name })
    .from(clients)
    .where(inArray(clients.id, [...(otherId === null ? [] : [otherId]), ...brokersOf(cluster)]));
  const firm = (id: number | null) => named.find((c) => c.id === id) ?? null;
  const other = firm(otherId);
  const [deal] = await db.select().from(deals).where(eq(deals.clusterId, cluster.id));
  const snapshot = { value: cluster.machineState, context: {} };
  const [counter, accept] =
    role === 'owner' ? (['counter.byOwner', 'accept.byOwner'] as const) : (['counter.byResponder', 'accept.byResponder'] as const);
  const party = role !== 'broker';
  const legs = legsFor(bond, cluster.settlementDate, cluster.quantity, cluster.unitPrice, cluster.sellerSpread);
  return {
    id: cluster.id,
    eoi_id: eoi.id,
    finstrument_id: bond.id,
    isin: bond.isin,
    bond_name: bond.displayName,
    my_side: party ? sideOf(eoi, role) : null,
    my_role: role,
    status: statusOf(cluster.machineState) as ClusterView['status'],
    figures: legs.seller,
    seller_spread: cluster.sellerSpread,
    buyer_figures: legs.buyer,
    counterparty: role === 'responder' && eoi.anonymous ? null : other,
    can_counter: party && accepts(clusterMachine, snapshot, { type: counter }),
    can_accept: party && accepts(clusterMachine, snapshot, { type: accept }),
    exchanges: await sharedPlatforms(db, cluster),
    can_close: party && accepts(clusterMachine, snapshot, { type: 'close' }),
    revision: cluster.revision,
    facilitator: firm(cluster.facilitatorClientId),
    agent: firm(cluster.agentClientId),
    brokerage: cluster.brokerage,
    deal: deal ? dealView(deal) : null,
    updated_at: cluster.updatedAt.toISOString(),
  };
}

function dealView(deal: DealRow): NonNullable<ClusterView['deal']> {
  const figures = {
    unit_clean_price: Number(deal.unitPrice),
    bond_yield: Number(deal.yield),
    settlement_date: deal.settlementDate,
    quantity: deal.quantity,
    principal: deal.principal,
    total_accrued_interest: deal.accruedInterest,
    consideration: deal.consideration,
    stamp_duty: deal.stampDuty,
  };
  return {
    id: deal.id,
    exchange: deal.exchange,
    exchange_deal_id: deal.exchangeDealId,
    exchange_status: deal.exchangeStatus,
    rejection_reason: deal.rejectionReason,
    brokerage: deal.brokerage,
    figures,
    seller_spread: deal.sellerSpread,
    // Deals struck before spreads recorded no buyer leg: it was the seller's.
    buyer_figures:
      deal.buyerPrincipal === null || deal.buyerConsideration === null
        ? figures
        : {
            ...figures,
            unit_clean_price: Number(plusSpread(deal.unitPrice, deal.sellerSpread)),
            principal: deal.buyerPrincipal,
            consideration: deal.buyerConsideration,
            bond_yield: Number(deal.buyerYield ?? deal.yield),
          },
  };
}

/** The negotiations the caller's client is a party to or brokers, latest change first. */
export async function listClusters(db: DbOrTx, principal: Principal, limit: number): Promise<ClusterRow[]> {
  const mine = principal.clientId;
  return db
    .select()
    .from(clusters)
    .where(
      or(
        eq(clusters.ownerClientId, mine),
        eq(clusters.responderClientId, mine),
        eq(clusters.facilitatorClientId, mine),
        eq(clusters.agentClientId, mine),
      ),
    )
    .orderBy(desc(clusters.updatedAt), desc(clusters.id))
    .limit(limit);
}
