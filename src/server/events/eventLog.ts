/**
 * Appends to the event log. Callers pass their transaction so the event commits (or not)
 * together with the rows it describes (DESIGN §3).
 */
import type { DbOrTx } from '../db/database.js';
import { events } from '../db/schema.js';
import type { Clock } from '../../shared/clock.js';

export interface NewEvent {
  type: string;
  aggregateType: string;
  aggregateId: string;
  clientId?: number | null;
  actorUserId?: number | null;
  payload: Record<string, unknown>;
}

/** Inserts one event and returns its id (ids increase in commit order within one writer). */
export async function appendEvent(tx: DbOrTx, clock: Clock, event: NewEvent): Promise<number> {
  const [row] = await tx
    .insert(events)
    .values({ ...event, clientId: event.clientId ?? null, actorUserId: event.actorUserId ?? null, occurredAt: clock.now() })
    .returning({ id: events.id });
  if (!row) throw new Error('event insert returned no row');
  return row.id;
}
