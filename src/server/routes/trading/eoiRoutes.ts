/**
 * EOI and market calls of spec 01 §7. Update and close read their body in the service, after the
 * quote's visibility and ownership are checked, so a caller who may not act gets 404/403 before
 * any 400 (issue #14, order of checks).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, commonErrorResponses } from '../../../shared/contracts/common.js';
import {
  createEoiSchema,
  eoiIdParamsSchema,
  eoiListSchema,
  eoiPageSchema,
  eoiSchema,
  marketQuerySchema,
  myEoisQuerySchema,
  privateRunQuerySchema,
  closedEoisSchema,
  closeEoisSchema,
  tradingTimingsSchema,
} from '../../../shared/contracts/trading.js';
import type { AppContext } from '../../appContext.js';
import { callerOf } from '../users/caller.js';

const tags = ['trading'];
const actionErrors = { ...commonErrorResponses, 403: apiErrorSchema, 409: apiErrorSchema };

export const eoiRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { trading } = ctx.services;

  for (const url of ['/api/trade/eoi/', '/api/eoi/add/']) {
    app.post(
      url,
      {
        schema: {
          tags,
          summary: 'Post a bid or an offer (live at once)',
          body: createEoiSchema,
          response: { 201: eoiSchema, ...actionErrors },
        },
      },
      async (request, reply) => reply.code(201).send(await trading.createEoi(callerOf(request), request.body)),
    );
  }

  app.get(
    '/api/trade/eoi/',
    {
      schema: {
        tags,
        summary: "The caller's client's quotes, newest first",
        querystring: myEoisQuerySchema,
        response: { 200: eoiListSchema, ...commonErrorResponses },
      },
    },
    async (request) => ({ results: await trading.myEois(callerOf(request), request.query) }),
  );

  app.put(
    '/api/eoi/update/:id/',
    {
      schema: {
        tags,
        summary: 'Change a live quote (re-priced by the engine)',
        params: eoiIdParamsSchema,
        response: { 200: eoiSchema, ...actionErrors },
      },
    },
    async (request) => trading.updateEoi(callerOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/eoi/expire/:id/',
    {
      schema: {
        tags,
        summary: 'Take a live quote off the market',
        params: eoiIdParamsSchema,
        response: { 200: eoiSchema, ...actionErrors },
      },
    },
    async (request) => trading.expireEoi(callerOf(request), request.params.id),
  );

  app.put(
    '/api/trade/d/eoi/:id/close/',
    {
      schema: {
        tags,
        summary: 'Close a live quote (confirm: true)',
        params: eoiIdParamsSchema,
        response: { 200: eoiSchema, ...actionErrors },
      },
    },
    async (request) => trading.closeEoi(callerOf(request), request.params.id, request.body),
  );

  app.put(
    '/api/trade/d/eoi/close/',
    {
      schema: {
        tags,
        summary: "Close your client's live quotes (confirm: true; eoi_ids to pick)",
        body: closeEoisSchema,
        response: { 200: closedEoisSchema, ...actionErrors },
      },
    },
    async (request) => ({ closed: await trading.closeEois(callerOf(request), request.body) }),
  );

  app.get(
    '/api/trade/d/market/',
    {
      schema: {
        tags,
        summary: 'Public run: live one-to-market quotes',
        querystring: marketQuerySchema,
        response: { 200: eoiPageSchema, ...commonErrorResponses },
      },
    },
    async (request) => trading.market(callerOf(request), request.query),
  );

  app.get(
    '/api/eoi/private-run/',
    {
      schema: {
        tags,
        summary: 'Private run: one-to-one quotes to or from your client',
        querystring: privateRunQuerySchema,
        response: { 200: eoiPageSchema, ...commonErrorResponses },
      },
    },
    async (request) => trading.privateRun(callerOf(request), request.query),
  );

  app.get(
    '/api/trade/timings',
    {
      schema: {
        tags,
        summary: 'RFQ session, settlement cut-offs and whether the caller may trade now',
        response: { 200: tradingTimingsSchema, ...commonErrorResponses },
      },
    },
    async (request) => trading.timings(callerOf(request)),
  );
};
