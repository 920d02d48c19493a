/**
 * Password sign-in (issue #21 item 4). The attempt is counted before the password is checked, so
 * the lock-out holds under parallel guesses; an unknown e-mail costs the same single argon2 verify
 * as a known one (against a fixed hash), so the answer's timing does not tell who has an account.
 * Every outcome is a security event.
 */
import { verify as argon2Verify } from '@node-rs/argon2';
import type { Clock } from '../../../shared/clock.js';
import type { Db, DbOrTx } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { appendEvent } from '../../events/eventLog.js';
import { findUserByEmail, firstActiveAccount } from './accounts.js';
import { clearSignInAttempts, countSignInAttempt, SIGN_IN_FAILURE_WINDOW_MS, SIGN_IN_MAX_FAILURES } from './signInAttempts.js';

/** Checks a password against an argon2 hash (injected so tests can count the checks). */
export type PasswordVerifier = (hash: string, password: string) => Promise<boolean>;

export const verifyWithArgon2: PasswordVerifier = (hash, password) => argon2Verify(hash, password);

/** An argon2id hash (same parameters as real ones) no password matches in practice: unknown e-mails are checked against it. */
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$vYyhaRRcekreB6mqruSsLg$j4yoUeswonGCQG37Q5cncfJxJwsHYm1/DXZ9y0mNggI';

/** The account a successful sign-in opens. */
export interface SignedInAccount {
  userId: number;
  userAccountId: number;
  clientId: number;
}

/** Checks `email` and `password`; throws ACCOUNT_LOCKED or INVALID_CREDENTIALS. */
export async function checkPassword(
  db: Db,
  clock: Clock,
  verify: PasswordVerifier,
  email: string,
  password: string,
): Promise<SignedInAccount> {
  const identity = email.toLowerCase();
  const attempt = await countSignInAttempt(db, clock, identity);
  const user = await findUserByEmail(db, identity);
  const account = user ? await firstActiveAccount(db, user.id) : undefined;
  const failed = (tx: DbOrTx, reason: 'invalid_credentials' | 'locked') =>
    appendEvent(tx, clock, {
      type: 'auth.sign_in_failed',
      aggregateId: user?.id ?? 0,
      clientId: account?.clientId ?? null,
      payload: { email: identity, reason },
    });
  if (attempt > SIGN_IN_MAX_FAILURES) {
    await failed(db, 'locked');
    throw new AppError('ACCOUNT_LOCKED');
  }
  const valid = await verify(user?.passwordHash ?? DUMMY_HASH, password);
  if (!user?.passwordHash || !valid || !account) {
    await db.transaction(async (tx) => {
      await failed(tx, 'invalid_credentials');
      if (attempt === SIGN_IN_MAX_FAILURES) {
        await appendEvent(tx, clock, {
          type: 'auth.locked_out',
          aggregateId: user?.id ?? 0,
          clientId: account?.clientId ?? null,
          payload: { email: identity, failures: attempt, window_minutes: SIGN_IN_FAILURE_WINDOW_MS / 60_000 },
        });
      }
    });
    throw new AppError('INVALID_CREDENTIALS');
  }
  await db.transaction(async (tx) => {
    await clearSignInAttempts(tx, identity);
    await appendEvent(tx, clock, {
      type: 'auth.sign_in_succeeded',
      aggregateId: user.id,
      clientId: account.clientId,
      actorUserId: user.id,
      payload: { method: 'password', user_account_id: account.id },
    });
  });
  return { userId: user.id, userAccountId: account.id, clientId: account.clientId };
}
