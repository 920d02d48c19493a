/** System endpoints: health, version and build (for the client's reload checks), app config. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appConfigSchema, buildSchema, healthSchema, readySchema, versionSchema } from '../../../shared/contracts/system.js';
import { isReachable } from '../../db/database.js';
import type { AppContext } from '../../appContext.js';
import { checkReadiness } from '../../readiness.js';

export const systemRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness: the process answers (503 "starting" until migrations and the seed are done)',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      // Reported, not judged: a database problem is readiness's to name (a restart would not fix it).
      const reachable = await isReachable(ctx.database.db);
      const status = ctx.readiness.ready ? 'ok' : 'starting';
      return reply.status(status === 'ok' ? 200 : 503).send({
        status,
        version: ctx.build.version,
        database: { kind: ctx.database.kind, reachable },
        bus: ctx.bus.kind,
        uptime_seconds: Math.round((ctx.clock.now().getTime() - ctx.startedAt.getTime()) / 1000),
      });
    },
  );

  app.get(
    '/api/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: the database reads each critical table, migrations are current, Redis and the dispatcher keep up',
        response: { 200: readySchema, 503: readySchema },
      },
    },
    async (request, reply) => {
      const readiness = await checkReadiness(ctx, request.log);
      return reply.status(readiness.status === 'ready' ? 200 : 503).send(readiness);
    },
  );

  app.get(
    '/version.json',
    {
      schema: { tags: ['system'], summary: 'Deployed version; the client reloads when it changes', response: { 200: versionSchema } },
    },
    async (_request, reply) => reply.header('Cache-Control', 'no-cache').send({ version: ctx.build.version }),
  );

  app.get(
    '/builds/latest.json',
    {
      schema: {
        tags: ['system'],
        summary: 'Latest build id; the client reloads on the next navigation when it changes',
        response: { 200: buildSchema },
      },
    },
    async (_request, reply) => reply.header('Cache-Control', 'no-cache').send({ id: ctx.build.id }),
  );

  app.get(
    '/api/app-config/',
    {
      schema: { tags: ['system'], summary: 'Brand and mode of this installation', response: { 200: appConfigSchema } },
    },
    async () => ({
      brand_name: ctx.config.brandName,
      demo: ctx.config.demo,
      version: ctx.build.version,
      support: { dev_mode: ctx.config.supportDesk.devMode, widget_app_id: ctx.config.supportDesk.widgetAppId ?? null },
    }),
  );

  const { advanceClock } = ctx;
  if (advanceClock) {
    app.post(
      '/api/dev/clock/',
      {
        schema: {
          tags: ['system'],
          summary: 'TEST_CLOCK=on only: move the server clock forward',
          body: z.object({
            advance_ms: z
              .number()
              .int()
              .min(0)
              .max(366 * 86_400_000),
          }),
          response: { 200: z.object({ now: z.string() }) },
        },
      },
      async (request) => {
        advanceClock(request.body.advance_ms);
        return { now: ctx.clock.now().toISOString() };
      },
    );
  }
};
