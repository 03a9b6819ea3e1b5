import { and, asc, count, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { Template, TemplateComponent, TemplatesResponse } from '@shared/api/templates';
import type { Database } from '../../db/database';
import { messageTemplates, organizations } from '../../db/schema';
import type { GraphTemplate } from '../../whatsapp/graph-types';
import { toTemplateComponents } from './template-components';

const INSERT_CHUNK = 200;
/** The value the conflicting insert proposed, in an upsert's SET. */
const sqlExcluded = (column: string) => sql.raw(`excluded.${column}`);

export interface TemplateQuery {
  status?: string;
  page: number;
  limit: number;
}

/** One page of the organization's templates, by name then language; the count comes from the database. */
export async function listTemplates(db: Database, organizationId: string, query: TemplateQuery): Promise<TemplatesResponse> {
  const conditions: SQL[] = [eq(messageTemplates.organizationId, organizationId)];
  if (query.status) conditions.push(eq(messageTemplates.status, query.status));
  const where = and(...conditions);
  const [rows, [{ total }], [organization]] = await Promise.all([
    db
      .select()
      .from(messageTemplates)
      .where(where)
      .orderBy(asc(messageTemplates.name), asc(messageTemplates.language), asc(messageTemplates.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(messageTemplates).where(where),
    db.select({ at: organizations.lastTemplateSyncAt }).from(organizations).where(eq(organizations.id, organizationId)),
  ]);
  const totalPages = Math.ceil(Number(total) / query.limit);
  return {
    data: rows.map(toTemplate),
    pagination: { page: query.page, limit: query.limit, total: Number(total), totalPages, hasNext: query.page < totalPages },
    lastTemplateSync: organization?.at?.toISOString() ?? null,
  };
}

/**
 * Replaces the organization's local templates with the WABA's: upserts every template by (name,
 * language), removes the ones Meta no longer lists, and records the sync time — in one transaction,
 * so the screen never shows half a sync.
 */
export async function replaceTemplates(db: Database, organizationId: string, remote: GraphTemplate[]): Promise<Date> {
  const syncedAt = new Date();
  const unique = new Map(remote.map((template) => [`${template.name}\u0000${template.language}`, template]));
  const rows = [...unique.values()].map((template) => ({
    organizationId,
    externalId: String(template.id),
    name: template.name,
    language: template.language,
    status: template.status,
    category: template.category,
    components: toTemplateComponents(template.components),
    syncedAt,
  }));

  await db.transaction(async (tx) => {
    for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
      await tx
        .insert(messageTemplates)
        .values(rows.slice(start, start + INSERT_CHUNK))
        .onConflictDoUpdate({
          target: [messageTemplates.organizationId, messageTemplates.name, messageTemplates.language],
          set: {
            externalId: sqlExcluded('external_id'),
            status: sqlExcluded('status'),
            category: sqlExcluded('category'),
            components: sqlExcluded('components'),
            syncedAt,
          },
        });
    }
    await tx
      .delete(messageTemplates)
      .where(and(eq(messageTemplates.organizationId, organizationId), lt(messageTemplates.syncedAt, syncedAt)));
    await tx.update(organizations).set({ lastTemplateSyncAt: syncedAt }).where(eq(organizations.id, organizationId));
  });
  return syncedAt;
}

function toTemplate(row: typeof messageTemplates.$inferSelect): Template {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    category: row.category,
    language: row.language,
    components: row.components as TemplateComponent[],
  };
}
