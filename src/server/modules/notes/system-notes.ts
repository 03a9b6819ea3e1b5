import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { contactNotes } from '../../db/schema';
import { uuidv7 } from '../../lib/ids';

/**
 * Activity entries on a contact's timeline (created, tags changed, imported, deleted, restored). Callers
 * write them inside the transaction of the change they record, so history never claims what did not
 * happen, nor misses what did.
 */
export async function addSystemNote(
  db: Queryable,
  { organizationId, contactId, userId, content }: { organizationId: string; contactId: string; userId: string; content: string },
): Promise<void> {
  await db.insert(contactNotes).values({ organizationId, contactId, authorUserId: userId, type: 'system', content });
}

/** The same entry on many contacts in one statement (a CSV import records one per imported contact). */
export async function addSystemNotes(
  db: Queryable,
  { organizationId, contactIds, userId, content }: { organizationId: string; contactIds: readonly string[]; userId: string; content: string },
): Promise<void> {
  if (contactIds.length === 0) return;
  const noteIds = contactIds.map(() => uuidv7());
  await db.execute(sql`
    insert into ${contactNotes} (id, organization_id, contact_id, author_user_id, type, content)
    select note_id, ${organizationId}::uuid, contact_id, ${userId}::uuid, 'system', ${content}::text
    from unnest(${sql.param(noteIds)}::uuid[], ${sql.param([...contactIds])}::uuid[]) as n(note_id, contact_id)`);
}
