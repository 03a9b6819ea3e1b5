import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasPermission } from '@shared/permissions/check';
import { contactExportQuerySchema } from '@shared/validation/contact-export';
import { contactListQuerySchema, contactSchema, contactSearchSchema } from '@shared/validation/contacts';
import { idParams, noBody, noQuery } from '@shared/validation/route-input';
import { contactsByTagsQuerySchema, tagIdList } from '@shared/validation/tags';
import { sendCsv } from '../../lib/csv-download';
import { authOf } from '../../plugins/access';
import type { YupTypeProvider } from '../../plugins/validation';
import {
  CONTACT_NOT_FOUND,
  createContact,
  getContact,
  listContacts,
  listContactsWithAnyTag,
  searchContacts,
  setContactDeleted,
  updateContact,
  type ContactActor,
} from './contacts-service';
import { exportContacts } from './contact-export-service';
import { clearContactOptOut } from './contact-opt-out-service';

const contactParams = idParams({ id: CONTACT_NOT_FOUND });

function actorOf(request: FastifyRequest): ContactActor {
  const auth = authOf(request);
  return { organizationId: auth.organizationId, userId: auth.userId, mayTag: hasPermission(auth.permissions, 'contacts:tag') };
}

/** The contacts of the caller's organization (every query is scoped to it). */
export async function contactRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<YupTypeProvider>();
  const { db } = app;

  app.get('/', { config: { access: 'contacts:view' }, schema: { querystring: contactListQuerySchema } }, async (request) => {
    return listContacts(db, authOf(request).organizationId, request.query);
  });

  app.get('/search', { config: { access: 'contacts:view' }, schema: { querystring: contactSearchSchema } }, async (request) => {
    return { data: await searchContacts(db, authOf(request).organizationId, request.query.q) };
  });

  app.get('/export.csv', { config: { access: 'contacts:export' }, schema: { querystring: contactExportQuerySchema } }, async (request, reply) => {
    const { fileName, csv } = await exportContacts(db, authOf(request).organizationId, request.query);
    return sendCsv(reply, fileName, csv);
  });

  app.get('/:id', { config: { access: 'contacts:view' }, schema: { params: contactParams, querystring: noQuery } }, async (request) => {
    return getContact(db, authOf(request).organizationId, request.params.id);
  });

  // Tags chosen in the add/edit modal also need contacts:tag, checked in the change itself (403 when a
  // member without it sends a different tag set): the Chat Agent template may add contacts, not tag them.
  app.post('/', { config: { access: 'contacts:create' }, schema: { body: contactSchema } }, async (request, reply) => {
    const contact = await createContact(db, actorOf(request), request.body);
    void reply.status(201);
    return contact;
  });

  app.put('/:id', { config: { access: 'contacts:edit' }, schema: { params: contactParams, body: contactSchema } }, async (request) => {
    return updateContact(db, actorOf(request), request.params.id, request.body);
  });

  app.delete('/:id', { config: { access: 'contacts:delete' }, schema: { params: contactParams } }, async (request) => {
    return setContactDeleted(db, actorOf(request), request.params.id, true);
  });

  app.delete('/:id/opt-out', { config: { access: 'contacts:edit' }, schema: { params: contactParams } }, async (request) => {
    return clearContactOptOut(db, actorOf(request), request.params.id);
  });

  app.patch('/:id/undelete', { config: { access: 'contacts:delete' }, schema: { params: contactParams, body: noBody } }, async (request) => {
    return setContactDeleted(db, actorOf(request), request.params.id, false);
  });
}

/** GET /tags/contacts, mounted under /api/tags: a broadcast audience is a list of contacts. */
export async function contactsByTagRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<YupTypeProvider>();
  const { db } = app;

  app.get('/contacts', { config: { access: 'contacts:view' }, schema: { querystring: contactsByTagsQuerySchema } }, async (request) => {
    const { tags, page, limit } = request.query;
    return listContactsWithAnyTag(db, authOf(request).organizationId, tagIdList(tags), { page, limit });
  });
}
