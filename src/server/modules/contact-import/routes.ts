import multipart, { type Multipart } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ContactImportResult } from '@shared/api/contact-import';
import { CSV_MAX_BYTES } from '@shared/constants';
import { CSV_TOO_LARGE, importTagSchema, INVALID_CSV_FILE, isAcceptableCsvFile } from '@shared/validation/contact-import';
import { invalidInput, tooLarge } from '../../lib/domain-error';
import { parse } from '../../lib/validate';
import { authOf } from '../../plugins/access';
import { findTag } from '../tags/tag-store';
import { checkCsvStream, type CheckedCsv } from './csv-rows';
import { writeImport } from './import-writer';

const ONE_FILE = 'Upload one CSV file at a time';

/** @fastify/multipart's limit errors, said the way the import screen's users need to hear them. */
function uploadError(error: unknown): unknown {
  const code = (error as { code?: string } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(CSV_TOO_LARGE);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return invalidInput(ONE_FILE);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return invalidInput('Send the file as multipart/form-data');
  return error;
}

interface Upload {
  tagName: unknown;
  fileName: string;
  rows: CheckedCsv;
}

/**
 * POST /tags/import (SPEC.md section 7): multipart with `file` and `tagName`, in either order. The file is
 * checked while it streams in (10 MB at most, enforced by the parser's byte limit, not after buffering);
 * the database transaction starts only once the upload is complete, so a slow upload never holds one open.
 */
export async function contactImportRoutes(app: FastifyInstance): Promise<void> {
  // Registered here, in this plugin's own scope: only the import route takes multipart bodies.
  await app.register(multipart, { limits: { fileSize: CSV_MAX_BYTES, files: 1, fields: 4, parts: 5 } });

  async function readUpload(parts: AsyncIterableIterator<Multipart>): Promise<Upload> {
    let tagName: unknown;
    let file: { fileName: string; rows: CheckedCsv } | undefined;
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === 'tagName') tagName = part.value;
        continue;
      }
      const upload = part;
      if (upload.fieldname !== 'file' || file) throw invalidInput(ONE_FILE);
      if (!isAcceptableCsvFile({ name: upload.filename, type: upload.mimetype })) throw invalidInput(INVALID_CSV_FILE);
      const rows = await checkCsvStream(upload.file);
      if (upload.file.truncated) throw tooLarge(CSV_TOO_LARGE);
      file = { fileName: upload.filename, rows };
    }
    if (!file) throw invalidInput(INVALID_CSV_FILE);
    return { tagName, ...file };
  }

  app.post('/import', { config: { access: 'contacts:import' } }, async (request): Promise<ContactImportResult> => {
    const auth = authOf(request);
    let upload: Upload;
    try {
      upload = await readUpload(request.parts());
    } catch (error) {
      throw uploadError(error);
    }
    const { tagName } = parse(importTagSchema, { tagName: upload.tagName });
    const { rows } = upload;
    const stats = { totalRows: rows.totalRows, created: 0, updated: 0, errors: rows.errorCount };

    if (rows.contacts.length === 0) {
      const message = rows.totalRows === 0
        ? 'The file has no contacts: add rows under the header line'
        : 'No contacts were imported: every row has an error';
      return { success: false, message, stats, tag: null, errors: rows.errors };
    }

    // Importing needs only contacts:import: tagging the imported contacts is part of what an import is.
    const written = await writeImport(app.db, {
      organizationId: auth.organizationId,
      userId: auth.userId,
      tagName,
      fileName: upload.fileName,
      contacts: rows.contacts,
    });
    const tag = await findTag(app.db, auth.organizationId, written.tagId);
    app.maintenance.afterBulkWrite();
    stats.created = written.created;
    stats.updated = written.updated;
    const skipped = rows.errorCount > 0 ? `, ${rows.errorCount} skipped` : '';
    return {
      success: true,
      message: `Imported ${written.created + written.updated} contacts (${written.created} new, ${written.updated} updated${skipped})`,
      stats,
      tag: tag && { id: tag.id, name: tag.name, contactCount: tag.contactCount },
      errors: rows.errors,
    };
  });
}
