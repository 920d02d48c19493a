/**
 * Forgotten passwords: an e-mailed single-use link valid for an hour, then a new password that
 * ends every session of the user (their refresh-token families are revoked).
 */
import { hash } from '@node-rs/argon2';
import { and, count, eq, gt, inArray, isNull } from 'drizzle-orm';
import { isSimilarToEmail, PASSWORD_MESSAGES } from '../../../shared/contracts/passwords.js';
import { passwordResetTokens, refreshTokens, userAccounts, users } from '../../db/schema.js';
import { ERROR_CATALOGUE } from '../../../shared/errors.js';
import { AppError } from '../../errors.js';
import { appendEvent } from '../../events/eventLog.js';
import type { ServiceDeps } from '../../serviceDeps.js';
import { firstActiveAccount } from '../auth/accounts.js';
import { clearSignInAttempts } from '../auth/signInAttempts.js';
import { userByEmail } from '../users/lookups.js';
import { hashSecureToken, newSecureToken } from './secureToken.js';

export const RESET_LINK_TTL_MS = 60 * 60_000;
/** Past this many links within an hour for one user, further requests send nothing (the answer is the same). */
export const RESET_LINKS_PER_HOUR = 3;

/** The password-reset service. */
export function createPasswordService({ db, clock, delivery, revocations, config }: ServiceDeps) {
  const { brandName, publicUrl } = config;
  return {
    /**
     * E-mails a reset link when the address belongs to a user; silent otherwise (no account
     * probing). A `webUrl` off this site is refused for every address alike.
     */
    async requestReset(email: string, webUrl: string): Promise<void> {
      const page = new URL(webUrl);
      if (page.origin !== new URL(publicUrl).origin) {
        throw new AppError('FOREIGN_WEB_URL', undefined, { web_url: ERROR_CATALOGUE.FOREIGN_WEB_URL.message });
      }
      const user = await userByEmail(db, email);
      if (!user) return;
      const now = clock.now();
      const [recent] = await db
        .select({ n: count() })
        .from(passwordResetTokens)
        .where(
          and(eq(passwordResetTokens.userId, user.id), gt(passwordResetTokens.createdAt, new Date(now.getTime() - RESET_LINK_TTL_MS))),
        );
      if ((recent?.n ?? 0) >= RESET_LINKS_PER_HOUR) return;
      const { token, hash: tokenHash } = newSecureToken();
      const account = await firstActiveAccount(db, user.id);
      await db.transaction(async (tx) => {
        await tx
          .insert(passwordResetTokens)
          .values({ userId: user.id, tokenHash, createdAt: now, expiresAt: new Date(now.getTime() + RESET_LINK_TTL_MS) });
        await appendEvent(tx, clock, {
          type: 'user.password_reset_requested',
          aggregateId: user.id,
          clientId: account?.clientId ?? null,
          payload: {},
        });
      });
      // Only the page's path comes from the caller; scheme and host are this site's.
      const link = new URL(page.pathname, publicUrl);
      link.searchParams.set('uid', String(user.id));
      link.searchParams.set('token', token);
      await delivery.send({
        channel: 'email',
        recipient: user.email,
        subject: `Reset your ${brandName} password`,
        body: `Open this link within 1 hour to choose a new ${brandName} password:\n${link.toString()}\n\nIf you did not ask for this, ignore this e-mail.`,
      });
    },

    /** Sets a new password with a valid link; the link and every other open link are used up. */
    async changePassword(userId: number, token: string, newPassword: string): Promise<void> {
      const passwordHash = await hash(newPassword);
      const endedSessions = await db.transaction(async (tx) => {
        const now = clock.now();
        const [link] = await tx
          .select()
          .from(passwordResetTokens)
          .where(and(eq(passwordResetTokens.tokenHash, hashSecureToken(token)), eq(passwordResetTokens.userId, userId)))
          .for('update');
        if (!link || link.usedAt || link.expiresAt <= now) {
          throw new AppError('RESET_LINK_INVALID', undefined, { token: 'This password reset link is invalid or has expired.' });
        }
        const [user] = await tx.select().from(users).where(eq(users.id, userId));
        if (!user) throw new AppError('RESET_LINK_INVALID');
        if (isSimilarToEmail(newPassword, user.email)) {
          throw new AppError('VALIDATION_FAILED', PASSWORD_MESSAGES.similarToEmail, { new_password1: PASSWORD_MESSAGES.similarToEmail });
        }
        await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
        const accountIds = tx.select({ id: userAccounts.id }).from(userAccounts).where(eq(userAccounts.userId, userId));
        const revoked = await tx
          .update(refreshTokens)
          .set({ revokedAt: now })
          .where(and(inArray(refreshTokens.userAccountId, accountIds), isNull(refreshTokens.revokedAt)))
          .returning({ familyId: refreshTokens.familyId });
        await clearSignInAttempts(tx, user.email.toLowerCase());
        await appendEvent(tx, clock, {
          type: 'user.password_changed',
          aggregateId: userId,
          clientId: (await firstActiveAccount(tx, userId))?.clientId ?? null,
          actorUserId: userId,
          payload: { via: 'reset_link' },
        });
        return [...new Set(revoked.map((r) => r.familyId))];
      });
      // The access tokens of those sign-ins stop working now, not when they expire.
      await revocations.revoke({ sessionIds: endedSessions, untilMs: clock.now().getTime() + config.auth.accessTtlSeconds * 1000 });
    },
  };
}
export type PasswordService = ReturnType<typeof createPasswordService>;
