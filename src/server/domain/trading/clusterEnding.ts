/**
 * When a quote stops being live (closed, expired by its owner or its validity, or traded through
 * another negotiation) its negotiations still open end with it, each with its own event.
 */
import { and, eq, inArray, ne } from 'drizzle-orm';
import { CLUSTER_NEGOTIATING } from '../../../../machines/stateSets.js';
import { clusterMachine } from '../../../../machines/cluster.machine.js';
import type { Clock } from '../../../shared/clock.js';
import type { DbOrTx } from '../../db/database.js';
import { clusters } from '../../db/schema.js';
import { appendEvent } from '../../events/eventLog.js';
import { clusterEventPayload, type ClusterRow } from './clusterRepository.js';
import type { EoiRow } from './eoiRepository.js';
import { applyEvent, type StoredSnapshot, statusOf } from '../lifecycle.js';

export async function saveCluster(
  tx: DbOrTx,
  clock: Clock,
  row: ClusterRow,
  next: StoredSnapshot,
  changes: Partial<typeof clusters.$inferInsert> = {},
): Promise<ClusterRow> {
  const [saved] = await tx
    .update(clusters)
    .set({ ...changes, status: statusOf(next.value), machineState: next.value, updatedAt: clock.now() })
    .where(eq(clusters.id, row.id))
    .returning();
  if (!saved) throw new Error(`cluster ${row.id} vanished while locked`);
  return saved;
}

/** Ends the EOI's negotiations still open (except `keep`): closed with the quote, or expired with its validity. */
export async function endOpenClusters(
  tx: DbOrTx,
  clock: Clock,
  eoi: EoiRow,
  how: 'close' | 'validity.elapsed',
  actorUserId: number | null,
  keep?: number,
): Promise<void> {
  const open = await tx
    .select()
    .from(clusters)
    .where(
      and(
        eq(clusters.eoiId, eoi.id),
        inArray(clusters.status, CLUSTER_NEGOTIATING),
        keep === undefined ? undefined : ne(clusters.id, keep),
      ),
    )
    .for('update');
  for (const cluster of open) {
    const saved = await saveCluster(
      tx,
      clock,
      cluster,
      applyEvent(clusterMachine, { value: cluster.machineState, context: {} }, { type: how }, 'negotiation over'),
    );
    await appendEvent(tx, clock, {
      type: how === 'close' ? 'cluster.closed' : 'cluster.expired',
      aggregateId: saved.id,
      clientId: saved.ownerClientId,
      actorUserId,
      payload: clusterEventPayload(saved, eoi),
    });
  }
}
