/**
 * One-time passwords (spec 01 §3 OTP modes): 6 digits, stored as an HMAC so a database copy
 * does not reveal them, valid OTP_TTL seconds, at most 5 wrong tries per code and at most 3
 * codes per identity in 15 minutes.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Clock } from '../../../shared/clock.js';
import type { OtpMode } from '../../../shared/enums.js';
import type { Db } from '../../db/database.js';
import { otpChallenges } from '../../db/schema.js';
import { AppError } from '../../errors.js';

export const OTP_MAX_WRONG_TRIES = 5;
export const OTP_MAX_SENDS = 3;
export const OTP_SEND_WINDOW_MS = 15 * 60_000;

/** How a request names its person: a lower-cased e-mail, else the mobile's last 10 digits. */
export function otpIdentity(email: string | undefined, mobile: string | undefined): string {
  if (email) return email.trim().toLowerCase();
  return (mobile ?? '').replace(/\D/g, '').slice(-10);
}

export interface OtpDeps {
  db: Db;
  clock: Clock;
  secret: () => Promise<Uint8Array>;
  ttlSeconds: number;
}

async function digest(deps: OtpDeps, identity: string, code: string): Promise<Buffer> {
  return createHmac('sha256', Buffer.from(await deps.secret()))
    .update(`${identity}:${code}`)
    .digest();
}

/** Creates a code for `identity` and returns it for delivery; throws OTP_SEND_LIMIT past the send limit. */
export async function createOtp(deps: OtpDeps, identity: string, mode: OtpMode): Promise<string> {
  const now = deps.clock.now();
  const [sent] = await deps.db
    .select({ n: count() })
    .from(otpChallenges)
    .where(and(eq(otpChallenges.identity, identity), gt(otpChallenges.createdAt, new Date(now.getTime() - OTP_SEND_WINDOW_MS))));
  if ((sent?.n ?? 0) >= OTP_MAX_SENDS) throw new AppError('OTP_SEND_LIMIT');
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await deps.db.insert(otpChallenges).values({
    identity,
    mode,
    codeHash: (await digest(deps, identity, code)).toString('hex'),
    createdAt: now,
    expiresAt: new Date(now.getTime() + deps.ttlSeconds * 1000),
  });
  return code;
}

/** Consumes the latest code for `identity` if `code` matches; otherwise counts a wrong try and throws. */
export async function verifyOtp(deps: OtpDeps, identity: string, mode: OtpMode, code: string): Promise<void> {
  const now = deps.clock.now();
  const [challenge] = await deps.db
    .select()
    .from(otpChallenges)
    .where(and(eq(otpChallenges.identity, identity), eq(otpChallenges.mode, mode), isNull(otpChallenges.consumedAt)))
    .orderBy(desc(otpChallenges.createdAt), desc(otpChallenges.id))
    .limit(1);
  if (!challenge) throw new AppError('OTP_EXPIRED');
  if (challenge.attempts >= OTP_MAX_WRONG_TRIES) throw new AppError('OTP_LOCKED');
  if (challenge.expiresAt <= now) throw new AppError('OTP_EXPIRED');
  const expected = Buffer.from(challenge.codeHash, 'hex');
  if (timingSafeEqual(expected, await digest(deps, identity, code))) {
    await deps.db.update(otpChallenges).set({ consumedAt: now }).where(eq(otpChallenges.id, challenge.id));
    return;
  }
  const attempts = challenge.attempts + 1;
  await deps.db.update(otpChallenges).set({ attempts }).where(eq(otpChallenges.id, challenge.id));
  throw new AppError(attempts >= OTP_MAX_WRONG_TRIES ? 'OTP_LOCKED' : 'OTP_INVALID');
}
