/**
 * Trade calls of spec 01 §7 (Client and Trade): the broker firms that can facilitate or act as
 * agent, a client's traders for the counterparty search, and the brokers and brokerage of a
 * negotiation. Bodies are read in the service after the party check (404 before 400).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, commonErrorResponses } from '../../../shared/contracts/common.js';
import {
  brokerFirmListSchema,
  clientUsersPageSchema,
  clientUsersQuerySchema,
  clusterIdParamsSchema,
  clusterSchema,
} from '../../../shared/contracts/trading.js';
import type { AppContext } from '../../appContext.js';
import { callerOf } from '../users/caller.js';

const tags = ['trading'];
const actionErrors = { ...commonErrorResponses, 403: apiErrorSchema, 409: apiErrorSchema };

export const tradeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { trading } = ctx.services;

  app.get(
    '/api/trade/facilitator/',
    {
      schema: {
        tags,
        summary: 'Broker firms that can facilitate a negotiation',
        response: { 200: brokerFirmListSchema, ...commonErrorResponses },
      },
    },
    async () => ({ results: await trading.facilitators() }),
  );

  app.get(
    '/api/trade/agent/',
    {
      schema: {
        tags,
        summary: "The broker firms the caller's client trades through (its agents)",
        response: { 200: brokerFirmListSchema, ...commonErrorResponses },
      },
    },
    async (request) => ({ results: await trading.agents(callerOf(request)) }),
  );

  app.get(
    '/api/trade/client/users/:id/',
    {
      schema: {
        tags,
        summary: "A client's traders for the counterparty search (20 a page; search_param matches the name)",
        params: clusterIdParamsSchema,
        querystring: clientUsersQuerySchema,
        response: { 200: clientUsersPageSchema, ...commonErrorResponses },
      },
    },
    async (request) => trading.clientUsers(request.params.id, request.query),
  );

  app.patch(
    '/api/trade/members/:id/',
    {
      schema: {
        tags,
        summary: 'Name or remove (null) the facilitator and agent of a negotiation',
        params: clusterIdParamsSchema,
        response: { 200: clusterSchema, ...actionErrors },
      },
    },
    async (request) => trading.setMembers(callerOf(request), request.params.id, request.body),
  );

  app.patch(
    '/api/trade/:id/brokerage/',
    {
      schema: {
        tags,
        summary: "Set the brokerage (INR) on a negotiation's deal",
        params: clusterIdParamsSchema,
        response: { 200: z.object({ id: z.number(), brokerage: z.string() }), ...actionErrors },
      },
    },
    async (request) => trading.setBrokerage(callerOf(request), request.params.id, request.body),
  );
};
