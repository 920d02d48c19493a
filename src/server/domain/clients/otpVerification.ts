/**
 * POST api/validate-otp/: a verified OTP of a non-login mode is remembered for 15 minutes, so the
 * registration that follows can prove the person owns the e-mail or mobile (auth_mode 'otp').
 */
import { and, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Clock } from '../../../shared/clock.js';
import type { OtpMode } from '../../../shared/enums.js';
import type { Config } from '../../config.js';
import type { Db, DbOrTx } from '../../db/database.js';
import { otpVerifications } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { otpIdentity, verifyOtp } from '../auth/otp.js';
import { loadSigningSecret } from '../auth/secrets.js';

export const OTP_VERIFICATION_TTL_MS = 15 * 60_000;

export interface Identity {
  email?: string;
  mobile?: string;
}

/** Checks `otp` for the identity and mode (throws the OTP errors) and records the verification. */
export async function recordOtpVerification(
  db: Db,
  clock: Clock,
  config: Config,
  identity: Identity,
  mode: OtpMode,
  otp: string,
): Promise<void> {
  const key = otpIdentity(identity.email, identity.mobile);
  // The same secret the auth service hashes codes with (JWT_SECRET or the stored one).
  const deps = { db, clock, secret: () => loadSigningSecret(db, config.auth.jwtSecret), ttlSeconds: config.auth.otpTtlSeconds };
  await verifyOtp(deps, key, mode, otp);
  const now = clock.now();
  await db
    .insert(otpVerifications)
    .values({ identity: key, mode, verifiedAt: now, expiresAt: new Date(now.getTime() + OTP_VERIFICATION_TTL_MS) });
}

/** Uses up a live verification of the e-mail or the mobile for `mode`; OTP_NOT_VERIFIED when there is none. */
export async function consumeOtpVerification(tx: DbOrTx, clock: Clock, identity: Required<Identity>, mode: OtpMode): Promise<void> {
  const now = clock.now();
  const keys = [otpIdentity(identity.email, undefined), otpIdentity(undefined, identity.mobile)];
  const [live] = await tx
    .select({ id: otpVerifications.id })
    .from(otpVerifications)
    .where(
      and(
        inArray(otpVerifications.identity, keys),
        eq(otpVerifications.mode, mode),
        isNull(otpVerifications.consumedAt),
        gt(otpVerifications.expiresAt, now),
      ),
    )
    .orderBy(desc(otpVerifications.verifiedAt))
    .limit(1)
    .for('update');
  if (!live) throw new AppError('OTP_NOT_VERIFIED');
  await tx.update(otpVerifications).set({ consumedAt: now }).where(eq(otpVerifications.id, live.id));
}
