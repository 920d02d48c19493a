/** Instruments (spec 01 §7): quotes, market quotes, cashflows, bond detail, related lists and credit rationale. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonErrorResponses } from '../../../shared/contracts/common.js';
import {
  bondDetailSchema,
  bondInfoSchema,
  cashflowListSchema,
  cashflowRequestSchema,
  creditRationaleSchema,
  finstrumentIdParamsSchema,
  marketQuoteRequestSchema,
  priceInfoSchema,
  quoteRequestSchema,
  sameIssuerPageSchema,
  sameIssuerRequestSchema,
  tradablePageSchema,
  tradableQuerySchema,
  tradesPageSchema,
  tradesRequestSchema,
} from '../../../shared/contracts/instruments.js';
import type { AppContext } from '../../appContext.js';
import { callerOf } from '../users/caller.js';

const tags = ['instruments'];
const params = finstrumentIdParamsSchema;

export const instrumentRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { instruments } = ctx.services;
  const priceResponse = { 200: priceInfoSchema, ...commonErrorResponses };

  app.post(
    '/api/quote/:id/',
    {
      schema: {
        tags,
        summary: 'Price info from a yield or a clean price (neither: at the market yield), T+1 unless told',
        params,
        body: quoteRequestSchema,
        response: priceResponse,
      },
    },
    async (request) => instruments.quote(request.params.id, request.body),
  );

  app.post(
    '/api/v1/finstrument/master/quote/:id',
    {
      schema: {
        tags,
        summary: 'Price info at the market yield for T+1 (or the given price/yield)',
        params,
        body: quoteRequestSchema.optional(),
        response: priceResponse,
      },
    },
    async (request) => instruments.quote(request.params.id, request.body ?? {}, 1),
  );

  app.post(
    '/api/quote/market/:id/',
    {
      schema: {
        tags,
        summary: "Price info at the market: last trading day's VWAP yield, else the fair-value curve",
        params,
        body: marketQuoteRequestSchema.optional(),
        response: priceResponse,
      },
    },
    async (request) => instruments.marketQuote(request.params.id, request.body ?? { infer_from_market: true }),
  );

  app.post(
    '/api/cashflow/:id/',
    {
      schema: {
        tags,
        summary: 'Future cashflows for a quantum (INR, paise-exact)',
        params,
        body: cashflowRequestSchema.optional(),
        response: { 200: cashflowListSchema, ...commonErrorResponses },
      },
    },
    async (request) => instruments.cashflows(request.params.id, request.body ?? {}),
  );

  const detail = { schema: { tags, summary: 'Bond detail', params, response: { 200: bondDetailSchema, ...commonErrorResponses } } };
  app.post('/api/v1/finstrument/:id/', detail, async (request) => instruments.detail(request.params.id));
  app.get('/api/finstrument/:id/', detail, async (request) => instruments.detail(request.params.id));

  app.get(
    '/api/v2/finstrument/info/:id',
    {
      schema: {
        tags,
        summary: 'Bond detail with the last trading day on the tape',
        params,
        response: { 200: bondInfoSchema, ...commonErrorResponses },
      },
    },
    async (request) => instruments.info(request.params.id),
  );

  app.post(
    '/api/bonds-by-same-issuer/:id/',
    {
      schema: {
        tags,
        summary: "The issuer's other bonds",
        params,
        body: sameIssuerRequestSchema,
        response: { 200: sameIssuerPageSchema, ...commonErrorResponses },
      },
    },
    async (request) => instruments.sameIssuer(request.params.id, request.body),
  );

  app.post(
    '/api/trades/:id/',
    {
      schema: {
        tags,
        summary: 'Reported trades of the bond',
        params,
        body: tradesRequestSchema,
        response: { 200: tradesPageSchema, ...commonErrorResponses },
      },
    },
    async (request) => instruments.trades(request.params.id, request.body),
  );

  app.get(
    '/api/credit-rationale/:id/',
    {
      schema: {
        tags,
        summary: 'Ratings with rationale: instrument-level first, then issuer-level',
        params,
        response: { 200: creditRationaleSchema, ...commonErrorResponses },
      },
    },
    async (request) => instruments.creditRationale(request.params.id),
  );

  app.get(
    '/api/trade/finstrument/',
    {
      schema: {
        tags,
        summary: 'Bonds tradable now (empty without client.can_trade)',
        querystring: tradableQuerySchema,
        response: { 200: tradablePageSchema, ...commonErrorResponses },
      },
    },
    async (request) => instruments.tradable(callerOf(request), request.query),
  );
};
