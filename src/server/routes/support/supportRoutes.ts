/**
 * Support (spec 02 §7-8; spec 01 §7 `POST ext/public/upload/`): the support form uploads its file,
 * then creates the ticket; the requester and their OpsAdmins read tickets and files; the public
 * /contact form files a CONTACT_FORM request.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { detailSchema } from '../../../shared/contracts/auth.js';
import { apiErrorSchema, commonErrorResponses } from '../../../shared/contracts/common.js';
import {
  contactFormSchema,
  createTicketSchema,
  ticketListSchema,
  ticketSchema,
  uploadResultSchema,
} from '../../../shared/contracts/support.js';
import { SUPPORT_TOASTS } from '../../../shared/messages.js';
import type { AppContext } from '../../appContext.js';
import { callerOf } from '../users/caller.js';
import { readUpload } from './readUpload.js';

const tags = ['support'];

export const supportRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const support = ctx.services.support;
  await app.register(multipart);

  app.post(
    '/api/ext/public/upload/',
    {
      schema: {
        tags,
        summary: 'Upload a support attachment (multipart field `file`, at most 5 MB, images, PDF, text, CSV or .xlsx)',
        consumes: ['multipart/form-data'],
        response: { 200: uploadResultSchema, 413: apiErrorSchema, 415: apiErrorSchema, ...commonErrorResponses },
      },
    },
    async (request) => support.upload(callerOf(request), await readUpload(request)),
  );

  app.post(
    '/api/support/tickets/',
    {
      schema: {
        tags,
        summary: 'Create a support ticket (form name, content, ticket type id, extra data, the uploaded file)',
        body: createTicketSchema,
        response: { 200: ticketSchema, 502: apiErrorSchema, ...commonErrorResponses },
      },
    },
    async (request) => support.createTicket(callerOf(request), request.body),
  );

  app.get(
    '/api/support/tickets/',
    {
      schema: {
        tags,
        summary: "The caller's tickets (an OpsAdmin's: the client's), newest first",
        response: { 200: ticketListSchema, ...commonErrorResponses },
      },
    },
    async (request) => ({ results: await support.listTickets(callerOf(request)) }),
  );

  app.get(
    '/api/support/files/:token',
    {
      schema: {
        tags,
        summary: 'A support attachment, to its uploader and their OpsAdmins',
        params: z.object({ token: z.string().max(64) }),
      },
    },
    async (request, reply) => {
      const file = await support.readFile(callerOf(request), request.params.token);
      return reply
        .header('content-type', file.mimeType)
        .header('content-disposition', `attachment; filename="${encodeURIComponent(file.fileName)}"`)
        .send(file.content);
    },
  );

  app.post(
    '/api/contact/',
    {
      schema: {
        tags,
        summary: 'The public contact form (business e-mail; a few messages per address an hour)',
        body: contactFormSchema,
        response: { 200: detailSchema, 429: apiErrorSchema, ...commonErrorResponses },
      },
    },
    async (request) => {
      await support.fileContactForm(request.body);
      return { detail: SUPPORT_TOASTS.contact };
    },
  );
};
