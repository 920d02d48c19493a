import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database';
import { events } from '../../src/server/db/schema';
import { appendEvent } from '../../src/server/events/eventLog';
import { manualClock } from '../../src/shared/clock';
import { openTestDatabase } from './helpers/testDatabase';

let database: Database;
beforeAll(async () => { database = await openTestDatabase(); });
afterAll(async () => { await database.close(); });

const clock = manualClock('2026-11-20T04:00:00Z');
const sample = { type: 'eoi.created', aggregateType: 'eoi', aggregateId: '17', payload: { quantum: 1_000_000 } };

describe('event log', () => {
  it('appends events with increasing ids and the injected time', async () => {
    const first = await appendEvent(database.db, clock, sample);
    clock.advance(1_000);
    const second = await appendEvent(database.db, clock, { ...sample, type: 'eoi.expired' });
    expect(second).toBeGreaterThan(first);
    const rows = await database.db.select().from(events).where(sql`${events.id} in (${first}, ${second})`).orderBy(events.id);
    expect(rows.map((r) => [r.type, r.occurredAt.toISOString()])).toEqual([
      ['eoi.created', '2026-11-20T04:00:00.000Z'],
      ['eoi.expired', '2026-11-20T04:00:01.000Z'],
    ]);
  });

  it('commits an event only with its transaction', async () => {
    const before = await database.db.$count(events);
    await expect(database.db.transaction(async (tx) => {
      await appendEvent(tx, clock, sample);
      throw new Error('business rule failed');
    })).rejects.toThrow('business rule failed');
    expect(await database.db.$count(events)).toBe(before);
  });

  it('refuses to update or delete history', async () => {
    const id = await appendEvent(database.db, clock, sample);
    // drizzle wraps the database error; the trigger's message is its cause.
    const refusal = { cause: expect.objectContaining({ message: expect.stringMatching(/events is append-only/) }) };
    await expect(database.db.execute(sql`update events set type = 'forged' where id = ${id}`)).rejects.toMatchObject(refusal);
    await expect(database.db.execute(sql`delete from events where id = ${id}`)).rejects.toMatchObject(refusal);
    await expect(database.db.execute(sql`truncate events`)).rejects.toMatchObject(refusal);
    const [row] = await database.db.select().from(events).where(sql`${events.id} = ${id}`);
    expect(row?.type).toBe('eoi.created');
  });
});
