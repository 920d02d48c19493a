/**
 * Access tokens revoked before they expire (issue #21 item 7): sign-out and a password change deny
 * the sign-in (session id) and the token (jti) at once. The list lives in process memory — the
 * auth hook checks it with no round trip — and each instance tells the others over the bus (Redis
 * pub/sub when configured). An entry lives only as long as the tokens it denies could.
 */
import type { Clock } from '../../../shared/clock.js';
import type { Bus } from '../../events/bus.js';

const CHANNEL = 'auth.revocations';

/** What a token is denied by: its own id, or the sign-in it belongs to. */
export interface RevocableToken {
  jti?: string | undefined;
  sessionId?: string | undefined;
}

export interface Revocation {
  jtis?: readonly string[];
  sessionIds?: readonly string[];
  /** When the last token these ids cover expires (ms since the epoch). */
  untilMs: number;
}

export function createTokenRevocations(bus: Bus, clock: Clock) {
  const denied = new Map<string, number>();
  const keysOf = ({ jtis = [], sessionIds = [] }: Revocation) => [...jtis.map((j) => `jti:${j}`), ...sessionIds.map((s) => `sid:${s}`)];

  function remember(revocation: Revocation): void {
    const now = clock.now().getTime();
    for (const [key, until] of denied) if (until <= now) denied.delete(key);
    for (const key of keysOf(revocation)) denied.set(key, Math.max(denied.get(key) ?? 0, revocation.untilMs));
  }

  const isLive = (key: string) => (denied.get(key) ?? 0) > clock.now().getTime();

  return {
    /** Denies the tokens here at once, then tells the other instances. */
    async revoke(revocation: Revocation): Promise<void> {
      if (keysOf(revocation).length === 0) return;
      remember(revocation);
      await bus.publish(CHANNEL, { jtis: revocation.jtis ?? [], sessionIds: revocation.sessionIds ?? [], untilMs: revocation.untilMs });
    },

    /** Whether the token was revoked (in memory only). */
    isRevoked: (token: RevocableToken): boolean =>
      (token.jti !== undefined && isLive(`jti:${token.jti}`)) || (token.sessionId !== undefined && isLive(`sid:${token.sessionId}`)),

    /** Takes in other instances' revocations; resolves once subscribed, returns the unsubscribe. */
    listen: () =>
      bus.subscribe(CHANNEL, (message) => {
        const strings = (value: unknown) => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
        if (typeof message.untilMs !== 'number') return;
        remember({ jtis: strings(message.jtis), sessionIds: strings(message.sessionIds), untilMs: message.untilMs });
      }),
  };
}
export type TokenRevocations = ReturnType<typeof createTokenRevocations>;
