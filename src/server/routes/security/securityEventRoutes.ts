/** Security events for compliance officers (issue #21 item 7): their firm's, or every firm's for the venue operator's. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonErrorResponses } from '../../../shared/contracts/common.js';
import { securityEventListSchema, securityEventQuerySchema } from '../../../shared/contracts/securityEvents.js';
import type { AppContext } from '../../appContext.js';
import { callerOf } from '../users/caller.js';

export const securityEventRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { securityEvents } = ctx.services;

  app.get(
    '/api/security-events/',
    {
      schema: {
        tags: ['security'],
        summary: 'Sign-ins, failures, lock-outs, password resets, invitations and role changes, newest first',
        querystring: securityEventQuerySchema,
        response: { 200: securityEventListSchema, ...commonErrorResponses },
      },
    },
    async (request) => securityEvents.list(callerOf(request), request.query),
  );
};
