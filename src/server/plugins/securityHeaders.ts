/** Security headers and the content security policy for the app and the API. */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

// The messenger widget (SUPPORT_WIDGET_APP_ID) loads from, talks to and frames these origins.
const MESSENGER = {
  script: ['https://widget.intercom.io', 'https://js.intercomcdn.com'],
  connect: ['https://*.intercom.io', 'wss://*.intercom.io', 'https://*.intercomcdn.com', 'https://*.intercomusercontent.com'],
  media: ['https://*.intercomcdn.com', 'https://*.intercomassets.com', 'https://*.intercomusercontent.com'],
  frame: ['https://intercom-sheets.com'],
};

/**
 * Registers helmet with a CSP that allows only our own origin (plus inline styles ag-grid injects),
 * and the messenger widget's origins when one is configured.
 */
export async function registerSecurityHeaders(app: FastifyInstance, { messengerWidget = false } = {}): Promise<void> {
  const widget = (origins: string[]) => (messengerWidget ? origins : []);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...widget(MESSENGER.script)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...widget(MESSENGER.media)],
        fontSrc: ["'self'", 'data:', ...widget(MESSENGER.media)],
        connectSrc: ["'self'", 'ws:', 'wss:', ...widget(MESSENGER.connect)],
        mediaSrc: ["'self'", 'data:', ...widget(MESSENGER.media)],
        frameSrc: ["'self'", ...widget(MESSENGER.frame)],
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
