/** Exchange credentials (spec 01 §7 Client): the OpsAdmin stores them; no route ever returns them. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonErrorResponses } from '../../../shared/contracts/common.js';
import { storeCredentialsSchema, storedCredentialsSchema } from '../../../shared/contracts/credentials.js';
import type { AppContext } from '../../appContext.js';
import { loadCredentialsKey } from '../../domain/credentials/cipher.js';
import { storeCredentials } from '../../domain/credentials/credentialStore.js';
import { callerOf } from '../users/caller.js';

export const credentialRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  let key: Promise<Buffer> | undefined;

  app.post('/api/client/credentials/', {
    schema: {
      tags: ['clients'], summary: 'Store (or replace) the NSCCL or ICCL credentials of the caller\'s client',
      body: storeCredentialsSchema, response: { 200: storedCredentialsSchema, ...commonErrorResponses },
    },
  }, async (request) => {
    key ??= loadCredentialsKey(db, ctx.config.credentialsKey);
    return storeCredentials(db, ctx.clock, await key, callerOf(request), request.body);
  });
};
