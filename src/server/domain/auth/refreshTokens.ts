/**
 * Refresh tokens: opaque random strings stored as SHA-256 hashes. Each use rotates the token
 * within its family; a token used twice means it leaked, so the whole family is revoked.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Clock } from '../../../shared/clock.js';
import type { Db } from '../../db/database.js';
import { refreshTokens } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { hashSecureToken as hashToken } from '../passwords/secureToken.js';

/** Issues a refresh token for `userAccountId`, in `familyId` or a new family. */
export async function issueRefreshToken(
  db: Db,
  clock: Clock,
  ttlSeconds: number,
  userAccountId: number,
  familyId: string = randomUUID(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = clock.now();
  await db.insert(refreshTokens).values({
    familyId,
    userAccountId,
    tokenHash: hashToken(token),
    issuedAt: now,
    expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
  });
  return token;
}

/** Exchanges a refresh token for a new one; reuse revokes the family. Throws TOKEN_INVALID. */
export async function rotateRefreshToken(
  db: Db,
  clock: Clock,
  ttlSeconds: number,
  token: string,
): Promise<{ userAccountId: number; familyId: string; refresh: string }> {
  const now = clock.now();
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(token)))
      .for('update');
    if (!row || row.revokedAt || row.expiresAt <= now) return null;
    if (row.usedAt) {
      await tx
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
      return 'reused' as const;
    }
    await tx.update(refreshTokens).set({ usedAt: now }).where(eq(refreshTokens.id, row.id));
    return row;
  });
  if (!outcome || outcome === 'reused') throw new AppError('TOKEN_INVALID');
  const refresh = await issueRefreshToken(db, clock, ttlSeconds, outcome.userAccountId, outcome.familyId);
  return { userAccountId: outcome.userAccountId, familyId: outcome.familyId, refresh };
}

/** The families among `familyIds` still signed in (neither signed out nor revoked for reuse). */
export async function activeFamilies(db: Db, familyIds: readonly string[]): Promise<Set<string>> {
  if (familyIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(and(inArray(refreshTokens.familyId, [...familyIds]), isNull(refreshTokens.revokedAt)));
  return new Set(rows.map((r) => r.familyId));
}

/** The family (sign-in) of refresh token `token`, or undefined when unknown. */
export async function familyOf(db: Db, token: string): Promise<string | undefined> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)));
  return row?.familyId;
}

/** Revokes the family `familyId` (sign-out). */
export async function revokeRefreshFamily(db: Db, clock: Clock, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: clock.now() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}
