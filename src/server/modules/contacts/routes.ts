import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Contact, ContactPage, ContactSearchResponse } from '@shared/api/contacts';
import { CONTACTS_PAGE_SIZE } from '@shared/constants';
import { hasPermission } from '@shared/permissions/check';
import { contactSchema, contactSearchSchema } from '@shared/validation/contacts';
import { pageQuerySchema } from '@shared/validation/page-query';
import { notFound } from '../../lib/domain-error';
import { parse } from '../../lib/validate';
import { authOf } from '../../plugins/access';
import { createContact, setContactDeleted, updateContact, type ContactActor } from './contact-changes';
import { CONTACT_NOT_FOUND, findContact, listContacts, searchContacts } from './contact-store';

type WithId = { Params: { id: string } };

function actorOf(request: FastifyRequest): ContactActor {
  const auth = authOf(request);
  return { organizationId: auth.organizationId, userId: auth.userId, mayTag: hasPermission(auth.permissions, 'contacts:tag') };
}

/** SPEC.md section 7, Contacts. Every query is scoped to the caller's organization. */
export async function contactRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const listQuery = pageQuerySchema(CONTACTS_PAGE_SIZE);

  async function contactOr404(organizationId: string, id: string): Promise<Contact> {
    const contact = await findContact(db, organizationId, id);
    if (!contact) throw notFound(CONTACT_NOT_FOUND);
    return contact;
  }

  app.get('/', { config: { access: 'contacts:view' } }, async (request): Promise<ContactPage> => {
    return listContacts(db, authOf(request).organizationId, parse(listQuery, request.query));
  });

  app.get('/search', { config: { access: 'contacts:view' } }, async (request): Promise<ContactSearchResponse> => {
    const { q } = parse(contactSearchSchema, request.query);
    return { data: await searchContacts(db, authOf(request).organizationId, q) };
  });

  app.get<WithId>('/:id', { config: { access: 'contacts:view' } }, async (request): Promise<Contact> => {
    return contactOr404(authOf(request).organizationId, request.params.id);
  });

  // Tags chosen in the add/edit modal also need contacts:tag, checked in the change itself (403 when a
  // member without it sends a different tag set): the Chat Agent template may add contacts, not tag them.
  app.post('/', { config: { access: 'contacts:create' } }, async (request, reply): Promise<Contact> => {
    const actor = actorOf(request);
    const id = await createContact(db, actor, parse(contactSchema, request.body));
    void reply.status(201);
    return contactOr404(actor.organizationId, id);
  });

  app.put<WithId>('/:id', { config: { access: 'contacts:edit' } }, async (request): Promise<Contact> => {
    const actor = actorOf(request);
    await updateContact(db, actor, request.params.id, parse(contactSchema, request.body));
    return contactOr404(actor.organizationId, request.params.id);
  });

  app.delete<WithId>('/:id', { config: { access: 'contacts:delete' } }, async (request): Promise<Contact> => {
    const actor = actorOf(request);
    await setContactDeleted(db, actor, request.params.id, true);
    return contactOr404(actor.organizationId, request.params.id);
  });

  app.patch<WithId>('/:id/undelete', { config: { access: 'contacts:delete' } }, async (request): Promise<Contact> => {
    const actor = actorOf(request);
    await setContactDeleted(db, actor, request.params.id, false);
    return contactOr404(actor.organizationId, request.params.id);
  });
}
