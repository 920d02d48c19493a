/**
 * Enforces the shared access policy table on every request, in `onRequest` — before the body
 * is read or validated — and refuses to register a route that has no policy.
 */
import type { FastifyInstance } from 'fastify';
import { evaluateAccess, POLICY_EXEMPT_PREFIXES, policyFor, type Principal } from '../../shared/accessPolicy.js';
import type { AuthService } from '../domain/auth/authService.js';
import { AppError } from '../errors.js';
import { operatorAccess, type OperatorSecrets } from './operatorAccess.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, or null. */
    principal: Principal | null;
  }
  interface FastifyInstance {
    /** `METHOD /path` of every policed route, in registration order (the access-matrix test reads it). */
    policedRoutes: string[];
  }
}

const isPoliced = (url: string) =>
  (url.startsWith('/api/') || url.startsWith('/ws/') || policyFor('GET', url) !== undefined) &&
  !POLICY_EXEMPT_PREFIXES.some((prefix) => url.startsWith(prefix));

/** The token of an `Authorization: Bearer …` header. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}

/** Registers the policy check; call before any route is registered. */
export function registerAccessControl(app: FastifyInstance, auth: AuthService, operatorSecrets: OperatorSecrets = {}): void {
  const policed: string[] = [];
  app.decorate('policedRoutes', policed);
  app.decorateRequest('principal', null);

  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' || !isPoliced(route.url)) continue;
      if (!policyFor(method, route.url))
        throw new Error(`No access policy for ${method} ${route.url}: add it to src/shared/accessPolicy.ts`);
      policed.push(`${method} ${route.url}`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    const policy = url ? policyFor(request.method, url) : undefined;
    if (!policy) return;
    const token = bearerToken(request.headers.authorization);
    if (policy.auth === 'operator') {
      const verdict = operatorAccess(operatorSecrets, policy.secret, token, request);
      if (!verdict.allowed) throw new AppError(verdict.code, verdict.message);
      return;
    }
    request.principal = token ? await auth.principalFromToken(token) : null;
    const verdict = evaluateAccess(policy, request.principal, request.method);
    if (!verdict.allowed) throw new AppError(verdict.code, verdict.message);
  });
}
