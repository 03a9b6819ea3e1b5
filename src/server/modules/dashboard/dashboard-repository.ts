import { and, count, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { contacts, messageTemplates, tags } from '../../db/schema';

/**
 * The dashboard's counts (Drizzle only, reads only): each counts one organization's rows of another
 * module's table, so a card costs one indexed count and no module's data is loaded to count it.
 */

export function countActiveContacts(db: Database, organizationId: string): Promise<number> {
  return countOf(
    db.select({ n: count() }).from(contacts).where(and(eq(contacts.organizationId, organizationId), isNull(contacts.deletedAt))),
  );
}

export function countTemplates(db: Database, organizationId: string): Promise<number> {
  return countOf(db.select({ n: count() }).from(messageTemplates).where(eq(messageTemplates.organizationId, organizationId)));
}

export function countActiveTags(db: Database, organizationId: string): Promise<number> {
  return countOf(db.select({ n: count() }).from(tags).where(and(eq(tags.organizationId, organizationId), isNull(tags.deletedAt))));
}

async function countOf(query: Promise<{ n: number }[]>): Promise<number> {
  const [row] = await query;
  return Number(row?.n ?? 0);
}
