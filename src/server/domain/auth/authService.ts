/**
 * Sign-in, refresh, sign-out and one-time passwords: the auth rules in one place, used by the
 * auth routes and by the access plugin to turn a bearer token into a principal.
 */
import { randomUUID } from 'node:crypto';
import type { Principal } from '../../../shared/accessPolicy.js';
import type { TokenPair } from '../../../shared/contracts/auth.js';
import type { InviteProof } from '../../../shared/contracts/users.js';
import type { OtpMode } from '../../../shared/enums.js';
import { AppError } from '../../errors.js';
import { accessTokenCodec } from './accessTokens.js';
import { findUserByEmail, findUserByMobile, firstActiveAccount, loadPrincipal } from './accounts.js';
import { appendEvent } from '../../events/eventLog.js';
import { createOtp, otpIdentity, verifyOtp } from './otp.js';
import { activeFamilies, familyOf, issueRefreshToken, revokeRefreshFamily, rotateRefreshToken } from './refreshTokens.js';
import { checkPassword, verifyWithArgon2, type PasswordVerifier } from './passwordSignIn.js';
import { loadSigningSecret } from './secrets.js';
import type { ServiceDeps } from '../../serviceDeps.js';

interface Identity {
  email?: string;
  mobile?: string;
}

/** Builds the auth service over `db`; `verifyPassword` checks passwords (argon2; tests count its calls). */
export function createAuthService(deps: ServiceDeps, verifyPassword: PasswordVerifier = verifyWithArgon2) {
  const { db, clock, config, delivery, revocations } = deps;
  let secretPromise: Promise<Uint8Array> | undefined;
  const secret = () => (secretPromise ??= loadSigningSecret(db, config.auth.jwtSecret));
  const tokens = accessTokenCodec(secret, clock, config.auth.accessTtlSeconds);
  const otpDeps = { db, clock, secret, ttlSeconds: config.auth.otpTtlSeconds };

  async function liveIdentity(token: string): Promise<{ principal: Principal; sessionId: string | null; expiresAt: Date } | null> {
    const claims = await tokens.verify(token);
    if (!claims || revocations.isRevoked(claims)) return null;
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

  async function userFor(identity: Identity) {
    if (identity.email) return findUserByEmail(db, identity.email);
    return identity.mobile ? findUserByMobile(db, identity.mobile) : undefined;
  }

  return {
    refreshTtlSeconds: config.auth.refreshTtlSeconds,

    /** Password sign-in with lock-out after repeated attempts for the same e-mail. */
    async signInWithPassword(email: string, password: string): Promise<TokenPair> {
      const account = await checkPassword(db, clock, verifyPassword, email, password);
      return pairFor(account.userId, account.userAccountId, account.clientId);
    },

    /**
     * The id of the person with this e-mail, once they prove it with their own password (counted
     * toward the lock-out like a sign-in) or a login OTP sent to them. Throws like sign-in does.
     */
    async provePerson(email: string, proof: InviteProof): Promise<number> {
      if ('password' in proof) return (await checkPassword(db, clock, verifyPassword, email, proof.password)).userId;
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
      const account = await firstActiveAccount(db, user.id);
      if (!account) throw new AppError('INVALID_CREDENTIALS');
      await appendEvent(db, clock, {
        type: 'auth.sign_in_succeeded',
        aggregateId: user.id,
        clientId: account.clientId,
        actorUserId: user.id,
        payload: { method: 'otp', user_account_id: account.id },
      });
      return pairFor(user.id, account.id, account.clientId);
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

    /**
     * Sign-out: ends the sign-in of the refresh token or, without one, of the access token, and
     * denies its access tokens at once on every instance.
     */
    async signOut(refreshToken: string | undefined, accessToken: string | undefined): Promise<void> {
      const claims = accessToken ? await tokens.verify(accessToken) : null;
      const familyId = (refreshToken ? await familyOf(db, refreshToken) : undefined) ?? claims?.sessionId;
      if (familyId) await revokeRefreshFamily(db, clock, familyId);
      await revocations.revoke({
        jtis: claims?.jti ? [claims.jti] : [],
        sessionIds: familyId ? [familyId] : [],
        untilMs: clock.now().getTime() + config.auth.accessTtlSeconds * 1000,
      });
    },

    /** The caller behind a bearer token, or null when the token or account is not valid. */
    principalFromToken: async (token: string): Promise<Principal | null> => (await liveIdentity(token))?.principal ?? null,

    /** For the live feed: the caller, their sign-in and when the token expires; null when not valid. */
    liveIdentity,

    /** The sign-ins among `sessionIds` that are still open. */
    activeSessions: (sessionIds: readonly string[]) => activeFamilies(db, sessionIds),
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
