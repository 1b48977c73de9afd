// GET /api/openapi.json: the OpenAPI 3.1 description of every call, built once from the
// route catalogue on first request (by then every plugin has registered its routes).
import type { FastifyInstance } from 'fastify';
import { buildOpenApiDocument, OPENAPI_PATH, type OpenApiDocument } from './document';
import type { CatalogueRoute } from './route-catalogue';

export async function openApiPlugin(app: FastifyInstance, opts: { routes: readonly CatalogueRoute[] }): Promise<void> {
  let document: OpenApiDocument | undefined;
  app.get(
    OPENAPI_PATH,
    { config: { summary: 'This description of every call (OpenAPI 3.1)', plainAnswer: 'The OpenAPI 3.1 document (JSON).' } },
    async (_request, reply) => {
      document ??= buildOpenApiDocument(opts.routes);
      return reply.header('Cache-Control', 'no-cache').send(document);
    },
  );
}
