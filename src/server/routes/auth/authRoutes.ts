/** Sign-in (password and OTP), token refresh, one-time passwords and sign-out (spec 01 §7 Auth). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  detailSchema,
  otpSignInSchema,
  passwordSignInSchema,
  refreshRequestSchema,
  requestOtpSchema,
  tokenPairSchema,
} from '../../../shared/contracts/auth.js';
import { apiErrorSchema, commonErrorResponses } from '../../../shared/contracts/common.js';
import type { AppContext } from '../../appContext.js';
import { AppError } from '../../errors.js';
import { bearerToken } from '../../plugins/accessControl.js';
import { clearRefreshCookie, refreshTokenOf, setRefreshCookie } from './refreshCookie.js';

const tokenResponses = { 200: tokenPairSchema, 401: apiErrorSchema, 429: apiErrorSchema, ...commonErrorResponses };

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { auth } = ctx.services;
  const ttl = auth.refreshTtlSeconds;

  app.post(
    '/api/token/',
    {
      schema: { tags: ['auth'], summary: 'Sign in with e-mail and password', body: passwordSignInSchema, response: tokenResponses },
    },
    async (request, reply) => {
      const pair = await auth.signInWithPassword(request.body.email, request.body.password);
      setRefreshCookie(request, reply, pair.refresh, ttl);
      return pair;
    },
  );

  app.post(
    '/api/token/otp/',
    {
      schema: { tags: ['auth'], summary: 'Sign in with a login one-time password', body: otpSignInSchema, response: tokenResponses },
    },
    async (request, reply) => {
      const pair = await auth.signInWithOtp(request.body, request.body.otp);
      setRefreshCookie(request, reply, pair.refresh, ttl);
      return pair;
    },
  );

  app.post(
    '/api/token/refresh/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Exchange a refresh token (body or cookie) for a new pair',
        body: refreshRequestSchema,
        response: tokenResponses,
      },
    },
    async (request, reply) => {
      const token = refreshTokenOf(request, request.body?.refresh);
      if (!token) throw new AppError('TOKEN_INVALID');
      try {
        const pair = await auth.refresh(token);
        setRefreshCookie(request, reply, pair.refresh, ttl);
        return pair;
      } catch (error) {
        clearRefreshCookie(reply);
        throw error;
      }
    },
  );

  app.post(
    '/api/request-otp/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Send a one-time password by e-mail or SMS',
        body: requestOtpSchema,
        response: { 200: detailSchema, 429: apiErrorSchema, ...commonErrorResponses },
      },
    },
    async (request) => {
      await auth.requestOtp(request.body, request.body.request_type);
      return { detail: 'If the details match an account, a one-time password has been sent.' };
    },
  );

  app.post(
    '/api/logout/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out: revoke the refresh token family',
        body: refreshRequestSchema,
        response: { 200: detailSchema, ...commonErrorResponses },
      },
    },
    async (request, reply) => {
      const token = refreshTokenOf(request, request.body?.refresh);
      await auth.signOut(token, bearerToken(request.headers.authorization));
      clearRefreshCookie(reply);
      return { detail: 'Signed out' };
    },
  );
};
