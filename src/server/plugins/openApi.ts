/** OpenAPI document generated from the zod route schemas, with a reference page at /api/docs. */
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** Registers the OpenAPI generator; must run before any route is registered. */
export async function registerOpenApi(app: FastifyInstance, version: string, brandName: string): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: `${brandName} API`, description: 'Trading and surveillance of Indian bonds.', version },
      tags: [{ name: 'system', description: 'Health, versions and error reports' }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
