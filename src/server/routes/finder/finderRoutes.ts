/** Market browse (spec 01 §7): the finder's bond list and its facet counts. Public: /find needs no login. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonErrorResponses } from '../../../shared/contracts/common.js';
import {
  categoriesRequestSchema,
  categoriesResponseSchema,
  finderListRequestSchema,
  finderListResponseSchema,
} from '../../../shared/contracts/finder.js';
import type { AppContext } from '../../appContext.js';

const tags = ['finder'];

export const finderRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { finder } = ctx.services;

  app.post(
    '/api/client-finstrument-list/',
    {
      schema: {
        tags,
        summary: 'Bonds matching a keyword (name, ISIN, issuer) and filters; keyset-paged by an opaque cursor',
        body: finderListRequestSchema,
        response: { 200: finderListResponseSchema, ...commonErrorResponses },
      },
    },
    async (request) => finder.list(request.body),
  );

  app.post(
    '/api/categories/',
    {
      schema: {
        tags,
        summary: "Facet options with counts under every other category's filter (cached 30 s)",
        body: categoriesRequestSchema,
        response: { 200: categoriesResponseSchema, ...commonErrorResponses },
      },
    },
    async (request) => finder.facets(request.body),
  );
};
