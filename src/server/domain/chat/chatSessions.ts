/**
 * Built-in chat sessions (spec 02 §7 `POST api/issue-sb-session-token`, `DELETE api/remove-sb-session`):
 * a random token, stored hashed, valid for CHAT_LIMITS.sessionTokenTtlMs on the injected clock.
 * Every built-in chat call presents it in `X-Chat-Session`; its problems answer 401 with the codes
 * the client's chatConnection machine acts on (spec 02 §4 Session token problems). With Sendbird
 * configured the same two calls issue and revoke Sendbird's session tokens through its Platform API.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Principal } from '../../../shared/accessPolicy.js';
import type { Clock } from '../../../shared/clock.js';
import { CHAT_LIMITS, CHAT_MESSAGES } from '../../../shared/contracts/chat.js';
import type { Db } from '../../db/database.js';
import { chatSessions, userAccounts, users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { SendbirdPlatform } from './sendbirdPlatform.js';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The caller's own user row; another user's id is refused (only oneself may hold or end a chat session). */
async function ownUser(db: Db, caller: Principal, userId: string) {
  const [user] = await db
    .select({
      id: users.id,
      uniqueId: users.uniqueId,
      accepted: users.hasAcceptedChatTerms,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .where(eq(users.id, caller.userId));
  if (!user || user.uniqueId !== userId) throw new AppError('FORBIDDEN', CHAT_MESSAGES.selfSession);
  return user;
}

export function createChatSessions(db: Db, clock: Clock, sendbird: SendbirdPlatform | null = null) {
  return {
    /** A new session token for the caller, who must have accepted the chat terms. */
    async issue(caller: Principal, userId: string): Promise<{ token: string; expires_at: number }> {
      const user = await ownUser(db, caller, userId);
      if (!user.accepted) throw new AppError('FORBIDDEN', CHAT_MESSAGES.chatTermsRequired);
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + CHAT_LIMITS.sessionTokenTtlMs);
      if (sendbird) return sendbird.issueToken(user.uniqueId, `${user.firstName} ${user.lastName}`.trim(), expiresAt.getTime());
      const token = randomBytes(32).toString('base64url');
      await db.insert(chatSessions).values({ userId: user.id, tokenHash: hashOf(token), expiresAt, createdAt: now });
      return { token, expires_at: expiresAt.getTime() };
    },

    /** Ends every chat session of the caller (sign-out from chat). */
    async revoke(caller: Principal, userId: string): Promise<void> {
      const user = await ownUser(db, caller, userId);
      if (sendbird) await sendbird.revokeTokens(user.uniqueId);
      await db
        .update(chatSessions)
        .set({ revokedAt: clock.now() })
        .where(and(eq(chatSessions.userId, user.id), isNull(chatSessions.revokedAt)));
    },

    /** Checks the `X-Chat-Session` token of a built-in call made by `caller`. */
    async verify(caller: Principal, token: string | undefined): Promise<void> {
      if (!token) throw new AppError('CHAT_TOKEN_INVALID');
      // One round trip with the caller's account status: every built-in call pays for this check.
      const [session] = await db
        .select({
          userId: chatSessions.userId,
          revokedAt: chatSessions.revokedAt,
          expiresAt: chatSessions.expiresAt,
          accountStatus: userAccounts.status,
        })
        .from(chatSessions)
        .leftJoin(userAccounts, eq(userAccounts.id, caller.userAccountId))
        .where(eq(chatSessions.tokenHash, hashOf(token)));
      // Another user's token is as good as none: it says nothing about who this caller is.
      if (!session || session.userId !== caller.userId) throw new AppError('CHAT_TOKEN_INVALID');
      if (session.revokedAt) throw new AppError('CHAT_SESSION_REVOKED');
      if (session.expiresAt.getTime() <= clock.now().getTime()) throw new AppError('CHAT_TOKEN_EXPIRED');
      if (session.accountStatus !== 'active') throw new AppError('CHAT_USER_DEACTIVATED');
    },
  };
}

export type ChatSessions = ReturnType<typeof createChatSessions>;
