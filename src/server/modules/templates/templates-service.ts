import type { FastifyBaseLogger } from 'fastify';
import type { InferType } from 'yup';
import type { Template, TemplateComponent, TemplateSyncResponse, TemplatesResponse } from '@shared/api/templates';
import type { templatesQuerySchema } from '@shared/validation/templates';
import type { Database } from '../../db/database';
import { offsetOf } from '../../lib/pagination';
import { GraphError } from '../../whatsapp/graph-error';
import { toDomainError } from '../../whatsapp/graph-domain-error';
import type { GraphClient } from '../../whatsapp/graph-client';
import type { GraphTemplate } from '../../whatsapp/graph-types';
import { findTemplateSyncAt, recordTemplateSync } from '../organizations';
import { toTemplateComponents } from './template-components';
import { deleteTemplatesSyncedBefore, findTemplatePage, upsertTemplates, type TemplateRow } from './templates-repository';

export type TemplatesQuery = InferType<typeof templatesQuerySchema>;

/** One page of the organization's local templates, with the totals from the database and the last sync time. */
export async function listLocalTemplates(db: Database, organizationId: string, query: TemplatesQuery): Promise<TemplatesResponse> {
  const [{ rows, total }, syncedAt] = await Promise.all([
    findTemplatePage(db, organizationId, { status: query.status || undefined, limit: query.limit, offset: offsetOf(query) }),
    findTemplateSyncAt(db, organizationId),
  ]);
  const totalPages = Math.ceil(total / query.limit);
  return {
    data: rows.map(toTemplate),
    pagination: { page: query.page, limit: query.limit, total, totalPages, hasNext: query.page < totalPages },
    lastTemplateSync: syncedAt?.toISOString() ?? null,
  };
}

/** Pulls every template of the WhatsApp Business Account and makes the local copy match it. */
export async function syncTemplates(
  db: Database,
  client: GraphClient,
  organizationId: string,
  log: FastifyBaseLogger,
): Promise<TemplateSyncResponse> {
  let remote: GraphTemplate[];
  try {
    remote = await client.listTemplates();
  } catch (error) {
    if (error instanceof GraphError) log.warn({ organizationId, metaCode: error.metaCode, kind: error.kind }, 'template sync failed');
    throw toDomainError(error);
  }
  const syncedAt = await replaceTemplates(db, organizationId, remote);
  return { message: 'Templates synced successfully', synced: remote.length, lastTemplateSync: syncedAt.toISOString() };
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
    await upsertTemplates(tx, rows);
    await deleteTemplatesSyncedBefore(tx, organizationId, syncedAt);
    await recordTemplateSync(tx, organizationId, syncedAt);
  });
  return syncedAt;
}

function toTemplate(row: TemplateRow): Template {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    category: row.category,
    language: row.language,
    components: row.components as TemplateComponent[],
  };
}

// Broadcasts read their template, and template reviews arriving by webhook update it.
export { findTemplate, updateTemplateStatus } from './templates-repository';
