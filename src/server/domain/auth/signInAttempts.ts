/**
 * The sign-in lock-out counter (issue #21 item 4): one upsert counts the attempt and returns the
 * count before any password is checked, so fifty parallel guesses still get only the first few
 * real checks. The window starts at an e-mail's first attempt and a success or a reset ends it.
 */
import { eq, sql } from 'drizzle-orm';
import type { Clock } from '../../../shared/clock.js';
import type { DbOrTx } from '../../db/database.js';
import { signInAttempts } from '../../db/schema.js';

export const SIGN_IN_MAX_FAILURES = 5;
export const SIGN_IN_FAILURE_WINDOW_MS = 15 * 60_000;

/** Counts one attempt for `identity`; returns this attempt's number within the window (1 = first). */
export async function countSignInAttempt(db: DbOrTx, clock: Clock, identity: string): Promise<number> {
  const now = clock.now();
  const windowOpenedAfter = new Date(now.getTime() - SIGN_IN_FAILURE_WINDOW_MS);
  const stale = sql`${signInAttempts.windowStartedAt} <= ${windowOpenedAfter.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(signInAttempts)
    .values({ identity, attempts: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: signInAttempts.identity,
      set: {
        attempts: sql`CASE WHEN ${stale} THEN 1 ELSE ${signInAttempts.attempts} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${stale} THEN excluded.window_started_at ELSE ${signInAttempts.windowStartedAt} END`,
      },
    })
    .returning({ attempts: signInAttempts.attempts });
  if (!row) throw new Error('sign-in attempt upsert returned no row');
  return row.attempts;
}

/** Ends the lock-out window of `identity` (after a successful sign-in or a password reset). */
export async function clearSignInAttempts(db: DbOrTx, identity: string): Promise<void> {
  await db.delete(signInAttempts).where(eq(signInAttempts.identity, identity));
}
