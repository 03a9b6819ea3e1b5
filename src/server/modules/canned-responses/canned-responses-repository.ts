import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { CannedResponse, CannedResponsePage } from '@shared/api/canned-responses';
import type { Queryable } from '../../db/database';
import { cannedResponses } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import { isUuid } from '../../lib/ids';
import { offsetOf, toPage, type PageRequest } from '../../lib/pagination';

/** The canned responses repository owns canned_responses. */

type CannedResponseRow = typeof cannedResponses.$inferSelect;

function toCannedResponse(row: CannedResponseRow): CannedResponse {
  return {
    id: row.id,
    shortcut: row.shortcut,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const ofOrganization = (organizationId: string, id: string) =>
  and(eq(cannedResponses.organizationId, organizationId), eq(cannedResponses.id, id));

/** A page of the organization's canned responses by shortcut, in any case (the unique lower(shortcut) index serves the order). */
export async function listCannedResponses(db: Queryable, organizationId: string, page: PageRequest): Promise<CannedResponsePage> {
  const where = eq(cannedResponses.organizationId, organizationId);
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(cannedResponses).where(where),
    db
      .select()
      .from(cannedResponses)
      .where(where)
      .orderBy(sql`lower(${cannedResponses.shortcut})`, asc(cannedResponses.id))
      .limit(page.limit)
      .offset(offsetOf(page)),
  ]);
  return toPage(rows.map(toCannedResponse), page, Number(total));
}

/** One of the organization's canned responses, or null: a foreign id and a missing one look the same. */
export async function findCannedResponse(db: Queryable, organizationId: string, id: string): Promise<CannedResponse | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(cannedResponses).where(ofOrganization(organizationId, id));
  return row ? toCannedResponse(row) : null;
}

/** The organization's canned response with this shortcut in any case, or null. */
export async function findCannedResponseByShortcut(db: Queryable, organizationId: string, shortcut: string): Promise<CannedResponse | null> {
  const [row] = await db
    .select()
    .from(cannedResponses)
    .where(and(eq(cannedResponses.organizationId, organizationId), sql`lower(${cannedResponses.shortcut}) = lower(${shortcut})`));
  return row ? toCannedResponse(row) : null;
}

/** The new canned response, or null when the organization already has its shortcut (in any case). */
export async function insertCannedResponse(
  db: Queryable,
  organizationId: string,
  values: { shortcut: string; content: string; createdByUserId: string },
): Promise<CannedResponse | null> {
  const [created] = await db
    .insert(cannedResponses)
    .values({ organizationId, ...values })
    .onConflictDoNothing()
    .returning();
  return created ? toCannedResponse(created) : null;
}

/**
 * The canned response changed, null when the organization has no such one, or 'taken' when another of
 * its canned responses has the shortcut.
 */
export async function updateCannedResponse(
  db: Queryable,
  organizationId: string,
  id: string,
  values: { shortcut: string; content: string },
): Promise<CannedResponse | null | 'taken'> {
  if (!isUuid(id)) return null;
  try {
    const [updated] = await db.update(cannedResponses).set(values).where(ofOrganization(organizationId, id)).returning();
    return updated ? toCannedResponse(updated) : null;
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken';
    throw error;
  }
}

/** Whether the organization had the canned response, now deleted. */
export async function deleteCannedResponse(db: Queryable, organizationId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const deleted = await db.delete(cannedResponses).where(ofOrganization(organizationId, id)).returning({ id: cannedResponses.id });
  return deleted.length > 0;
}
