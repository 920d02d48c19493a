/** Forgotten password: e-mail a reset link, then set a new password with it (spec 01 §7 Auth). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { detailSchema } from '../../../shared/contracts/auth.js';
import { commonErrorResponses } from '../../../shared/contracts/common.js';
import { changePasswordParamsSchema, changePasswordSchema, resetPasswordSchema } from '../../../shared/contracts/passwords.js';
import type { AppContext } from '../../appContext.js';

export const passwordRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { passwords } = ctx.services;

  app.post(
    '/api/reset-password/',
    {
      schema: {
        tags: ['auth'],
        summary: 'E-mail a password reset link (same answer for unknown addresses)',
        body: resetPasswordSchema,
        response: { 200: detailSchema, ...commonErrorResponses },
      },
    },
    async (request) => {
      await passwords.requestReset(request.body.email, request.body.web_url);
      return { detail: 'If this email belongs to an account, a password reset link has been sent to it.' };
    },
  );

  app.post(
    '/api/change-password/:userId/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset link; ends every session of the user',
        params: changePasswordParamsSchema,
        body: changePasswordSchema,
        response: { 200: detailSchema, ...commonErrorResponses },
      },
    },
    async (request) => {
      await passwords.changePassword(request.params.userId, request.body.token, request.body.new_password1);
      return { detail: 'Your password has been changed. Please sign in with the new password.' };
    },
  );
};
