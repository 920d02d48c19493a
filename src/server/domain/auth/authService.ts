/**
 * Sign-in, refresh, sign-out and one-time passwords: the auth rules in one place, used by the
 * auth routes and by the access plugin to turn a bearer token into a principal.
 */
import { randomUUID } from 'node:crypto';
import { verify as verifyPassword } from '@node-rs/argon2';
import { and, count, eq, gt } from 'drizzle-orm';
import type { Principal } from '../../../shared/accessPolicy.js';
import type { TokenPair } from '../../../shared/contracts/auth.js';
import type { InviteProof } from '../../../shared/contracts/users.js';
import type { OtpMode } from '../../../shared/enums.js';
import { signInFailures } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { accessTokenCodec } from './accessTokens.js';
import { findUserByEmail, findUserByMobile, firstActiveAccount, loadPrincipal } from './accounts.js';
import { createOtp, otpIdentity, verifyOtp } from './otp.js';
import { activeFamilies, issueRefreshToken, revokeRefreshFamily, rotateRefreshToken } from './refreshTokens.js';
import { loadSigningSecret } from './secrets.js';
import type { ServiceDeps } from '../../serviceDeps.js';

export const SIGN_IN_MAX_FAILURES = 5;
export const SIGN_IN_FAILURE_WINDOW_MS = 15 * 60_000;

interface Identity {
  email?: string;
  mobile?: string;
}

/** Builds the auth service over `db`. */
export function createAuthService(deps: ServiceDeps) {
  const { db, clock, config, delivery } = deps;
  let secretPromise: Promise<Uint8Array> | undefined;
  const secret = () => (secretPromise ??= loadSigningSecret(db, config.auth.jwtSecret));
  const tokens = accessTokenCodec(secret, clock, config.auth.accessTtlSeconds);
  const otpDeps = { db, clock, secret, ttlSeconds: config.auth.otpTtlSeconds };

  async function liveIdentity(token: string): Promise<{ principal: Principal; sessionId: string | null; expiresAt: Date } | null> {
    const claims = await tokens.verify(token);
    if (!claims) return null;
    const principal = await loadPrincipal(db, claims.userAccountId);
    if (!principal || principal.clientId !== claims.clientId) return null;
    return { principal, sessionId: claims.sessionId ?? null, expiresAt: claims.expiresAt };
  }

  async function pairFor(userId: number, userAccountId: number, clientId: number): Promise<TokenPair> {
    const sessionId = randomUUID();
    return {
      access: await tokens.sign({ userId, userAccountId, clientId, sessionId }),
      refresh: await issueRefreshToken(db, clock, config.auth.refreshTtlSeconds, userAccountId, sessionId),
      refresh_expires_in: config.auth.refreshTtlSeconds,
    };
  }

  async function openAccount(userId: number): Promise<TokenPair> {
    const account = await firstActiveAccount(db, userId);
    if (!account) throw new AppError('INVALID_CREDENTIALS');
    return pairFor(userId, account.id, account.clientId);
  }

  /** The user whose password this is; failures for the e-mail lock it out (SIGN_IN_MAX_FAILURES). */
  async function checkPassword(email: string, password: string) {
    const identity = email.toLowerCase();
    const since = new Date(clock.now().getTime() - SIGN_IN_FAILURE_WINDOW_MS);
    const [failures] = await db
      .select({ n: count() })
      .from(signInFailures)
      .where(and(eq(signInFailures.identity, identity), gt(signInFailures.at, since)));
    if ((failures?.n ?? 0) >= SIGN_IN_MAX_FAILURES) throw new AppError('ACCOUNT_LOCKED');
    const user = await findUserByEmail(db, identity);
    const valid = user?.passwordHash ? await verifyPassword(user.passwordHash, password) : false;
    if (!user || !valid) {
      await db.insert(signInFailures).values({ identity, at: clock.now() });
      throw new AppError('INVALID_CREDENTIALS');
    }
    await db.delete(signInFailures).where(eq(signInFailures.identity, identity));
    return user;
  }

  async function userFor(identity: Identity) {
    if (identity.email) return findUserByEmail(db, identity.email);
    return identity.mobile ? findUserByMobile(db, identity.mobile) : undefined;
  }

  return {
    refreshTtlSeconds: config.auth.refreshTtlSeconds,

    /** Password sign-in with lock-out after repeated failures for the same e-mail. */
    async signInWithPassword(email: string, password: string): Promise<TokenPair> {
      return openAccount((await checkPassword(email, password)).id);
    },

    /**
     * The id of the person with this e-mail, once they prove it with their own password (counted
     * toward the lock-out like a sign-in) or a login OTP sent to them. Throws like sign-in does.
     */
    async provePerson(email: string, proof: InviteProof): Promise<number> {
      if ('password' in proof) return (await checkPassword(email, proof.password)).id;
      await verifyOtp(otpDeps, otpIdentity(email, undefined), 'login', proof.otp);
      const user = await findUserByEmail(db, email);
      if (!user) throw new AppError('OTP_INVALID');
      return user.id;
    },

    /** Sends a code. For sign-in, unknown people get the same answer and no code (no account probing). */
    async requestOtp(identity: Identity, mode: OtpMode): Promise<void> {
      const key = otpIdentity(identity.email, identity.mobile);
      if (mode === 'login' && !(await userFor(identity))) return;
      const code = await createOtp(otpDeps, key, mode);
      const minutes = Math.round(config.auth.otpTtlSeconds / 60);
      await delivery.send({
        channel: identity.email ? 'email' : 'sms',
        recipient: identity.email ?? identity.mobile ?? key,
        subject: `${config.brandName} one-time password`,
        body: `${code} is your ${config.brandName} one-time password. It is valid for ${minutes} minutes. Do not share it with anyone.`,
      });
    },

    /** Sign-in with a login OTP. */
    async signInWithOtp(identity: Identity, code: string): Promise<TokenPair> {
      await verifyOtp(otpDeps, otpIdentity(identity.email, identity.mobile), 'login', code);
      const user = await userFor(identity);
      if (!user) throw new AppError('OTP_INVALID');
      return openAccount(user.id);
    },

    /** New tokens for a refresh token (rotated); the account must still be active. */
    async refresh(refreshToken: string): Promise<TokenPair> {
      const { userAccountId, familyId, refresh } = await rotateRefreshToken(db, clock, config.auth.refreshTtlSeconds, refreshToken);
      const principal = await loadPrincipal(db, userAccountId);
      if (!principal) throw new AppError('TOKEN_INVALID');
      return {
        access: await tokens.sign({ ...principal, sessionId: familyId }),
        refresh,
        refresh_expires_in: config.auth.refreshTtlSeconds,
      };
    },

    signOut: (refreshToken: string) => revokeRefreshFamily(db, clock, refreshToken),

    /** The caller behind a bearer token, or null when the token or account is not valid. */
    principalFromToken: async (token: string): Promise<Principal | null> => (await liveIdentity(token))?.principal ?? null,

    /** For the live feed: the caller, their sign-in and when the token expires; null when not valid. */
    liveIdentity,

    /** The sign-ins among `sessionIds` that are still open. */
    activeSessions: (sessionIds: readonly string[]) => activeFamilies(db, sessionIds),
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
