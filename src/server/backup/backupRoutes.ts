/**
 * POST /api/admin/backup/: the embedded database as a gzipped tarball, for `npm run db:backup`
 * while this server holds the data directory. Operators only (loopback and the backup token).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../appContext.js';

export const backupRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { pglite } = ctx.database;
  // On PostgreSQL, pg_dump reads the server directly: there is nothing for this one to do.
  if (!pglite) return;
  app.post(
    '/api/admin/backup/',
    { schema: { tags: ['system'], summary: 'Embedded database only: a backup of the data directory (gzipped tarball)' } },
    async (request, reply) => {
      const dump = await pglite.dumpDataDir('gzip');
      request.log.info({ bytes: dump.size }, 'backup taken');
      return reply
        .type('application/gzip')
        .header('Content-Disposition', 'attachment; filename="kosh-backup.tar.gz"')
        .send(Buffer.from(await dump.arrayBuffer()));
    },
  );
};
