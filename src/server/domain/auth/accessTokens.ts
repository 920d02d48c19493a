/** Access tokens: short-lived JWTs (HS256) naming the user account; verified against the injected clock. */
import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../../shared/clock.js';

export interface AccessClaims {
  userId: number;
  userAccountId: number;
  clientId: number;
  /** The sign-in (refresh-token family) the token belongs to: the live feed ends with it. */
  sessionId?: string;
}
export interface VerifiedClaims extends AccessClaims {
  /** The token's own id: sign-out denies it until it expires. */
  jti?: string;
  expiresAt: Date;
}

const ISSUER = 'kosh';
const AUDIENCE = 'kosh-api';

/** Signs and verifies access tokens with `secret`, valid for `ttlSeconds`. */
export function accessTokenCodec(secret: () => Promise<Uint8Array>, clock: Clock, ttlSeconds: number) {
  return {
    async sign(claims: AccessClaims): Promise<string> {
      const now = Math.floor(clock.now().getTime() / 1000);
      return new SignJWT({ uac: claims.userAccountId, cid: claims.clientId, ...(claims.sessionId && { sid: claims.sessionId }) })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(claims.userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setJti(randomUUID())
        .setIssuedAt(now)
        .setExpirationTime(now + ttlSeconds)
        .sign(await secret());
    },
    /** The claims of a valid, unexpired token; null for anything else. */
    async verify(token: string): Promise<VerifiedClaims | null> {
      try {
        const { payload } = await jwtVerify(token, await secret(), {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
          currentDate: clock.now(),
        });
        const userAccountId = Number(payload.uac);
        const clientId = Number(payload.cid);
        const userId = Number(payload.sub);
        if (!Number.isInteger(userAccountId) || !Number.isInteger(clientId) || !Number.isInteger(userId)) return null;
        const sessionId = typeof payload.sid === 'string' ? { sessionId: payload.sid } : {};
        const jti = typeof payload.jti === 'string' ? { jti: payload.jti } : {};
        return { userId, userAccountId, clientId, ...sessionId, ...jti, expiresAt: new Date((payload.exp ?? 0) * 1000) };
      } catch {
        return null;
      }
    },
  };
}
export type AccessTokenCodec = ReturnType<typeof accessTokenCodec>;
