/** PDF downloads (spec 01 §7): the price quote sheet, the IM summary and the bond details sheet. */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { businessDateOf } from '../../../shared/businessDate.js';
import { finstrumentIdParamsSchema, imDownloadRequestSchema, quoteRequestSchema } from '../../../shared/contracts/instruments.js';
import type { AppContext } from '../../appContext.js';
import { finstruments } from '../../db/schema.js';
import { bondDetailsSheet, imSummary, quoteSheet } from '../../domain/documents/documents.js';
import { AppError } from '../../errors.js';
import { cashflowsFor } from '../../domain/instruments/cashflows.js';
import { detailOf } from '../../domain/instruments/detail.js';
import { loadFinstrument } from '../../domain/instruments/repository.js';
import { quote } from '../../domain/pricing/marketQuote.js';

const tags = ['downloads'];

function sendPdf(reply: FastifyReply, filename: string, pdf: Buffer) {
  return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${filename}"`).send(pdf);
}

export const downloadRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  const meta = (isin: string) => ({ brandName: ctx.config.brandName, isin, generatedAt: ctx.clock.now() });
  const detailAndFlows = async (id: number) => {
    const detail = await detailOf(db, await loadFinstrument(db, id), businessDateOf(ctx.clock.now()));
    const flows = await cashflowsFor(db, ctx.clock, id, {});
    return { detail, flows };
  };

  app.post('/api/quote/:id/download/', {
    schema: { tags, summary: 'Price quote sheet (PDF) for the given price or yield, settlement and quantity', params: finstrumentIdParamsSchema, body: quoteRequestSchema },
  }, async (request, reply) => {
    const { row, info } = await quote(db, ctx.clock, request.params.id, request.body);
    const detail = await detailOf(db, row, businessDateOf(ctx.clock.now()));
    return sendPdf(reply, `${row.isin}-quote.pdf`, await quoteSheet(meta(row.isin), detail, info));
  });

  app.post('/api/im/download/', {
    schema: { tags, summary: 'Information memorandum summary (PDF) generated from our data', body: imDownloadRequestSchema },
  }, async (request, reply) => {
    const [row] = await db.select({ id: finstruments.id }).from(finstruments).where(eq(finstruments.isin, request.body.isin));
    const { detail, flows } = await detailAndFlows(row?.id ?? notFound());
    return sendPdf(reply, `${detail.isin}-information-memorandum.pdf`, await imSummary(meta(detail.isin), detail, flows));
  });

  app.post('/api/bond-details/:id/download/', {
    schema: { tags, summary: 'Bond details sheet (PDF)', params: finstrumentIdParamsSchema },
  }, async (request, reply) => {
    const { detail, flows } = await detailAndFlows(request.params.id);
    return sendPdf(reply, `${detail.isin}-details.pdf`, await bondDetailsSheet(meta(detail.isin), detail, flows));
  });
};

function notFound(): never {
  throw new AppError('NOT_FOUND', 'Bond not found.');
}
