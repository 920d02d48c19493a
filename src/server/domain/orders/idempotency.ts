/**
 * `Idempotency-Key` on create calls (issue #9): a retried submission gets the first answer, never a
 * second row; the same key with another body (or on another route) is a 409. The answer is stored
 * in the transaction that creates, so a crash never leaves a row without its key or a key without
 * its row. Two requests with one key at once both create inside their own transaction; the second
 * one's key insert waits on the first's primary-key row, conflicts once it commits, rolls its own
 * work back and answers what the first stored.
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Clock } from '../../../shared/clock.js';
import { ORDER_MESSAGES } from '../../../shared/contracts/orders.js';
import type { Db, DbOrTx } from '../../db/database.js';
import { idempotencyKeys } from '../../db/schema.js';
import { AppError } from '../../errors.js';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const MAX_KEY_LENGTH = 200;
// Control characters (and so line breaks) never belong in a key.
const CONTROL = /\p{Cc}/u;

/** The key of a request's header value, null without one; 400 when it is empty, too long or has control characters. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  if (typeof header !== 'string' || header.trim() === '' || header.length > MAX_KEY_LENGTH || CONTROL.test(header)) {
    throw new AppError('VALIDATION_FAILED', ORDER_MESSAGES.idempotencyKeyFormat, {
      'Idempotency-Key': ORDER_MESSAGES.idempotencyKeyFormat,
    });
  }
  return header;
}

/** JSON with object keys sorted, so `{a, b}` and `{b, a}` are one request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export const requestHash = (route: string, body: unknown) =>
  createHash('sha256')
    .update(`${route}\n${canonical(body)}`)
    .digest('hex');

export interface Answer<T> {
  status: number;
  body: T;
}

export interface IdempotentCall {
  userAccountId: number;
  /** From `idempotencyKeyOf`; null runs the create once, unguarded. */
  key: string | null;
  /** e.g. 'POST api/orders/'. */
  route: string;
  body: unknown;
}

/** Raised inside the create's transaction to roll it back when another request stored the key first. */
class KeyTaken extends Error {}

async function storedAnswer<T>(db: DbOrTx, call: IdempotentCall & { key: string }, hash: string): Promise<Answer<T> | null> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userAccountId, call.userAccountId), eq(idempotencyKeys.key, call.key)));
  if (!row) return null;
  if (row.requestHash !== hash || row.route !== call.route) throw new AppError('CONFLICT', ORDER_MESSAGES.idempotencyMismatch);
  return { status: row.responseStatus, body: row.responseBody as T };
}

/** Runs `create` in one transaction, at most once per user and key; a repeat answers the stored first answer. */
export async function idempotent<T>(
  db: Db,
  clock: Clock,
  call: IdempotentCall,
  create: (tx: DbOrTx) => Promise<Answer<T>>,
): Promise<Answer<T>> {
  if (call.key === null) return db.transaction(create);
  const keyed = { ...call, key: call.key };
  const hash = requestHash(call.route, call.body);
  const earlier = await storedAnswer<T>(db, keyed, hash);
  if (earlier) return earlier;
  try {
    return await db.transaction(async (tx) => {
      const answer = await create(tx);
      const [stored] = await tx
        .insert(idempotencyKeys)
        .values({
          userAccountId: call.userAccountId,
          key: keyed.key,
          route: call.route,
          requestHash: hash,
          responseStatus: answer.status,
          responseBody: answer.body,
          createdAt: clock.now(),
        })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (!stored) throw new KeyTaken();
      return answer;
    });
  } catch (error) {
    if (!(error instanceof KeyTaken)) throw error;
  }
  const first = await storedAnswer<T>(db, keyed, hash);
  if (!first) throw new Error(`Idempotency-Key of user account ${call.userAccountId} conflicted but is not stored`);
  return first;
}
