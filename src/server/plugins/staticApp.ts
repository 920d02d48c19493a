/**
 * Serves the built single-page app: precompressed assets (brotli/gzip made at build time),
 * immutable caching for hashed /assets/, and index.html for every other page path (SPA fallback).
 * API paths never fall back to the app: they get the JSON 404.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../errors.js';

const API_PREFIXES = ['/api/', '/ws/'];

function isApiPath(url: string): boolean {
  return API_PREFIXES.some((prefix) => url === prefix.slice(0, -1) || url.startsWith(prefix));
}

/** Registers static serving of `clientDist` (when built) and the not-found handler. */
export async function registerStaticApp(app: FastifyInstance, clientDist: string): Promise<void> {
  const built = existsSync(join(clientDist, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: clientDist,
      preCompressed: true,
      wildcard: false,
      index: false,
      setHeaders(res, path) {
        const immutable = path.includes(`${join(clientDist, 'assets')}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn(`No built client in ${clientDist}: run "npm run build" (npm start does it for you)`);
  }

  app.setNotFoundHandler((request, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (built && request.method === 'GET' && !isApiPath(path)) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    throw new AppError(isApiPath(path) ? 'ROUTE_NOT_FOUND' : 'NOT_FOUND');
  });
}
