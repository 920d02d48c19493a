/** The OpsAdmin's users screen: accounts, roles and invitations (spec 01 §7 Client). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { detailSchema } from '../../../shared/contracts/auth.js';
import { apiErrorSchema, commonErrorResponses } from '../../../shared/contracts/common.js';
import {
  acceptInviteSchema,
  changeRolesSchema,
  inviteAcceptedSchema,
  inviteCodeSchema,
  inviteDetailsSchema,
  inviteSchema,
  revokeInviteSchema,
  userAccountListSchema,
  userAccountSchema,
  userAccountsQuerySchema,
} from '../../../shared/contracts/users.js';
import type { AppContext } from '../../appContext.js';
import { callerOf } from './caller.js';

export const userRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { users, invites } = ctx.services;

  app.get(
    '/api/useraccounts/',
    {
      schema: {
        tags: ['users'],
        summary: "The caller's client's user accounts",
        querystring: userAccountsQuerySchema,
        response: { 200: userAccountListSchema, ...commonErrorResponses },
      },
    },
    async (request) => ({ results: await users.list(callerOf(request), request.query.search) }),
  );

  app.put(
    '/api/client/user/',
    {
      schema: {
        tags: ['users'],
        summary: "Change the roles of a user account of the caller's client",
        body: changeRolesSchema,
        response: { 200: userAccountSchema, 409: apiErrorSchema, ...commonErrorResponses },
      },
    },
    async (request) => users.changeRoles(callerOf(request), request.body.user_account_id, request.body.roles),
  );

  app.post(
    '/api/client/user/invite/',
    {
      schema: {
        tags: ['users'],
        summary: "Invite a person to the caller's client (e-mails a 7-day link)",
        body: inviteSchema,
        response: { 200: userAccountSchema, 409: apiErrorSchema, ...commonErrorResponses },
      },
    },
    async (request) => invites.invite(callerOf(request), request.body),
  );

  app.post(
    '/api/client/user/invite/validate/',
    {
      schema: {
        tags: ['users'],
        summary: 'Check an invitation code (410 when invalid, expired, revoked or used)',
        body: inviteCodeSchema,
        response: { 200: inviteDetailsSchema, 410: apiErrorSchema, ...commonErrorResponses },
      },
    },
    async (request) => invites.details(request.body.invite_code),
  );

  app.post(
    '/api/client/user/invite/accept/',
    {
      schema: {
        tags: ['users'],
        summary: 'Accept an invitation as a person who already has an account, with their password or a login OTP',
        body: acceptInviteSchema,
        response: {
          200: inviteAcceptedSchema,
          401: apiErrorSchema,
          409: apiErrorSchema,
          410: apiErrorSchema,
          429: apiErrorSchema,
          ...commonErrorResponses,
        },
      },
    },
    async (request) => {
      const { invite_code, password, otp } = request.body;
      return invites.acceptAsMember(invite_code, password !== undefined ? { password } : { otp: otp ?? '' });
    },
  );

  app.post(
    '/api/client/user/invite/revoke/',
    {
      schema: {
        tags: ['users'],
        summary: 'Revoke the pending invitation of a user account',
        body: revokeInviteSchema,
        response: { 200: detailSchema, ...commonErrorResponses },
      },
    },
    async (request) => {
      await invites.revoke(callerOf(request), request.body.invitee_id);
      return { detail: 'Invitation revoked' };
    },
  );
};
