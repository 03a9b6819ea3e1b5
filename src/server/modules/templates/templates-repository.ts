import { and, asc, count, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { messageTemplates } from '../../db/schema';

/** The message_templates table's one writer and reader (Drizzle only). */

export type TemplateRow = typeof messageTemplates.$inferSelect;
export type NewTemplate = typeof messageTemplates.$inferInsert;

const INSERT_CHUNK = 200;
/** The value the conflicting insert proposed, in an upsert's SET. */
const sqlExcluded = (column: string) => sql.raw(`excluded.${column}`);

/** One page of the organization's templates (optionally of one status), by name then language, and how many there are. */
export async function findTemplatePage(
  db: Queryable,
  organizationId: string,
  page: { status?: string; limit: number; offset: number },
): Promise<{ rows: TemplateRow[]; total: number }> {
  const conditions: SQL[] = [eq(messageTemplates.organizationId, organizationId)];
  if (page.status) conditions.push(eq(messageTemplates.status, page.status));
  const where = and(...conditions);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(messageTemplates)
      .where(where)
      .orderBy(asc(messageTemplates.name), asc(messageTemplates.language), asc(messageTemplates.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(messageTemplates).where(where),
  ]);
  return { rows, total: Number(total) };
}

/** One template of the organization, or null: a foreign id and a missing one look the same. */
export async function findTemplate(db: Queryable, organizationId: string, templateId: string): Promise<TemplateRow | null> {
  const [row] = await db
    .select()
    .from(messageTemplates)
    .where(and(eq(messageTemplates.organizationId, organizationId), eq(messageTemplates.id, templateId)));
  return row ?? null;
}

/** How many templates the organization has. */
export async function countTemplates(db: Queryable, organizationId: string): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(messageTemplates).where(eq(messageTemplates.organizationId, organizationId));
  return Number(n);
}

/** Inserts the templates, or updates the one with the same (organization, name, language). */
export async function upsertTemplates(db: Queryable, rows: NewTemplate[]): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await db
      .insert(messageTemplates)
      .values(rows.slice(start, start + INSERT_CHUNK))
      .onConflictDoUpdate({
        target: [messageTemplates.organizationId, messageTemplates.name, messageTemplates.language],
        set: {
          externalId: sqlExcluded('external_id'),
          status: sqlExcluded('status'),
          category: sqlExcluded('category'),
          components: sqlExcluded('components'),
          syncedAt: sqlExcluded('synced_at'),
        },
      });
  }
}

/** Deletes the organization's templates last synced before `syncedAt`. */
export async function deleteTemplatesSyncedBefore(db: Queryable, organizationId: string, syncedAt: Date): Promise<void> {
  await db.delete(messageTemplates).where(and(eq(messageTemplates.organizationId, organizationId), lt(messageTemplates.syncedAt, syncedAt)));
}

export interface TemplateStatusChange {
  /** Meta's template id, or its name and language: whichever are given identify the template. */
  templateId: string | undefined;
  name: string | undefined;
  language: string | undefined;
  status: string;
}

/** Sets the status of the template a change names, in each of the organizations. */
export async function updateTemplateStatus(db: Queryable, organizationIds: string[], change: TemplateStatusChange): Promise<void> {
  if (organizationIds.length === 0) return;
  const byId = change.templateId ? eq(messageTemplates.externalId, change.templateId) : undefined;
  const byName =
    change.name && change.language
      ? and(eq(messageTemplates.name, change.name), eq(messageTemplates.language, change.language))
      : undefined;
  const match = byId && byName ? or(byId, byName) : byId ?? byName;
  if (!match) return;
  await db
    .update(messageTemplates)
    .set({ status: change.status })
    .where(and(inArray(messageTemplates.organizationId, organizationIds), match));
}
