import type { ContactImportResult } from '@shared/api/contact-import';
import type { Database } from '../../db/database';
import { importContactBatch } from '../contacts/contact-intake-service';
import { ensureImportTag, getTag } from '../tags/tags-service';
import type { ContactBatches } from './contact-batches';
import type { CsvUpload } from './csv-upload';

export interface ImportWriteRequest {
  organizationId: string;
  userId: string;
  tagName: string;
  fileName: string;
  contacts: ContactBatches;
}

export interface ImportWriteResult {
  tagId: string;
  created: number;
  updated: number;
}

/**
 * Writes a checked file in ONE transaction: the contacts, the tag on every one of them, and an activity
 * entry on each timeline. Either all of it is stored or none of it (a failure half-way rolls back), so a
 * file is never half imported and importing it again changes nothing but the timeline. Importing needs
 * only contacts:import: tagging the imported contacts is part of what an import is.
 */
export async function writeImport(db: Database, request: ImportWriteRequest): Promise<ImportWriteResult> {
  const { organizationId, userId, tagName, fileName } = request;
  return db.transaction(async (tx) => {
    const tagId = await ensureImportTag(tx, organizationId, tagName);
    const totals = { tagId, created: 0, updated: 0 };
    for (const batch of request.contacts.batches()) {
      const written = await importContactBatch(tx, { organizationId, userId, tagId, tagName, fileName }, batch);
      totals.created += written.created;
      totals.updated += written.updated;
    }
    return totals;
  });
}

/** A complete upload imported by a member: what was stored, and every bad row's line and reason. */
export async function importCsv(
  db: Database,
  importer: { organizationId: string; userId: string },
  { tagName, fileName, rows }: CsvUpload,
): Promise<ContactImportResult> {
  const stats = { totalRows: rows.totalRows, created: 0, updated: 0, errors: rows.errorCount };
  if (rows.contacts.length === 0) {
    const message = rows.totalRows === 0
      ? 'The file has no contacts: add rows under the header line'
      : 'No contacts were imported: every row has an error';
    return { success: false, message, stats, tag: null, errors: rows.errors };
  }

  const written = await writeImport(db, { ...importer, tagName, fileName, contacts: rows.contacts });
  const tag = await getTag(db, importer.organizationId, written.tagId);
  stats.created = written.created;
  stats.updated = written.updated;
  const skipped = rows.errorCount > 0 ? `, ${rows.errorCount} skipped` : '';
  return {
    success: true,
    message: `Imported ${written.created + written.updated} contacts (${written.created} new, ${written.updated} updated${skipped})`,
    stats,
    tag: { id: tag.id, name: tag.name, contactCount: tag.contactCount },
    errors: rows.errors,
  };
}
