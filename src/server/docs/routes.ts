import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { buildOpenApi } from './openapi';

/** `/api/docs/openapi.json` (the contract as OpenAPI 3.1) and a readable page at `/api/docs`. */
export async function registerDocs(app: FastifyInstance, options: { sandbox: boolean }) {
  const document = buildOpenApi(options);
  await app.register(swagger, { mode: 'static', specification: { document: document as any } });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/docs/openapi.json', { schema: { hide: true } }, async () => document);
}
