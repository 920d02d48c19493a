/** Composes the Fastify app from its context: plugins first, then one plugin per route area. */
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './appContext.js';
import { AppError } from './errors.js';
import { backupRoutes } from './backup/backupRoutes.js';
import { registerMetrics } from './metrics/appMetrics.js';
import { registerAccessControl } from './plugins/accessControl.js';
import { registerErrorHandling } from './plugins/errorHandler.js';
import { registerInputHygiene } from './plugins/inputHygiene.js';
import { registerOpenApi } from './plugins/openApi.js';
import { registerRateLimits } from './plugins/rateLimits.js';
import { registerStrictTransportSecurity } from './plugins/strictTransportSecurity.js';
import { registerSecurityHeaders } from './plugins/securityHeaders.js';
import { registerStaticApp } from './plugins/staticApp.js';
import { authRoutes } from './routes/auth/authRoutes.js';
import { sessionRoutes } from './routes/auth/sessionRoutes.js';
import { securityEventRoutes } from './routes/security/securityEventRoutes.js';
import { clientRoutes } from './routes/clients/clientRoutes.js';
import { registrationRoutes } from './routes/clients/registrationRoutes.js';
import { credentialRoutes } from './routes/credentials/credentialRoutes.js';
import { passwordRoutes } from './routes/passwords/passwordRoutes.js';
import { requestRoutes } from './routes/requests/requestRoutes.js';
import { supportRoutes } from './routes/support/supportRoutes.js';
import { userRoutes } from './routes/users/userRoutes.js';
import { finderRoutes } from './routes/finder/finderRoutes.js';
import { downloadRoutes } from './routes/instruments/downloadRoutes.js';
import { instrumentRoutes } from './routes/instruments/instrumentRoutes.js';
import { clientErrorRoutes } from './routes/system/clientErrorRoutes.js';
import { clusterRoutes } from './routes/trading/clusterRoutes.js';
import { eoiRoutes } from './routes/trading/eoiRoutes.js';
import { marketRoutes } from './routes/trading/marketRoutes.js';
import { tradeRoutes } from './routes/trading/tradeRoutes.js';
import { exchangeSimulatorRoutes } from './routes/trading/exchangeSimulatorRoutes.js';
import { ordersArea } from './routes/orders/index.js';
import { systemRoutes } from './routes/system/systemRoutes.js';
import { liveRoutes } from './routes/live/liveRoutes.js';
import { chatRoutes } from './routes/chat/chatRoutes.js';
import { chatSessionRoutes } from './routes/chat/chatSessionRoutes.js';

/** Routes that answer while the server is still migrating and seeding. */
const ALWAYS_AVAILABLE = new Set(['/api/health', '/api/ready', '/version.json', '/builds/latest.json']);

/** Builds the app; the caller listens (main.ts) or injects (tests). */
export async function buildApp(ctx: AppContext, logger?: FastifyBaseLogger): Promise<FastifyInstance> {
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 1_048_576,
    trustProxy: ctx.config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // First of the onRequest hooks, so every answer carries the headers: 401, 403, 404 and 503 too.
  await registerSecurityHeaders(app, { messengerWidget: Boolean(ctx.config.supportDesk.widgetAppId) });

  app.addHook('onRequest', async (request) => {
    const path = request.url.split('?')[0] ?? '';
    if (!ctx.readiness.ready && path.startsWith('/api/') && !ALWAYS_AVAILABLE.has(path)) {
      throw new AppError('SERVICE_UNAVAILABLE');
    }
  });

  const stopRevocations = await ctx.revocations.listen();
  app.addHook('onClose', stopRevocations);
  registerAccessControl(app, ctx.services.auth, { metrics: ctx.config.metricsToken, backup: ctx.backupToken ?? undefined });
  registerMetrics(app, ctx);
  await registerRateLimits(app, { scale: ctx.config.rateLimitScale, redisUrl: ctx.config.redisUrl, keyPrefix: ctx.config.redisKeyPrefix });
  registerStrictTransportSecurity(app);
  registerInputHygiene(app);
  await app.register(fastifyCookie);
  await registerOpenApi(app, ctx.build.version, ctx.config.brandName);
  await app.register(systemRoutes, { ctx });
  await app.register(clientErrorRoutes, { ctx });
  await app.register(authRoutes, { ctx });
  await app.register(sessionRoutes, { ctx });
  await app.register(securityEventRoutes, { ctx });
  await app.register(passwordRoutes, { ctx });
  await app.register(registrationRoutes, { ctx });
  await app.register(userRoutes, { ctx });
  await app.register(clientRoutes, { ctx });
  await app.register(credentialRoutes, { ctx });
  await app.register(requestRoutes, { ctx });
  await app.register(supportRoutes, { ctx });
  await app.register(finderRoutes, { ctx });
  await app.register(instrumentRoutes, { ctx });
  await app.register(downloadRoutes, { ctx });
  await app.register(liveRoutes, { ctx });
  await app.register(eoiRoutes, { ctx });
  await app.register(clusterRoutes, { ctx });
  await app.register(marketRoutes, { ctx });
  await app.register(tradeRoutes, { ctx });
  await app.register(exchangeSimulatorRoutes, { ctx });
  await app.register(ordersArea, { ctx });
  await app.register(chatSessionRoutes, { ctx });
  await app.register(chatRoutes, { ctx });
  await app.register(backupRoutes, { ctx });
  await registerStaticApp(app, ctx.config.clientDist);
  return app;
}
