import { and, eq, exists, inArray, isNull, type SQL } from 'drizzle-orm';
import type { ContactPage } from '@shared/api/contacts';
import type { Queryable } from '../../db/database';
import { contacts, contactTags, tags } from '../../db/schema';
import { isUuid } from '../../lib/ids';
import { toPage, type PageRequest } from '../../lib/pagination';
import { pageOfContacts } from '../contacts/contact-store';

/**
 * GET /tags/contacts?tags=…: the (not deleted) contacts carrying any of these (not deleted) tags, each
 * once, newest first. Ids that are not the organization's tags simply match nothing.
 */
export async function contactsWithTags(
  db: Queryable,
  organizationId: string,
  tagIds: readonly string[],
  page: PageRequest,
): Promise<ContactPage> {
  const candidates = tagIds.filter(isUuid);
  const live =
    candidates.length === 0
      ? []
      : await db
          .select({ id: tags.id })
          .from(tags)
          .where(and(eq(tags.organizationId, organizationId), inArray(tags.id, candidates), isNull(tags.deletedAt)));
  if (live.length === 0) return toPage([], page, 0);

  const tagged = exists(
    db
      .select({ one: contactTags.tagId })
      .from(contactTags)
      .where(
        and(
          eq(contactTags.organizationId, contacts.organizationId),
          eq(contactTags.contactId, contacts.id),
          inArray(contactTags.tagId, live.map((t) => t.id)),
        ),
      ),
  );
  const where = and(eq(contacts.organizationId, organizationId), isNull(contacts.deletedAt), tagged) as SQL;
  return pageOfContacts(db, organizationId, where, page);
}
