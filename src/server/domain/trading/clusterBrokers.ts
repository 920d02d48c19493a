/**
 * Brokers on a negotiation (spec 01 §7 Trade): a party names the broker firm facilitating it and
 * the broker acting as its agent (PATCH api/trade/members/{id}/), and a party or one of those
 * brokers sets the brokerage on the deal (PATCH api/trade/{id}/brokerage/). Both only while the
 * negotiation is open; each appends its event, which the live feed sends to the parties and brokers.
 */
import { and, eq } from 'drizzle-orm';
import { CLUSTER_NEGOTIATING } from '../../../../machines/stateSets.js';
import type { Principal } from '../../../shared/accessPolicy.js';
import {
  brokerageSchema,
  type ClusterMembers,
  type ClusterView,
  clusterMembersSchema,
  NEGOTIATION_MESSAGES as N,
  TRADE_MESSAGES,
} from '../../../shared/contracts/trading.js';
import type { Clock } from '../../../shared/clock.js';
import type { DbOrTx } from '../../db/database.js';
import type { EoiRow } from './eoiRepository.js';
import { clientBrokers, clients, clusters } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { appendEvent } from '../../events/eventLog.js';
import {
  brokersOf,
  clusterEventPayload,
  type ClusterRow,
  clusterView,
  lockClusterFor,
  lockPartyCluster,
  viewerRole,
} from './clusterRepository.js';
import { parseBody, type TradingDeps } from './eoiCommands.js';
import { invalid } from './quotePricing.js';

const stillOpen = (cluster: ClusterRow) => {
  if (!CLUSTER_NEGOTIATING.includes(cluster.status)) throw new AppError('CONFLICT', N.negotiationOver);
};

async function isAgentOf(tx: DbOrTx, clientId: number, brokerClientId: number): Promise<boolean> {
  const [link] = await tx
    .select()
    .from(clientBrokers)
    .where(and(eq(clientBrokers.clientId, clientId), eq(clientBrokers.brokerClientId, brokerClientId)));
  return link !== undefined;
}

export async function isBroker(tx: DbOrTx, clientId: number): Promise<boolean> {
  const [row] = await tx.select({ isBroker: clients.isBroker }).from(clients).where(eq(clients.id, clientId));
  return row?.isBroker ?? false;
}

/**
 * Names (or removes with null) the facilitator and the caller's agent on a negotiation locked for a
 * party, with its event. `facilitatorField` is how the request named the facilitator (the members
 * PATCH says facilitator_id, the cluster PUT facilitator). Returns the saved row.
 */
export async function applyMembers(
  tx: DbOrTx,
  clock: Clock,
  principal: Principal,
  eoi: EoiRow,
  cluster: ClusterRow,
  input: ClusterMembers,
  facilitatorField = 'facilitator_id',
): Promise<ClusterRow> {
  if (input.facilitator_id && !(await isBroker(tx, input.facilitator_id))) throw invalid(facilitatorField, TRADE_MESSAGES.notABroker);
  if (input.agent_id && !(await isAgentOf(tx, principal.clientId, input.agent_id))) throw invalid('agent_id', TRADE_MESSAGES.notYourAgent);
  stillOpen(cluster);
  const [saved] = await tx
    .update(clusters)
    .set({
      ...(input.facilitator_id !== undefined && { facilitatorClientId: input.facilitator_id }),
      ...(input.agent_id !== undefined && { agentClientId: input.agent_id }),
      updatedAt: clock.now(),
    })
    .where(eq(clusters.id, cluster.id))
    .returning();
  if (!saved) throw new Error(`cluster ${cluster.id} vanished while locked`);
  // The brokers replaced or removed hear of it too, so their view of the negotiation ends.
  const payload = clusterEventPayload(saved, eoi);
  payload.broker_client_ids = [...new Set([...brokersOf(cluster), ...payload.broker_client_ids])];
  await appendEvent(tx, clock, {
    type: 'cluster.brokers_changed',
    aggregateId: saved.id,
    clientId: saved.ownerClientId,
    actorUserId: principal.userId,
    payload,
  });
  return saved;
}

/** PATCH api/trade/members/{id}/: a party names (or removes with null) the facilitator and its agent. */
export async function setMembers({ db, clock }: TradingDeps, principal: Principal, id: number, body: unknown): Promise<ClusterView> {
  return db.transaction(async (tx) => {
    const { eoi, cluster } = await lockPartyCluster(tx, principal, id);
    const input = parseBody(clusterMembersSchema, body);
    return clusterView(tx, await applyMembers(tx, clock, principal, eoi, cluster, input), principal);
  });
}

/** PATCH api/trade/{id}/brokerage/: a party, or a broker on the negotiation, sets the brokerage (INR) of its deal. */
export async function setBrokerage(
  { db, clock }: TradingDeps,
  principal: Principal,
  id: number,
  body: unknown,
): Promise<{ id: number; brokerage: string }> {
  return db.transaction(async (tx) => {
    const { eoi, cluster } = await lockClusterFor(tx, id, (c) => viewerRole(c, principal));
    const { brokerage } = parseBody(brokerageSchema, body);
    stillOpen(cluster);
    const [saved] = await tx.update(clusters).set({ brokerage, updatedAt: clock.now() }).where(eq(clusters.id, cluster.id)).returning();
    if (!saved?.brokerage) throw new Error(`cluster ${id} vanished while locked`);
    await appendEvent(tx, clock, {
      type: 'cluster.brokerage_set',
      aggregateId: saved.id,
      clientId: saved.ownerClientId,
      actorUserId: principal.userId,
      payload: { ...clusterEventPayload(saved, eoi), brokerage: saved.brokerage },
    });
    return { id: saved.id, brokerage: saved.brokerage };
  });
}
