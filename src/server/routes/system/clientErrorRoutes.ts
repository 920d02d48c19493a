/** Client error reports (spec 02 §8): logged, and forwarded to the error-reporting service if configured. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientErrorAcceptedSchema, clientErrorReportSchema } from '../../../shared/contracts/system.js';
import { commonErrorResponses } from '../../../shared/contracts/common.js';
import { newReportId } from '../../domain/clientErrors/errorReporter.js';
import type { AppContext } from '../../appContext.js';

export const clientErrorRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/api/client-errors/',
    {
      schema: {
        tags: ['system'],
        summary: 'Report an error seen in the browser',
        body: clientErrorReportSchema,
        response: { 202: clientErrorAcceptedSchema, ...commonErrorResponses },
      },
    },
    async (request, reply) => {
      const id = newReportId();
      request.log.warn({ clientError: { id, ...request.body } }, 'client error reported');
      const { errorReporter } = ctx.services;
      const forwarded = errorReporter ? await errorReporter.forward(id, request.body) : false;
      return reply.status(202).send({ id, forwarded });
    },
  );
};
