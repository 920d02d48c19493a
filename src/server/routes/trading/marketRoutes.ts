/**
 * Market calls of spec 01 §7 beyond the quote lists: the exchanges' RFQ quote book, a bond's depth
 * (PREMIUM: the access policy answers 402 without security-data access) and the bulk quote upload.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, commonErrorResponses } from '../../../shared/contracts/common.js';
import {
  depthQuerySchema,
  depthSchema,
  eoiPageSchema,
  eoiUploadSchema,
  rfqQuoteQuerySchema,
  UPLOAD_MESSAGES,
} from '../../../shared/contracts/trading.js';
import type { AppContext } from '../../appContext.js';
import { readMultipart } from '../../plugins/multipartUpload.js';
import { callerOf } from '../users/caller.js';

const tags = ['trading'];
/** A bulk file of at most 500 quotes is far below this. */
const UPLOAD_MAX_BYTES = 2 * 1024 * 1024;

export const marketRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { trading } = ctx.services;
  await app.register(multipart);

  app.get(
    '/api/eoi/rfq-quote/',
    {
      schema: {
        tags,
        summary: "The RFQ platforms' quote book: live quotes sent to RFQ",
        querystring: rfqQuoteQuerySchema,
        response: { 200: eoiPageSchema, ...commonErrorResponses },
      },
    },
    async (request) => trading.rfqQuotes(callerOf(request), request.query),
  );

  app.get(
    '/api/quote/depth/',
    {
      schema: {
        tags,
        summary: "A bond's live public quotes by price level (PREMIUM)",
        querystring: depthQuerySchema,
        response: { 200: depthSchema, ...commonErrorResponses },
      },
    },
    async (request) => trading.depth(callerOf(request), request.query),
  );

  app.post(
    '/api/eoi/upload/',
    {
      schema: {
        tags,
        summary: 'Bulk quotes from a CSV or XLSX file (multipart field `file`): all rows are created, or none with a per-row report',
        consumes: ['multipart/form-data'],
        response: { 201: eoiUploadSchema, ...commonErrorResponses, 403: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const principal = callerOf(request);
      const rules = { maxBytes: UPLOAD_MAX_BYTES, tooLarge: UPLOAD_MESSAGES.tooLarge, fileMissing: UPLOAD_MESSAGES.noFile };
      const { fileName, content } = await readMultipart(request, rules);
      return reply.code(201).send(await trading.upload(principal, { fileName, content }));
    },
  );
};
