/**
 * How far each durable consumer is behind the log: the age of the oldest event waiting past its
 * cursor (0 when none waits). Readiness calls a consumer stalled past a limit; metrics export it.
 */
import { sql } from 'drizzle-orm';
import type { Clock } from '../../shared/clock.js';
import { rowsOf, type Db } from '../db/database.js';

export interface ConsumerLag {
  consumer: string;
  /** Seconds since the oldest waiting event occurred; 0 when the consumer is caught up. */
  lagSeconds: number;
}

export async function consumerLags(db: Db, clock: Clock): Promise<ConsumerLag[]> {
  const rows = rowsOf<{ consumer: string; oldest: string | Date | null }>(
    await db.execute(sql`select c.consumer,
      (select e.occurred_at from events e where (e.tx_id, e.id) > (c.tx_id, c.event_id) order by e.tx_id, e.id limit 1) as oldest
    from event_consumer_cursors c order by c.consumer`),
  );
  return rows.map(({ consumer, oldest }) => ({
    consumer,
    lagSeconds: oldest ? Math.max(0, (clock.now().getTime() - new Date(oldest).getTime()) / 1000) : 0,
  }));
}
