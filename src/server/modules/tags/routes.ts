import type { FastifyInstance } from 'fastify';
import { boolean, string } from 'yup';
import type { ContactPage } from '@shared/api/contacts';
import type { Tag, TagPage } from '@shared/api/tags';
import { CONTACTS_PAGE_SIZE, MAX_TAGS_PER_BROADCAST, TAG_LIST_PAGE_SIZE } from '@shared/constants';
import { pageQuerySchema } from '@shared/validation/page-query';
import { tagSchema } from '@shared/validation/tags';
import { notFound } from '../../lib/domain-error';
import { parse } from '../../lib/validate';
import { authOf } from '../../plugins/access';
import { contactsWithTags } from './tag-audience';
import { createTag, findTag, listTags, setTagDeleted, TAG_NOT_FOUND, updateTag } from './tag-store';

type WithId = { Params: { id: string } };

const listQuery = pageQuerySchema(TAG_LIST_PAGE_SIZE).shape({
  includeDeleted: boolean().typeError('includeDeleted must be true or false').default(false),
});

const audienceQuery = pageQuerySchema(CONTACTS_PAGE_SIZE).shape({
  tags: string()
    .trim()
    .required('Select at least one tag')
    .test('tag-count', `Too many tags selected (max ${MAX_TAGS_PER_BROADCAST})`, (value) => !value || value.split(',').length <= MAX_TAGS_PER_BROADCAST),
});

/** SPEC.md section 7, Tags (the CSV import under /tags/import lives in the contact-import module). */
export async function tagRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  async function tagOr404(organizationId: string, id: string): Promise<Tag> {
    const tag = await findTag(db, organizationId, id);
    if (!tag) throw notFound(TAG_NOT_FOUND);
    return tag;
  }

  app.get('/', { config: { access: 'contacts:view' } }, async (request): Promise<TagPage> => {
    return listTags(db, authOf(request).organizationId, parse(listQuery, request.query));
  });

  app.get('/contacts', { config: { access: 'contacts:view' } }, async (request): Promise<ContactPage> => {
    const { tags, page, limit } = parse(audienceQuery, request.query);
    const ids = tags.split(',').map((id) => id.trim()).filter(Boolean);
    return contactsWithTags(db, authOf(request).organizationId, ids, { page, limit });
  });

  app.post('/', { config: { access: 'contacts:tag' } }, async (request, reply): Promise<Tag> => {
    const { organizationId } = authOf(request);
    const id = await createTag(db, organizationId, parse(tagSchema, request.body));
    void reply.status(201);
    return tagOr404(organizationId, id);
  });

  app.put<WithId>('/:id', { config: { access: 'contacts:tag' } }, async (request): Promise<Tag> => {
    const { organizationId } = authOf(request);
    await updateTag(db, organizationId, request.params.id, parse(tagSchema, request.body));
    return tagOr404(organizationId, request.params.id);
  });

  app.delete<WithId>('/:id', { config: { access: 'contacts:tag' } }, async (request): Promise<Tag> => {
    const { organizationId } = authOf(request);
    await setTagDeleted(db, organizationId, request.params.id, true);
    return tagOr404(organizationId, request.params.id);
  });

  app.patch<WithId>('/:id/undelete', { config: { access: 'contacts:tag' } }, async (request): Promise<Tag> => {
    const { organizationId } = authOf(request);
    await setTagDeleted(db, organizationId, request.params.id, false);
    return tagOr404(organizationId, request.params.id);
  });
}

