/**
 * The built-in chat service's calls (contracts/chat.ts header, issue #10). Each needs the Bearer
 * access token and the caller's chat session in `X-Chat-Session` (checked before the body), so a
 * missing, expired or revoked session is a 401 the client's chatConnection machine acts on.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordIdSchema } from '../../../shared/validation/ids.js';
import { apiErrorSchema, commonErrorResponses } from '../../../shared/contracts/common.js';
import {
  broadcastSchema,
  chatChannelSchema,
  chatMessageSchema,
  chatUserSchema,
  createChannelSchema,
  messagePageQuerySchema,
  sendMessageSchema,
  CHAT_LIMITS,
} from '../../../shared/contracts/chat.js';
import type { AppContext } from '../../appContext.js';
import { callerOf } from '../users/caller.js';
import { readChatUpload } from './readChatUpload.js';

const tags = ['chat'];
const errors = { 401: apiErrorSchema, 403: apiErrorSchema, ...commonErrorResponses };
const channelParams = z.object({ url: z.string().min(1).max(100) });
const userBody = z.object({ user_id: z.string().min(1) });
const userIdsBody = z.object({ user_ids: z.array(z.string().min(1)).min(1).max(CHAT_LIMITS.groupMaxMembers) });
const done = { 204: z.null(), ...errors };

export const chatRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const chat = ctx.services.chat;
  await app.register(multipart);

  app.addHook('preValidation', async (request) => {
    const header = request.headers['x-chat-session'];
    await chat.sessions.verify(callerOf(request), Array.isArray(header) ? header[0] : header);
  });

  app.get(
    '/api/chat/channels/',
    {
      schema: {
        tags,
        summary: 'The chats the caller is in or invited to',
        response: { 200: z.object({ channels: z.array(chatChannelSchema) }), ...errors },
      },
    },
    async (request) => ({ channels: await chat.channels.list(callerOf(request)) }),
  );

  app.post(
    '/api/chat/channels/',
    {
      schema: {
        tags,
        summary: 'Create a chat (a direct chat that exists answers 200 with it)',
        body: createChannelSchema,
        response: { 200: chatChannelSchema, 201: chatChannelSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { created, channel } = await chat.channels.create(callerOf(request), request.body);
      return reply.code(created ? 201 : 200).send(channel);
    },
  );

  app.get(
    '/api/chat/channels/:url/',
    {
      schema: { tags, summary: 'One chat', params: channelParams, response: { 200: chatChannelSchema, ...errors } },
    },
    async (request) => chat.channels.get(callerOf(request), request.params.url),
  );

  app.patch(
    '/api/chat/channels/:url/',
    {
      schema: {
        tags,
        summary: 'Rename a chat (its admins)',
        params: channelParams,
        body: z.object({ name: z.string().trim().min(1).max(100) }),
        response: { 200: chatChannelSchema, ...errors },
      },
    },
    async (request) => chat.channels.rename(callerOf(request), request.params.url, request.body.name),
  );

  app.post(
    '/api/chat/channels/:url/invite/',
    {
      schema: {
        tags,
        summary: "Invite people (any member of a group; a broadcast list's admins)",
        params: channelParams,
        body: userIdsBody,
        response: { 200: chatChannelSchema, ...errors },
      },
    },
    async (request) => chat.channels.invite(callerOf(request), request.params.url, request.body.user_ids),
  );

  app.post(
    '/api/chat/channels/:url/accept/',
    {
      schema: { tags, summary: 'Accept an invitation', params: channelParams, response: { 200: chatChannelSchema, ...errors } },
    },
    async (request) => chat.channels.accept(callerOf(request), request.params.url),
  );

  for (const action of ['decline', 'leave'] as const) {
    app.post(
      `/api/chat/channels/:url/${action}/`,
      {
        schema: { tags, summary: action === 'decline' ? 'Decline an invitation' : 'Leave a chat', params: channelParams, response: done },
      },
      async (request, reply) => {
        await chat.channels[action](callerOf(request), request.params.url);
        return reply.code(204).send(null);
      },
    );
  }

  for (const action of ['ban', 'unban', 'mute', 'unmute'] as const) {
    app.post(
      `/api/chat/channels/:url/${action}/`,
      {
        schema: {
          tags,
          summary: `${action[0]!.toUpperCase()}${action.slice(1)} a member (the chat's admins)`,
          params: channelParams,
          body: userBody,
          response: done,
        },
      },
      async (request, reply) => {
        await chat.channels[action](callerOf(request), request.params.url, request.body.user_id);
        return reply.code(204).send(null);
      },
    );
  }

  app.get(
    '/api/chat/channels/:url/banned/',
    {
      schema: {
        tags,
        summary: 'The people banned from a chat (its admins)',
        params: channelParams,
        response: { 200: z.object({ users: z.array(chatUserSchema) }), ...errors },
      },
    },
    async (request) => ({ users: await chat.channels.banned(callerOf(request), request.params.url) }),
  );

  app.post(
    '/api/chat/channels/:url/operators/',
    {
      schema: {
        tags,
        summary: 'Make members admins too (its admins)',
        params: channelParams,
        body: userIdsBody,
        response: { 200: chatChannelSchema, ...errors },
      },
    },
    async (request) => chat.channels.addOperators(callerOf(request), request.params.url, request.body.user_ids),
  );

  app.get(
    '/api/chat/channels/:url/messages/',
    {
      schema: {
        tags,
        summary: 'A page of messages: the newest, or before / after a createdAt',
        params: channelParams,
        querystring: messagePageQuerySchema,
        response: { 200: z.object({ messages: z.array(chatMessageSchema), has_more: z.boolean() }), ...errors },
      },
    },
    async (request) => chat.messages.page(callerOf(request), request.params.url, request.query),
  );

  app.post(
    '/api/chat/channels/:url/messages/',
    {
      schema: {
        tags,
        summary: 'Send a message (the same reqId again answers the first)',
        params: channelParams,
        body: sendMessageSchema,
        response: { 200: chatMessageSchema, 201: chatMessageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { created, message } = await chat.messages.send(callerOf(request), request.params.url, request.body);
      return reply.code(created ? 201 : 200).send(message);
    },
  );

  app.post(
    '/api/chat/channels/:url/files/',
    {
      bodyLimit: CHAT_LIMITS.fileMaxBytes + 1_048_576,
      schema: {
        tags,
        summary: 'Send a file (multipart: file, req_id, data; at most 10 MB, allowed types only)',
        consumes: ['multipart/form-data'],
        params: channelParams,
        response: { 200: chatMessageSchema, 201: chatMessageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { created, message } = await chat.messages.sendFile(caller, request.params.url, await readChatUpload(request));
      return reply.code(created ? 201 : 200).send(message);
    },
  );

  app.delete(
    '/api/chat/channels/:url/messages/:id/',
    {
      schema: {
        tags,
        summary: "Delete one's own message (hidden from members, kept for compliance)",
        params: channelParams.extend({ id: recordIdSchema() }),
        response: done,
      },
    },
    async (request, reply) => {
      await chat.messages.remove(callerOf(request), request.params.url, request.params.id);
      return reply.code(204).send(null);
    },
  );

  for (const kind of ['read', 'delivered'] as const) {
    app.put(
      `/api/chat/channels/:url/${kind}/`,
      {
        schema: { tags, summary: `Mark the chat ${kind} up to its newest message`, params: channelParams, response: done },
      },
      async (request, reply) => {
        await chat.messages.mark(callerOf(request), request.params.url, kind);
        return reply.code(204).send(null);
      },
    );
  }

  app.post(
    '/api/chat/broadcasts/',
    {
      schema: {
        tags,
        summary: 'Broadcast one message to a direct chat with each person',
        body: broadcastSchema,
        response: { 200: z.object({ channels: z.array(chatChannelSchema) }), ...errors },
      },
    },
    async (request) => chat.messages.broadcast(callerOf(request), request.body),
  );
};
