import type { FastifyInstance } from 'fastify';
import { noQuery } from '@shared/validation/route-input';
import { openApiDocument, type OpenApiDocument } from '../../api-description/openapi-document';
import { sessionCookieName } from '../auth';
import type { YupTypeProvider } from '../../plugins/validation';

/** The API version the description states; it changes when the API changes shape incompatibly. */
const API_VERSION = '1.0.0';

/**
 * GET /api/docs: the OpenAPI 3.1 description of the whole API, generated from the routes' own schemas
 * and access rules. Public, like any API reference: it names operations and rules, never data. It is
 * built on the first request, once every route has been declared.
 */
export async function apiDocsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<YupTypeProvider>();
  let document: OpenApiDocument | undefined;

  app.get('/', { config: { access: 'public' }, schema: { querystring: noQuery } }, async () => {
    document ??= openApiDocument(app.declaredRoutes, {
      version: API_VERSION,
      serverUrl: app.config.publicUrl,
      sessionCookie: sessionCookieName(app),
    });
    return document;
  });
}
