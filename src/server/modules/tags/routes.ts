import type { FastifyInstance } from 'fastify';
import { idParams, noBody } from '@shared/validation/route-input';
import { tagListQuerySchema, tagSchema } from '@shared/validation/tags';
import { authOf } from '../../plugins/access';
import type { YupTypeProvider } from '../../plugins/validation';
import { createTag, listTags, setTagDeleted, TAG_NOT_FOUND, updateTag } from './tags-service';

const tagParams = idParams({ id: TAG_NOT_FOUND });

/**
 * The tags of the caller's organization. Reading needs contacts:view, changing contacts:tag. The CSV
 * import (POST /tags/import) and a tag audience (GET /tags/contacts) are mounted under the same prefix by
 * the contact-import and contacts modules.
 */
export async function tagRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<YupTypeProvider>();
  const { db } = app;

  app.get('/', { config: { access: 'contacts:view' }, schema: { querystring: tagListQuerySchema } }, async (request) => {
    return listTags(db, authOf(request).organizationId, request.query);
  });

  app.post('/', { config: { access: 'contacts:tag' }, schema: { body: tagSchema } }, async (request, reply) => {
    const tag = await createTag(db, authOf(request).organizationId, request.body);
    void reply.status(201);
    return tag;
  });

  app.put('/:id', { config: { access: 'contacts:tag' }, schema: { params: tagParams, body: tagSchema } }, async (request) => {
    return updateTag(db, authOf(request).organizationId, request.params.id, request.body);
  });

  app.delete('/:id', { config: { access: 'contacts:tag' }, schema: { params: tagParams } }, async (request) => {
    return setTagDeleted(db, authOf(request).organizationId, request.params.id, true);
  });

  app.patch('/:id/undelete', { config: { access: 'contacts:tag' }, schema: { params: tagParams, body: noBody } }, async (request) => {
    return setTagDeleted(db, authOf(request).organizationId, request.params.id, false);
  });
}
