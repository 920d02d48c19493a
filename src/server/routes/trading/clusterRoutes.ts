/**
 * Negotiation calls of spec 01 §7: respond to a quote, the caller's negotiations, counter or close
 * one, accept it. Bodies are read in the service after the party check (404 before 400).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, commonErrorResponses } from '../../../shared/contracts/common.js';
import { clusterIdParamsSchema, clusterListSchema, clusterSchema } from '../../../shared/contracts/trading.js';
import type { AppContext } from '../../appContext.js';
import { callerOf } from '../users/caller.js';

const tags = ['trading'];
const actionErrors = { ...commonErrorResponses, 403: apiErrorSchema, 409: apiErrorSchema };

export const clusterRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { trading } = ctx.services;

  app.post(
    '/api/eoi/add-negotiation/',
    {
      schema: { tags, summary: "Answer another client's quote: opens a negotiation", response: { 201: clusterSchema, ...actionErrors } },
    },
    async (request, reply) => reply.code(201).send(await trading.respond(callerOf(request), request.body)),
  );

  app.get(
    '/api/trade/cluster/',
    {
      schema: {
        tags,
        summary: "The negotiations the caller's client is a party to",
        response: { 200: clusterListSchema, ...commonErrorResponses },
      },
    },
    async (request) => ({ results: await trading.clusters(callerOf(request)) }),
  );

  for (const url of ['/api/trade/cluster/:id/', '/api/cluster/:id/']) {
    app.get(
      url,
      {
        schema: {
          tags,
          summary: 'One negotiation with the figures of the quote on the table',
          params: clusterIdParamsSchema,
          response: { 200: clusterSchema, ...commonErrorResponses },
        },
      },
      async (request) => trading.cluster(callerOf(request), request.params.id),
    );
  }

  app.put(
    '/api/trade/cluster/:id/',
    {
      schema: {
        tags,
        summary: 'Counter with your price, or close (close: true)',
        params: clusterIdParamsSchema,
        response: { 200: clusterSchema, ...actionErrors },
      },
    },
    async (request) => trading.updateCluster(callerOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/cluster/:id/accept/',
    {
      schema: {
        tags,
        summary: 'Accept the quote on the figures you saw; the deal goes to the exchange',
        params: clusterIdParamsSchema,
        response: { 200: clusterSchema, ...actionErrors },
      },
    },
    async (request) => trading.acceptCluster(callerOf(request), request.params.id, request.body),
  );
};
