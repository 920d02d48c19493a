import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthService } from '../../src/server/domain/auth/authService';
import { verifyWithArgon2, type PasswordVerifier } from '../../src/server/domain/auth/passwordSignIn';
import { events } from '../../src/server/db/schema';
import { filesystemStorage } from '../../src/server/storage/fileStorage';
import { createTestApp, type TestApp } from './helpers/testApp';
import { TEST_DEMO_PASSWORD } from './setup/seedTemplate';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The app's auth service over the same database, with a password verifier that counts its calls. */
function countingAuth() {
  const calls: string[] = [];
  const verify: PasswordVerifier = async (hash, password) => {
    calls.push(hash);
    return verifyWithArgon2(hash, password);
  };
  const { ctx } = t;
  const deps = {
    db: ctx.database.db,
    clock: ctx.clock,
    timers: t.clock,
    runAlone: ctx.database.runAlone,
    config: ctx.config,
    delivery: ctx.services.delivery,
    files: filesystemStorage(ctx.config.filesDir),
    revocations: ctx.revocations,
  };
  return { auth: createAuthService(deps, verify), calls };
}

const codeOf = (outcome: PromiseSettledResult<unknown>) =>
  outcome.status === 'rejected' ? (outcome.reason as { code?: string }).code : 'SIGNED_IN';

describe('sign-in lock-out under parallel guesses', () => {
  it('checks at most 5 of 50 parallel wrong passwords; every other attempt is refused as locked without a check', async () => {
    const { auth, calls } = countingAuth();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => auth.signInWithPassword('backoffice@vasuki.demo', `guess-${i}`)),
    );
    expect(calls).toHaveLength(5);
    const codes = outcomes.map(codeOf);
    expect(codes.filter((c) => c === 'INVALID_CREDENTIALS')).toHaveLength(5);
    expect(codes.filter((c) => c === 'ACCOUNT_LOCKED')).toHaveLength(45);
    // The right password is refused too, still without a check, until the window ends.
    await expect(auth.signInWithPassword('backoffice@vasuki.demo', TEST_DEMO_PASSWORD)).rejects.toMatchObject({ code: 'ACCOUNT_LOCKED' });
    expect(calls).toHaveLength(5);
    t.clock.advance(15 * 60_000 + 1);
    await expect(auth.signInWithPassword('backoffice@vasuki.demo', TEST_DEMO_PASSWORD)).resolves.toHaveProperty('access');
    expect(calls).toHaveLength(6);
  });

  it('runs exactly one argon2 check for an unknown e-mail, as for a known one', async () => {
    const { auth, calls } = countingAuth();
    await expect(auth.signInWithPassword('nobody-here@vasuki.demo', 'whatever-123')).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(calls).toHaveLength(1);
    await expect(auth.signInWithPassword('clientviewer@vasuki.demo', 'whatever-123')).rejects.toMatchObject({
      code: 'INVALID_CREDENTIALS',
    });
    expect(calls).toHaveLength(2);
    expect(calls[0]).toMatch(/^\$argon2id\$/);
  });

  it('over HTTP, 50 parallel wrong passwords get at most 5 "incorrect" answers, then 429 locked; the log has one lock-out', async () => {
    const email = 'clientdealer@trishul.demo';
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.app.inject({ method: 'POST', url: '/api/token/', payload: { email, password: `guess-${i}` } }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50 - statuses.filter((s) => s === 401).length);
    expect(answers.find((a) => a.statusCode === 429)?.json()).toEqual({
      code: 'ACCOUNT_LOCKED',
      message: 'Too many failed sign-in attempts. Please try again in 15 minutes.',
    });
    const lockouts = await t.ctx.database.db.select().from(events).where(eq(events.type, 'auth.locked_out'));
    expect(lockouts.map((e) => e.payload).filter((p) => (p as { email: string }).email === email)).toEqual([
      { email, failures: 5, window_minutes: 15 },
    ]);
  });
});
