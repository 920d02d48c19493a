/** Exchange credentials (spec 01 §7 Client): the OpsAdmin stores them; no route ever returns them. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonErrorResponses } from '../../../shared/contracts/common.js';
import { storeCredentialsSchema, storedCredentialsSchema } from '../../../shared/contracts/credentials.js';
import type { AppContext } from '../../appContext.js';
import { callerOf } from '../users/caller.js';

export const credentialRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { credentials } = ctx.services;

  app.post(
    '/api/client/credentials/',
    {
      schema: {
        tags: ['clients'],
        summary: "Store (or replace) the NSCCL or ICCL credentials of the caller's client",
        body: storeCredentialsSchema,
        response: { 200: storedCredentialsSchema, ...commonErrorResponses },
      },
    },
    async (request) => credentials.store(callerOf(request), request.body),
  );
};
