/** The signed-in user's session (spec 01 §3) and, in demo mode, the outbox of mail to `.demo` addresses. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { outboxSchema, sessionSchema } from '../../../shared/contracts/auth.js';
import { apiErrorSchema } from '../../../shared/contracts/common.js';
import type { AppContext } from '../../appContext.js';
import { AppError } from '../../errors.js';

const OUTBOX_PAGE = 50;

export const sessionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { sessions, delivery } = ctx.services;

  app.get(
    '/api/session/',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user, their client and permissions',
        response: { 200: sessionSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      if (!request.principal) throw new AppError('UNAUTHENTICATED');
      return sessions.profile(request.principal);
    },
  );

  app.get(
    '/api/dev/outbox/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Demo mode only: the newest mail to .demo addresses (404 unless the demo outbox is on)',
        response: { 200: outboxSchema, 404: apiErrorSchema },
      },
    },
    async () => {
      if (!ctx.config.demoOutbox.enabled) throw new AppError('ROUTE_NOT_FOUND');
      const rows = await delivery.outbox(OUTBOX_PAGE);
      return { results: rows.map(({ createdAt, ...message }) => ({ ...message, created_at: createdAt.toISOString() })) };
    },
  );
};
