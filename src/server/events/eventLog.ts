/**
 * Appends to the event log. Callers pass their transaction so the event commits (or not)
 * together with the rows it describes (DESIGN §3). Types and payloads come from the shared
 * catalogue; a payload that does not match its schema is a programming error and aborts the write.
 */
import type { DbOrTx } from '../db/database.js';
import { events } from '../db/schema.js';
import type { Clock } from '../../shared/clock.js';
import { EVENT_CATALOGUE, type EventPayload, type EventType } from '../../shared/events.js';

export interface NewEvent<T extends EventType> {
  type: T;
  aggregateId: number;
  clientId?: number | null;
  actorUserId?: number | null;
  payload: EventPayload<T>;
}

/** Inserts one event and returns its id (ids increase in commit order within one writer). */
export async function appendEvent<T extends EventType>(tx: DbOrTx, clock: Clock, event: NewEvent<T>): Promise<number> {
  const spec = EVENT_CATALOGUE[event.type];
  const [row] = await tx
    .insert(events)
    .values({
      type: event.type,
      aggregateType: spec.aggregate,
      aggregateId: String(event.aggregateId),
      clientId: event.clientId ?? null,
      actorUserId: event.actorUserId ?? null,
      payload: spec.payload.parse(event.payload),
      occurredAt: clock.now(),
    })
    .returning({ id: events.id });
  if (!row) throw new Error('event insert returned no row');
  return row.id;
}
