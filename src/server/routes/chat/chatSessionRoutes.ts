/**
 * Spec 02 §7 chat session calls (`POST api/issue-sb-session-token`, `DELETE api/remove-sb-session`),
 * the chat export (`POST api/download-chats`), chat files, one's chat preferences and the people
 * search — Bearer only: compliance officers read files and exports without a chat session of their
 * own, preferences hold whichever chat service (built-in or Sendbird) is in use, and the people
 * search is our directory, not the chat service, so it works with either adapter.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordIdSchema } from '../../../shared/validation/ids.js';
import { apiErrorSchema, commonErrorResponses } from '../../../shared/contracts/common.js';
import {
  chatPreferencesSchema,
  chatPreferencesUpdateSchema,
  chatSessionBodySchema,
  chatSessionTokenSchema,
  chatUserSchema,
  downloadChatsSchema,
} from '../../../shared/contracts/chat.js';
import type { AppContext } from '../../appContext.js';
import { callerOf } from '../users/caller.js';

const tags = ['chat'];
const errors = { 401: apiErrorSchema, 403: apiErrorSchema, ...commonErrorResponses };
const attachment = (name: string) => `attachment; filename="${encodeURIComponent(name)}"`;

export const chatSessionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const chat = ctx.services.chat;

  app.post(
    '/api/issue-sb-session-token',
    {
      schema: {
        tags,
        summary: 'A chat session token for oneself (needs the chat terms accepted)',
        body: chatSessionBodySchema,
        response: { 200: chatSessionTokenSchema, ...errors },
      },
    },
    async (request) => chat.sessions.issue(callerOf(request), request.body.userId),
  );

  app.delete(
    '/api/remove-sb-session',
    {
      schema: { tags, summary: "End one's chat sessions", body: chatSessionBodySchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await chat.sessions.revoke(callerOf(request), request.body.userId);
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/api/chat/preferences/',
    {
      schema: {
        tags,
        summary: "Change one's own chat security preferences (direct chats from, online status, message previews)",
        body: chatPreferencesUpdateSchema,
        response: { 200: chatPreferencesSchema, ...errors },
      },
    },
    async (request) => chat.preferences.update(callerOf(request), request.body),
  );

  app.post(
    '/api/download-chats',
    {
      schema: {
        tags,
        summary: "One chat's messages in a time range as CSV (its members; the client's compliance officers, deleted messages marked)",
        body: downloadChatsSchema,
        response: { 200: z.string().describe('text/csv'), ...errors },
      },
    },
    async (request, reply) => {
      const { fileName, csv } = await chat.exports.exportCsv(callerOf(request), request.body);
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', attachment(fileName)).send(csv);
    },
  );

  app.get(
    '/api/chat/files/:messageId/',
    {
      schema: {
        tags,
        summary: "A chat file's bytes (the chat's members; the client's compliance officers)",
        params: z.object({ messageId: recordIdSchema() }),
      },
    },
    async (request, reply) => {
      const file = await chat.messages.readFile(callerOf(request), request.params.messageId);
      return reply
        .header('content-type', file.type)
        .header('content-disposition', attachment(file.name))
        .header('x-content-type-options', 'nosniff')
        .send(file.content);
    },
  );

  app.get(
    '/api/chat/users/',
    {
      schema: {
        tags,
        summary: 'People to chat with (at least 3 characters, 20 a page)',
        querystring: z.object({ search: z.string().default(''), page: z.coerce.number().int().min(1).max(10_000).default(1) }),
        response: { 200: z.object({ results: z.array(chatUserSchema), count: z.number().int() }), ...errors },
      },
    },
    async (request) => chat.searchUsers(callerOf(request), request.query.search, request.query.page),
  );
};
