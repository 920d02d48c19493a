/** PDF downloads (spec 01 §7): the price quote sheet, the IM summary and the bond details sheet. */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { finstrumentIdParamsSchema, imDownloadRequestSchema, quoteRequestSchema } from '../../../shared/contracts/instruments.js';
import type { AppContext } from '../../appContext.js';
import type { Document } from '../../domain/documents/documentService.js';

const tags = ['downloads'];

function sendPdf(reply: FastifyReply, { filename, pdf }: Document) {
  return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${filename}"`).send(pdf);
}

export const downloadRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { documents } = ctx.services;

  app.post(
    '/api/quote/:id/download/',
    {
      schema: {
        tags,
        summary: 'Price quote sheet (PDF) for the given price or yield, settlement and quantity',
        params: finstrumentIdParamsSchema,
        body: quoteRequestSchema,
      },
    },
    async (request, reply) => sendPdf(reply, await documents.quoteSheet(request.params.id, request.body)),
  );

  app.post(
    '/api/im/download/',
    {
      schema: { tags, summary: 'Information memorandum summary (PDF) generated from our data', body: imDownloadRequestSchema },
    },
    async (request, reply) => sendPdf(reply, await documents.imSummary(request.body.isin)),
  );

  app.post(
    '/api/bond-details/:id/download/',
    {
      schema: { tags, summary: 'Bond details sheet (PDF)', params: finstrumentIdParamsSchema },
    },
    async (request, reply) => sendPdf(reply, await documents.detailsSheet(request.params.id)),
  );
};
