/**
 * HSTS on answers that went out over https (issue #21 item 6). Behind a TLS proxy, request.protocol
 * is https only when TRUST_PROXY lets Fastify believe X-Forwarded-Proto; plain-http answers (the
 * loopback default) never carry it, or a browser would refuse the http site afterwards.
 */
import type { FastifyInstance } from 'fastify';

export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

export function registerStrictTransportSecurity(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
  });
}
