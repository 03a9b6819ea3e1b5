import { and, eq, inArray, or } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { messageTemplates } from '../../db/schema';
import type { TemplateStatusUpdate } from './webhook-payload';

/**
 * Meta announces template reviews (approved, rejected, paused…) on the app-level webhook; the local
 * copy follows at once, so a broadcast never offers a template that just stopped being sendable.
 */
export async function applyTemplateStatus(db: Queryable, organizationIds: string[], update: TemplateStatusUpdate): Promise<void> {
  if (organizationIds.length === 0) return;
  const byId = update.templateId ? eq(messageTemplates.externalId, update.templateId) : undefined;
  const byName =
    update.name && update.language
      ? and(eq(messageTemplates.name, update.name), eq(messageTemplates.language, update.language))
      : undefined;
  const match = byId && byName ? or(byId, byName) : byId ?? byName;
  if (!match) return;
  await db
    .update(messageTemplates)
    .set({ status: update.status })
    .where(and(inArray(messageTemplates.organizationId, organizationIds), match));
}
