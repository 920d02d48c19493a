/** The caller's client profile, chat terms, and the client directories (spec 01 §7 Client). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonErrorResponses } from '../../../shared/contracts/common.js';
import {
  byWebsiteQuerySchema,
  chatTermsSchema,
  clientIdParamsSchema,
  clientListQuerySchema,
  clientListSchema,
  clientProfileSchema,
  clientRefSchema,
  custodianListSchema,
  custodianQuerySchema,
  updateClientSchema,
} from '../../../shared/contracts/clients.js';
import { counterpartyListSchema, counterpartyQuerySchema } from '../../../shared/contracts/counterparties.js';
import type { AppContext } from '../../appContext.js';
import { callerOf } from '../users/caller.js';

export const clientRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { clients } = ctx.services;

  app.get(
    '/api/client/',
    {
      schema: {
        tags: ['clients'],
        summary: "The caller's client profile (PAN masked)",
        response: { 200: clientProfileSchema, ...commonErrorResponses },
      },
    },
    async (request) => clients.profile(callerOf(request)),
  );

  app.put(
    '/api/client/:id/',
    {
      schema: {
        tags: ['clients'],
        summary: "Edit the caller's client: name, website, state, segment",
        params: clientIdParamsSchema,
        body: updateClientSchema,
        response: { 200: clientProfileSchema, ...commonErrorResponses },
      },
    },
    async (request) => clients.update(callerOf(request), request.params.id, request.body),
  );

  app.patch(
    '/api/client/chat-terms/',
    {
      schema: {
        tags: ['clients'],
        summary: 'Accept the chat terms (for the caller)',
        response: { 200: chatTermsSchema, ...commonErrorResponses },
      },
    },
    async (request) => {
      await clients.acceptChatTerms(callerOf(request));
      return { has_accepted_chat_terms: true as const };
    },
  );

  app.get(
    '/api/clients/',
    {
      schema: {
        tags: ['clients'],
        summary: 'Client directory (partners), at most 50',
        querystring: clientListQuerySchema,
        response: { 200: clientListSchema, ...commonErrorResponses },
      },
    },
    async (request) => ({ results: await clients.list(request.query) }),
  );

  app.get(
    '/api/client/search-custodians/',
    {
      schema: {
        tags: ['clients'],
        summary: 'Custodians by name',
        querystring: custodianQuerySchema,
        response: { 200: custodianListSchema, ...commonErrorResponses },
      },
    },
    async (request) => clients.custodians(request.query.search_param),
  );

  app.get(
    '/api/client/by-website/',
    {
      schema: {
        tags: ['clients'],
        summary: 'The client with this website',
        querystring: byWebsiteQuerySchema,
        response: { 200: clientRefSchema, ...commonErrorResponses },
      },
    },
    async (request) => clients.byWebsite(request.query.website),
  );

  app.get(
    '/api/trade/counterparties/',
    {
      schema: {
        tags: ['clients'],
        summary:
          "Dealers (Member) and clients (Company) a one-to-one quote can go to, or (scope=end_clients) a broker's end clients; from 3 characters",
        querystring: counterpartyQuerySchema,
        response: { 200: counterpartyListSchema, ...commonErrorResponses },
      },
    },
    async (request) => ({ results: await clients.counterparties(callerOf(request), request.query.search, request.query.scope) }),
  );
};
