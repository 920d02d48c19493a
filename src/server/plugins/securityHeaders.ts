/** Security headers and the content security policy for the app and the API. */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Registers helmet with a CSP that allows only our own origin (plus inline styles ag-grid injects). */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        mediaSrc: ["'self'", 'data:'],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // The app is served over plain http on loopback by default; HSTS belongs to the TLS proxy.
    strictTransportSecurity: false,
  });
}
