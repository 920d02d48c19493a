/**
 * Rate limits (issue #21 item 5): the one table of every throttled route, and the hook that
 * applies it. Each route is limited per client address (`request.ip`, from the proxy headers only
 * with TRUST_PROXY) and, where the request names one, per identity: the e-mail or mobile in the
 * body, else the signed-in user. Counters live in process, or in Redis with REDIS_URL so every
 * instance shares them. Over a limit the answer is 429 RATE_LIMITED with `Retry-After`.
 * RATE_LIMIT_SCALE multiplies every `max` (tests raise it; there is no address exemption).
 */
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { AppError } from '../errors.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

interface Limit {
  max: number;
  windowMs: number;
}
export interface RouteLimits {
  perIp: Limit;
  /** Per e-mail or mobile in the body, else per signed-in user; absent = per address only. */
  perIdentity?: Limit;
}

/** Defaults per route (`METHOD /path` as registered); README "Rate limits" lists them. */
export const RATE_LIMITS: Record<string, RouteLimits> = {
  'POST /api/token/': { perIp: { max: 30, windowMs: MINUTE }, perIdentity: { max: 10, windowMs: 15 * MINUTE } },
  'POST /api/token/otp/': { perIp: { max: 30, windowMs: MINUTE }, perIdentity: { max: 10, windowMs: 15 * MINUTE } },
  'POST /api/request-otp/': { perIp: { max: 20, windowMs: 15 * MINUTE }, perIdentity: { max: 5, windowMs: 15 * MINUTE } },
  'POST /api/validate-otp/': { perIp: { max: 30, windowMs: MINUTE }, perIdentity: { max: 10, windowMs: 15 * MINUTE } },
  'POST /api/client/register/': { perIp: { max: 10, windowMs: HOUR }, perIdentity: { max: 5, windowMs: HOUR } },
  'POST /api/client/register-user/lite': { perIp: { max: 10, windowMs: HOUR }, perIdentity: { max: 5, windowMs: HOUR } },
  'POST /api/reset-password/': { perIp: { max: 10, windowMs: 15 * MINUTE }, perIdentity: { max: 5, windowMs: HOUR } },
  'POST /api/change-password/:userId/': { perIp: { max: 10, windowMs: 15 * MINUTE } },
  'POST /api/client/user/invite/': { perIp: { max: 60, windowMs: HOUR }, perIdentity: { max: 5, windowMs: HOUR } },
  'POST /api/client/user/invite/validate/': { perIp: { max: 30, windowMs: MINUTE } },
  'POST /api/contact/': { perIp: { max: 10, windowMs: HOUR }, perIdentity: { max: 5, windowMs: HOUR } },
  'POST /api/client-errors/': { perIp: { max: 60, windowMs: MINUTE } },
  'POST /api/ext/public/upload/': { perIp: { max: 30, windowMs: MINUTE }, perIdentity: { max: 60, windowMs: HOUR } },
  'POST /api/eoi/upload/': { perIp: { max: 30, windowMs: MINUTE }, perIdentity: { max: 60, windowMs: HOUR } },
  'POST /api/chat/channels/:url/files/': { perIp: { max: 60, windowMs: MINUTE }, perIdentity: { max: 120, windowMs: HOUR } },
};

export interface RateLimitSettings {
  scale: number;
  redisUrl: string | undefined;
  keyPrefix: string;
}

/** Who the request is about: the body's e-mail or mobile (normalised), else the signed-in user. */
function identityOf(request: FastifyRequest): string | undefined {
  const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<string, unknown>;
  if (typeof body.email === 'string' && body.email.trim()) return `email:${body.email.trim().toLowerCase()}`;
  if (typeof body.mobile === 'string' && body.mobile.trim()) return `mobile:${body.mobile.replace(/\D/g, '').slice(-10)}`;
  return request.principal ? `user:${request.principal.userId}` : undefined;
}

const waitText = (seconds: number) => (seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`);

/** Registers the limiter and the hook; call before any route is registered. */
export async function registerRateLimits(app: FastifyInstance, settings: RateLimitSettings): Promise<void> {
  const redis = settings.redisUrl ? new Redis(settings.redisUrl, { maxRetriesPerRequest: 2, connectTimeout: 2_000 }) : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(fastifyRateLimit, {
    global: false,
    // Without a key generator of ours the plugin fails on injected websocket requests (TOOLCHAIN.md).
    keyGenerator: (request) => request.ip ?? 'no-ip',
    ...(redis && { redis, nameSpace: `${settings.keyPrefix}rate:` }),
  });

  app.addHook('onRoute', (route) => {
    const routeKey = `${String(route.method)} ${route.url}`;
    const limits = RATE_LIMITS[routeKey];
    if (!limits) return;
    const counter = (limit: Limit, keyOf: (request: FastifyRequest) => string) =>
      app.createRateLimit({ max: Math.max(1, Math.round(limit.max * settings.scale)), timeWindow: limit.windowMs, keyGenerator: keyOf });
    const byIp = counter(limits.perIp, (request) => `${routeKey}|ip|${request.ip}`);
    const byIdentity = limits.perIdentity && counter(limits.perIdentity, (request) => `${routeKey}|id|${identityOf(request) ?? ''}`);
    const check = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      let verdict = await byIp(request);
      if (byIdentity && identityOf(request) && !(!verdict.isAllowed && verdict.isExceeded)) verdict = await byIdentity(request);
      if (verdict.isAllowed || !verdict.isExceeded) return;
      const seconds = Math.max(1, verdict.ttlInSeconds);
      reply.header('retry-after', String(seconds));
      throw new AppError('RATE_LIMITED', `Too many requests. Please try again in ${waitText(seconds)}.`);
    };
    route.preHandler = [...[route.preHandler ?? []].flat(), check];
  });
}
