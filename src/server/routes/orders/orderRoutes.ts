/**
 * Orders calls of spec 01 §7. One trade, two families of routes: the seller's `api/orders/` and the
 * buyer's `api/procurement-orders/`; the family is the caller's side. Bodies are read in the
 * service (after the tenancy checks, and with the injected clock for the trade-time rule).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, commonErrorResponses } from '../../../shared/contracts/common.js';
import {
  orderDetailSchema,
  orderIdParamsSchema,
  orderListQuerySchema,
  orderListResponseSchema,
  orderSchema,
} from '../../../shared/contracts/orders.js';
import type { AppContext } from '../../appContext.js';
import { IDEMPOTENCY_HEADER, idempotencyKeyOf } from '../../domain/orders/idempotency.js';
import type { OrderSide } from '../../domain/orders/orderView.js';
import { callerOf } from '../users/caller.js';

const tags = ['orders'];
const actionErrors = { ...commonErrorResponses, 403: apiErrorSchema, 409: apiErrorSchema };

const FAMILIES: { side: OrderSide; base: string; modify: 'put' | 'patch'; who: string }[] = [
  { side: 'seller', base: '/api/orders', modify: 'put', who: 'you sold' },
  { side: 'buyer', base: '/api/procurement-orders', modify: 'patch', who: 'you bought' },
];

export const orderRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { orders } = ctx.services;

  app.get(
    '/api/orders/unified/',
    {
      schema: {
        tags,
        summary: "Your client's orders, both sides, newest trade first",
        querystring: orderListQuerySchema,
        response: { 200: orderListResponseSchema, ...commonErrorResponses },
      },
    },
    async (request) => orders.list(callerOf(request), request.query),
  );

  for (const { side, base, modify, who } of FAMILIES) {
    app.post(
      `${base}/`,
      {
        schema: {
          tags,
          summary: `Report a trade ${who} (Idempotency-Key honoured)`,
          response: { 200: orderSchema, 201: orderSchema, ...actionErrors },
        },
      },
      async (request, reply) => {
        const key = idempotencyKeyOf(request.headers[IDEMPOTENCY_HEADER]);
        const answer = await orders.report(callerOf(request), side, request.body, key);
        return reply.code(answer.status).send(answer.body);
      },
    );

    app.get(
      `${base}/:id/`,
      {
        schema: {
          tags,
          summary: `One order ${who}, with its timeline`,
          params: orderIdParamsSchema,
          response: { 200: orderDetailSchema, ...commonErrorResponses },
        },
      },
      async (request) => orders.get(callerOf(request), side, request.params.id),
    );

    app.get(
      `${base}/:id/contract-note/`,
      {
        schema: { tags, summary: `The contract note (PDF) of an order ${who}`, params: orderIdParamsSchema },
      },
      async (request, reply) => {
        const { filename, pdf } = await orders.contractNote(callerOf(request), side, request.params.id);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .send(pdf);
      },
    );

    app.put(
      `${base}/:id/accept-reject/`,
      {
        schema: {
          tags,
          summary: 'The counterparty accepts or rejects a reported trade',
          params: orderIdParamsSchema,
          response: { 200: orderSchema, ...actionErrors },
        },
      },
      async (request) => orders.answer(callerOf(request), side, request.params.id, request.body),
    );

    app.post(
      `${base}/:id/cancel/`,
      {
        schema: {
          tags,
          summary: 'The reporter withdraws a report not yet answered',
          params: orderIdParamsSchema,
          response: { 200: orderSchema, ...actionErrors },
        },
      },
      async (request) => orders.cancel(callerOf(request), side, request.params.id),
    );

    app[modify](
      `${base}/:id/modify/`,
      {
        schema: {
          tags,
          summary: 'The reporter changes a report not yet answered (amounts recomputed)',
          params: orderIdParamsSchema,
          response: { 200: orderSchema, ...actionErrors },
        },
      },
      async (request) => orders.modify(callerOf(request), side, request.params.id, request.body),
    );
  }
};
