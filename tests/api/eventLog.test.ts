import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database';
import { events } from '../../src/server/db/schema';
import { appendEvent } from '../../src/server/events/eventLog';
import { manualClock } from '../../src/shared/clock';
import { openTestDatabase } from './helpers/testDatabase';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const clock = manualClock('2026-11-20T04:00:00Z');
const sample = { type: 'invite.accepted', aggregateId: 17, payload: { user_account_id: 42 } } as const;

describe('event log', () => {
  it('appends events with increasing ids and the injected time', async () => {
    const first = await appendEvent(database.db, clock, sample);
    clock.advance(1_000);
    const second = await appendEvent(database.db, clock, { type: 'invite.revoked', aggregateId: 17, payload: { user_account_id: 42 } });
    expect(second).toBeGreaterThan(first);
    const rows = await database.db
      .select()
      .from(events)
      .where(sql`${events.id} in (${first}, ${second})`)
      .orderBy(events.id);
    expect(rows.map((r) => [r.type, r.occurredAt.toISOString()])).toEqual([
      ['invite.accepted', '2026-11-20T04:00:00.000Z'],
      ['invite.revoked', '2026-11-20T04:00:01.000Z'],
    ]);
  });

  it('records the aggregate from the catalogue and refuses a payload that does not match it', async () => {
    const id = await appendEvent(database.db, clock, sample);
    const [row] = await database.db
      .select()
      .from(events)
      .where(sql`${events.id} = ${id}`);
    expect([row?.aggregateType, row?.aggregateId, row?.payload]).toEqual(['invite', '17', { user_account_id: 42 }]);
    const before = await database.db.$count(events);
    const forged = { ...sample, payload: { user_account_id: 'forty-two' } } as unknown as typeof sample;
    await expect(appendEvent(database.db, clock, forged)).rejects.toThrow();
    expect(await database.db.$count(events)).toBe(before);
  });

  it('commits an event only with its transaction', async () => {
    const before = await database.db.$count(events);
    await expect(
      database.db.transaction(async (tx) => {
        await appendEvent(tx, clock, sample);
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');
    expect(await database.db.$count(events)).toBe(before);
  });

  it('refuses to update or delete history', async () => {
    const id = await appendEvent(database.db, clock, sample);
    // drizzle wraps the database error; the trigger's message is its cause.
    const refusal = { cause: expect.objectContaining({ message: expect.stringMatching(/events is append-only/) }) };
    await expect(database.db.execute(sql`update events set type = 'forged' where id = ${id}`)).rejects.toMatchObject(refusal);
    await expect(database.db.execute(sql`delete from events where id = ${id}`)).rejects.toMatchObject(refusal);
    await expect(database.db.execute(sql`truncate events`)).rejects.toMatchObject(refusal);
    const [row] = await database.db
      .select()
      .from(events)
      .where(sql`${events.id} = ${id}`);
    expect(row?.type).toBe('invite.accepted');
  });
});
