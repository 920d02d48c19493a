/**
 * Who may call an operators' endpoint (metrics, backups): never a user's login, but the operator's
 * secret as a bearer token — or, for metrics when no METRICS_TOKEN is set, any caller on this host.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AccessVerdict, OperatorSecret } from '../../shared/accessPolicy.js';

export type OperatorSecrets = Partial<Record<OperatorSecret, string>>;

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * A caller on this host. A request a proxy forwarded (it says so in X-Forwarded-For) is not, even
 * when the proxy itself runs here: it may come from anywhere.
 */
export function isLoopback(request: FastifyRequest): boolean {
  return LOOPBACK.has(request.socket.remoteAddress ?? '') && request.headers['x-forwarded-for'] === undefined;
}

const digest = (value: string) => createHash('sha256').update(value).digest();
const sameSecret = (given: string, expected: string) => timingSafeEqual(digest(given), digest(expected));

export function operatorAccess(
  secrets: OperatorSecrets,
  secret: OperatorSecret,
  token: string | undefined,
  request: FastifyRequest,
): AccessVerdict {
  const expected = secrets[secret];
  // Metrics without a token configured: this host only.
  if (secret === 'metrics' && !expected) {
    return isLoopback(request)
      ? { allowed: true }
      : { allowed: false, status: 403, code: 'FORBIDDEN', message: 'Metrics are served on this host only unless METRICS_TOKEN is set.' };
  }
  // Backups also need this host: the token sits in the data directory, beside the server.
  if (secret === 'backup' && !isLoopback(request)) {
    return { allowed: false, status: 403, code: 'FORBIDDEN', message: 'Backups are taken on the server’s own host only.' };
  }
  if (!token) return { allowed: false, status: 401, code: 'UNAUTHENTICATED', message: 'This endpoint needs its operator token.' };
  if (!expected || !sameSecret(token, expected)) return { allowed: false, status: 403, code: 'FORBIDDEN' };
  return { allowed: true };
}
