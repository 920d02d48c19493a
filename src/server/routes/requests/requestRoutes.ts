/** Requests (upgrade walls' Request Upgrade, access requests): users file them, OpsAdmins list them. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonErrorResponses } from '../../../shared/contracts/common.js';
import { createRequestSchema, requestListSchema, requestSchema } from '../../../shared/contracts/requests.js';
import type { AppContext } from '../../appContext.js';
import { callerOf } from '../users/caller.js';

export const requestRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { requests, support } = ctx.services;

  app.post(
    '/api/requests/',
    {
      schema: {
        tags: ['requests'],
        summary: 'File a request of spec 01 §3 (upgrade, access, pricing); it opens a support ticket',
        body: createRequestSchema,
        response: { 200: requestSchema, ...commonErrorResponses },
      },
    },
    async (request) => support.fileRequest(callerOf(request), request.body),
  );

  app.get(
    '/api/requests/',
    {
      schema: {
        tags: ['requests'],
        summary: "The caller's client's requests, newest first",
        response: { 200: requestListSchema, ...commonErrorResponses },
      },
    },
    async (request) => ({ results: await requests.list(callerOf(request)) }),
  );
};
