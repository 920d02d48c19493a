/** The refresh token's httpOnly cookie: scoped to the API, never readable by scripts. */
import type { FastifyReply, FastifyRequest } from 'fastify';

export const REFRESH_COOKIE = 'kosh_refresh';

/** Sets the refresh cookie for `maxAgeSeconds`. */
export function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, token: string, maxAgeSeconds: number): void {
  reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/api/',
    maxAge: maxAgeSeconds,
    secure: request.protocol === 'https',
  });
}

export function clearRefreshCookie(reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, { path: '/api/' });
}

/** The refresh token from the body, else from the cookie. */
export function refreshTokenOf(request: FastifyRequest, fromBody: string | undefined): string | undefined {
  return fromBody ?? request.cookies[REFRESH_COOKIE];
}
