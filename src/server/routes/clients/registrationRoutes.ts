/** Registration (full, from an invitation, or the lite lead form) and registration OTP checks (spec 01 §7). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { detailSchema } from '../../../shared/contracts/auth.js';
import { apiErrorSchema, commonErrorResponses } from '../../../shared/contracts/common.js';
import {
  liteRegistrationSchema,
  registrationResultSchema,
  registrationSchema,
  validateOtpSchema,
} from '../../../shared/contracts/clients.js';
import type { AppContext } from '../../appContext.js';

export const registrationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { registration, support } = ctx.services;

  app.post(
    '/api/validate-otp/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Verify a registration or profile OTP; registration may follow within 15 minutes',
        body: validateOtpSchema,
        response: { 200: detailSchema, 429: apiErrorSchema, ...commonErrorResponses },
      },
    },
    async (request) => {
      const { otp, request_type: mode, ...identity } = request.body;
      await registration.verifyOtp(identity, mode, otp);
      return { detail: 'OTP verified' };
    },
  );

  app.post(
    '/api/client/register/',
    {
      schema: {
        tags: ['clients'],
        summary: 'Register a new client and its first user, or accept an invitation',
        body: registrationSchema,
        response: { 200: registrationResultSchema, 410: apiErrorSchema, ...commonErrorResponses },
      },
    },
    async (request) => {
      const registered = await registration.register(request.body);
      return { detail: 'Registration complete', client_id: registered.clientId, user_id: registered.userId, email: registered.email };
    },
  );

  app.post(
    '/api/client/register-user/lite',
    {
      schema: {
        tags: ['clients'],
        summary: 'Leave contact details to be called back (a REQUEST_ACCESS lead; a few per address an hour)',
        body: liteRegistrationSchema,
        response: { 200: detailSchema, 429: apiErrorSchema, ...commonErrorResponses },
      },
    },
    async (request) => {
      await support.fileAccessLead(request.body);
      return { detail: 'Thank you. We will get in touch with you shortly.' };
    },
  );
};
