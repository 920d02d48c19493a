/**
 * Negotiation commands (spec 01 §4: respond, negotiate, cluster update, close and accept). Each
 * locks the EOI, then the cluster (always in that order, so concurrent actions queue instead of
 * deadlocking), checks the caller is a party (404), reads the body (400), applies both machines
 * (409) and appends one event in the same transaction. Accepting deals only on the figures the
 * acceptor saw; the deal then goes to the chosen exchange and its answer is recorded.
 */
import { eq } from 'drizzle-orm';
import { CLUSTER_NEGOTIATING } from '../../../../machines/stateSets.js';
import { z } from 'zod';
import { clusterMachine } from '../../../../machines/cluster.machine.js';
import { eoiMachine } from '../../../../machines/eoi.machine.js';
import type { Principal } from '../../../shared/accessPolicy.js';
import { recordIdSchema } from '../../../shared/validation/ids.js';
import {
  type AcceptCluster,
  acceptSchema,
  type ClusterUpdate,
  type ClusterView,
  clusterUpdateSchema,
  type DealFigures,
  NEGOTIATION_MESSAGES as N,
  type RfqPlatform,
  respondSchema,
  TRADE_MESSAGES,
  TRADING_MESSAGES,
} from '../../../shared/contracts/trading.js';
import type { DbOrTx } from '../../db/database.js';
import { clusters, deals, finstruments } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { appendEvent } from '../../events/eventLog.js';
import { parsePaise } from '../../../shared/money.js';
import {
  buyerAndSeller,
  clusterEventPayload,
  type ClusterRow,
  clusterView,
  legsFor,
  lockPartyCluster,
  type Role,
  sharedPlatforms,
  sideOf,
  viewerRole,
} from './clusterRepository.js';
import { applyMembers, isBroker } from './clusterBrokers.js';
import { parseBody, saveTransition, snapshotOf, tradableBond, type TradingDeps } from './eoiCommands.js';
import { type EoiRow, isVisibleTo, lockEoi } from './eoiRepository.js';
import { saveCluster } from './clusterEnding.js';
import type { ExchangeStatus } from '../../exchanges/exchangeGateway.js';
import { recordAnswer, sendDeal } from './exchangeAnswers.js';
import { applyEvent, initialSnapshot, type StoredSnapshot, statusOf } from '../lifecycle.js';
import { checkWholeBonds, invalid, priceQuote, settlementFor } from './quotePricing.js';

const clusterSnapshot = (row: ClusterRow): StoredSnapshot => ({ value: row.machineState, context: {} });
/** Why the cluster machine refused the caller's move. */
const refusalFor = (row: ClusterRow) => (CLUSTER_NEGOTIATING.includes(row.status) ? N.notYourTurn : N.negotiationOver);

const payloadOf = clusterEventPayload;
const actor = (cluster: ClusterRow, principal: Principal) => ({
  aggregateId: cluster.id,
  clientId: cluster.ownerClientId,
  actorUserId: principal.userId,
});

/** POST api/eoi/add-negotiation/: a dealer of another client answers a visible, live quote. */
export async function respond(deps: TradingDeps, principal: Principal, body: unknown): Promise<ClusterView> {
  const { db, clock } = deps;
  const { respond_eoi_id: eoiId } = parseBody(
    z.object({
      respond_eoi_id: recordIdSchema(),
    }),
    body,
  );
  return db.transaction(async (tx) => {
    const eoi = await lockEoi(tx, eoiId);
    if (!eoi || !isVisibleTo(eoi, principal)) throw new AppError('NOT_FOUND', TRADING_MESSAGES.eoiNotFound);
    if (eoi.clientId === principal.clientId) throw new AppError('FORBIDDEN', N.ownQuote);
    const input = parseBody(respondSchema, body);
    const bond = await tradableBond(tx, eoi.finstrumentId);
    const quantity = input.maximum_lot_stored ?? eoi.quantum;
    checkWholeBonds(bond, quantity, 'maximum_lot_stored');
    const typed = input.use_respond_eoi_price
      ? { price: Number(eoi.unitPrice) }
      : { price: input.unit_price_stored, yield: input.yield_stored };
    if (typed.price === undefined && typed.yield === undefined) throw invalid('non_field_errors', TRADING_MESSAGES.priceOrYield);
    if (eoi.expiresAt <= clock.now()) throw new AppError('CONFLICT', N.quoteExpired);
    const eoiNext = applyEvent(eoiMachine, snapshotOf(eoi), { type: 'negotiation.opened' }, N.notLive);
    const priced = priceQuote(bond, eoi.settlementDate, typed);
    const opened = initialSnapshot(clusterMachine);
    const now = clock.now();
    const [cluster] = await tx
      .insert(clusters)
      .values({
        eoiId: eoi.id,
        ownerClientId: eoi.clientId,
        responderClientId: principal.clientId,
        responderUserAccountId: principal.userAccountId,
        quantity,
        unitPrice: priced.price,
        yield: priced.yield,
        settlementDate: eoi.settlementDate,
        status: statusOf(opened.value),
        machineState: opened.value,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!cluster) throw new Error('cluster insert returned no row');
    const savedEoi = await saveTransition(tx, clock, eoi, eoiNext);
    await appendEvent(tx, clock, { type: 'cluster.opened', ...actor(cluster, principal), payload: payloadOf(cluster, savedEoi) });
    return clusterView(tx, cluster, principal);
  });
}

/** Locks the cluster's EOI and then the cluster; 404 unless the caller's client is a party. */

/** GET api/trade/cluster/{id}/ and api/cluster/{id}/: the negotiation with its current figures, for a party or a broker on it. */
export async function getCluster({ db }: TradingDeps, principal: Principal, id: number): Promise<ClusterView> {
  const [cluster] = await db.select().from(clusters).where(eq(clusters.id, id));
  if (!cluster || !viewerRole(cluster, principal)) throw new AppError('NOT_FOUND', N.clusterNotFound);
  return clusterView(db, cluster, principal);
}

/** PUT api/trade/cluster/{id}/: close it, or counter with the caller's price (buyer_price or seller_price by side). */
export async function updateCluster(deps: TradingDeps, principal: Principal, id: number, body: unknown): Promise<ClusterView> {
  const { db, clock } = deps;
  return db.transaction(async (tx) => {
    const { eoi, cluster, role } = await lockPartyCluster(tx, principal, id);
    const input = parseBody(clusterUpdateSchema, body);
    if (input.close) {
      const next = applyEvent(clusterMachine, clusterSnapshot(cluster), { type: 'close' }, N.negotiationOver);
      const saved = await saveCluster(tx, clock, cluster, next);
      const savedEoi = await saveTransition(
        tx,
        clock,
        eoi,
        applyEvent(eoiMachine, snapshotOf(eoi), { type: 'negotiation.ended' }, N.negotiationOver),
      );
      await appendEvent(tx, clock, { type: 'cluster.closed', ...actor(saved, principal), payload: payloadOf(saved, savedEoi) });
      return clusterView(tx, saved, principal);
    }
    // Naming a facilitator alone takes no turn; with a counter it goes first, so the counter's event names the new broker.
    const named =
      input.facilitator !== undefined
        ? await applyMembers(tx, clock, principal, eoi, cluster, { facilitator_id: input.facilitator }, 'facilitator')
        : cluster;
    const counters = input.buyer_price !== undefined || input.seller_price !== undefined || input.seller_spread !== undefined;
    if (input.facilitator !== undefined && !counters) return clusterView(tx, named, principal);
    const { price: sellerPrice, spread, field } = await sellerQuote(tx, principal, eoi, named, role, input);
    const bond = await tradableBond(tx, eoi.finstrumentId);
    const quantity = input.quantity ?? named.quantity;
    checkWholeBonds(bond, quantity, 'quantity');
    const settlement = input.settlement_date
      ? await settlementFor(tx, clock, { settlement_date: input.settlement_date }, 'settlement_date')
      : named.settlementDate;
    const next = applyEvent(
      clusterMachine,
      clusterSnapshot(named),
      { type: role === 'owner' ? 'counter.byOwner' : 'counter.byResponder' },
      refusalFor(named),
    );
    const priced = priceQuote(bond, settlement, { price: sellerPrice }, field);
    const spreadText = spread.toFixed(4);
    const saved = await saveCluster(tx, clock, named, next, {
      quantity,
      unitPrice: priced.price,
      yield: priced.yield,
      settlementDate: settlement,
      revision: named.revision + 1,
      sellerSpread: spreadText,
      ...(spread > 0 && { brokerage: legsFor(bond, settlement, quantity, priced.price, spreadText).brokerage }),
    });
    await appendEvent(tx, clock, { type: 'cluster.countered', ...actor(saved, principal), payload: payloadOf(saved, eoi) });
    return clusterView(tx, saved, principal);
  });
}

/**
 * The seller's price a counter puts on the table, and the spread. A broker party may quote
 * `seller_price` (or `buyer_price`) with `seller_spread` (the buyer then pays seller_price + spread); anyone else
 * counters with their side's price, the spread on the table staying, so a buyer's price is the
 * seller's plus it.
 */
async function sellerQuote(
  tx: DbOrTx,
  principal: Principal,
  eoi: EoiRow,
  cluster: ClusterRow,
  role: Role,
  input: ClusterUpdate,
): Promise<{ price: number; spread: number; field: string }> {
  if (input.seller_spread !== undefined) {
    if (!(await isBroker(tx, principal.clientId)))
      throw new AppError('FORBIDDEN', TRADE_MESSAGES.spreadNotBroker, { seller_spread: TRADE_MESSAGES.spreadNotBroker });
    if (input.seller_price !== undefined) return { price: input.seller_price, spread: input.seller_spread, field: 'seller_price' };
    // A broker on the buying side may give the buyer's price instead: the seller's is then that less the spread.
    if (input.buyer_price === undefined) throw invalid('seller_price', TRADE_MESSAGES.spreadNeedsSellerPrice);
    return { price: Number((input.buyer_price - input.seller_spread).toFixed(4)), spread: input.seller_spread, field: 'buyer_price' };
  }
  const spread = Number(cluster.sellerSpread);
  if (sideOf(eoi, role) === 'SELL') {
    if (input.seller_price === undefined) throw invalid('seller_price', N.yourPrice);
    return { price: input.seller_price, spread, field: 'seller_price' };
  }
  if (input.buyer_price === undefined) throw invalid('buyer_price', N.yourPrice);
  return { price: Number((input.buyer_price - spread).toFixed(4)), spread, field: 'buyer_price' };
}

async function sharedPlatform(tx: DbOrTx, cluster: ClusterRow, platform: RfqPlatform): Promise<void> {
  if (!(await sharedPlatforms(tx, cluster)).includes(platform)) throw invalid('exchange', N.exchangeNotShared);
}

/** What the acceptor confirmed against the figures now: the seller's price at 4 dp, yield at 6 dp, accrued to the paisa, the broker's spread at 4 dp. */
function sameFigures(seen: AcceptCluster, now: DealFigures, spread: string): boolean {
  return (
    seen.unit_clean_price.toFixed(4) === now.unit_clean_price.toFixed(4) &&
    seen.bond_yield.toFixed(6) === now.bond_yield.toFixed(6) &&
    parsePaise(seen.total_accrued_interest) === parsePaise(now.total_accrued_interest) &&
    (seen.seller_spread ?? 0).toFixed(4) === spread
  );
}

/**
 * POST api/cluster/{id}/accept/: the party whose turn it is accepts the quote on the table on the
 * figures they saw. One transaction makes the deal and moves the cluster on to the exchange (one
 * event); the exchange's answer is recorded in a second one, now or when the platform gives it
 * (exchangeAnswers.ts).
 */
export async function acceptCluster(deps: TradingDeps, principal: Principal, id: number, body: unknown): Promise<ClusterView> {
  const { db, clock } = deps;
  const accepted = await db.transaction(async (tx) => {
    const { eoi, cluster, role } = await lockPartyCluster(tx, principal, id);
    const input = parseBody(acceptSchema, body);
    await sharedPlatform(tx, cluster, input.exchange);
    const agreed = applyEvent(
      clusterMachine,
      clusterSnapshot(cluster),
      { type: role === 'owner' ? 'accept.byOwner' : 'accept.byResponder' },
      refusalFor(cluster),
    );
    // One deal at a time waits on the exchange for a quote, which cannot end until it is answered.
    const eoiDealing = applyEvent(eoiMachine, snapshotOf(eoi), { type: 'deal.submitted' }, N.otherDealPending);
    const [bond] = await tx.select().from(finstruments).where(eq(finstruments.id, eoi.finstrumentId));
    if (!bond) throw new Error(`EOI ${eoi.id} without its bond`);
    const {
      seller: figures,
      buyer: buyerLeg,
      brokerage,
    } = legsFor(bond, cluster.settlementDate, cluster.quantity, cluster.unitPrice, cluster.sellerSpread);
    if (!sameFigures(input, figures, cluster.sellerSpread)) {
      throw new AppError('FIGURES_CHANGED', undefined, {
        unit_clean_price: figures.unit_clean_price.toFixed(4),
        bond_yield: figures.bond_yield.toFixed(6),
        total_accrued_interest: figures.total_accrued_interest,
        seller_spread: cluster.sellerSpread,
      });
    }
    const spread = Number(cluster.sellerSpread) > 0;
    const { buyer, seller } = buyerAndSeller(eoi, cluster);
    const [deal] = await tx
      .insert(deals)
      .values({
        clusterId: cluster.id,
        eoiId: eoi.id,
        buyerClientId: buyer,
        sellerClientId: seller,
        finstrumentId: bond.id,
        quantity: cluster.quantity,
        unitPrice: cluster.unitPrice,
        yield: cluster.yield,
        settlementDate: cluster.settlementDate,
        principal: figures.principal,
        accruedInterest: figures.total_accrued_interest,
        consideration: figures.consideration,
        stampDuty: figures.stamp_duty,
        exchange: input.exchange,
        exchangeStatus: 'PENDING',
        brokerage: spread ? brokerage : (cluster.brokerage ?? '0.00'),
        sellerSpread: cluster.sellerSpread,
        buyerYield: buyerLeg.bond_yield.toFixed(6),
        buyerPrincipal: buyerLeg.principal,
        buyerConsideration: buyerLeg.consideration,
        acceptedByUserAccountId: principal.userAccountId,
        createdAt: clock.now(),
      })
      .returning();
    if (!deal) throw new Error('deal insert returned no row');
    const submitted = applyEvent(clusterMachine, agreed, { type: 'exchange.submitted' }, N.negotiationOver);
    const saved = await saveCluster(tx, clock, cluster, submitted);
    const savedEoi = await saveTransition(tx, clock, eoi, eoiDealing);
    await appendEvent(tx, clock, {
      type: 'cluster.accepted',
      ...actor(saved, principal),
      payload: { ...payloadOf(saved, savedEoi), deal_id: deal.id, exchange: deal.exchange },
    });
    return deal;
  });
  // The deal is committed: if the platform cannot be reached now, the answers sweep sends it again.
  const status = await sendDeal(deps, accepted).catch((): ExchangeStatus => ({ status: 'PENDING' }));
  if (status.status !== 'PENDING') await recordAnswer(deps, accepted.id, status, principal.userId);
  return getCluster(deps, principal, id);
}
