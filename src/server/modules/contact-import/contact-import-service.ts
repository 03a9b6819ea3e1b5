import { Pool } from 'pg';
import type { ContactImportResult } from '@shared/api/contact-import';
import type { Database } from '../../db/database';
import { bulkLoadStatistics, importContactBatch, type ImportBatchCounts } from '../contacts';
import { ensureImportTag, getTag } from '../tags';
import type { ContactBatches } from './contact-batches';
import {
  addChunk,
  completeEarlierImports,
  finishImport,
  incompleteImports,
  insertImport,
  interruptStaleImports,
  type ContactImportRow,
} from './contact-imports-repository';
import type { CsvUpload } from './csv-upload';
import { importedMessage, importStoppedMessage } from './import-messages';
import { ImportPace, yieldToOtherWork } from './import-pace';

/**
 * How many chunks an import writes at once. PostgreSQL runs each transaction on a pooled connection of
 * its own, so two keep its server busy while this process prepares the next chunk; the embedded engine
 * runs one transaction at a time in this thread, where a second writer would only queue ahead of other
 * requests.
 */
function chunkWriters(db: Database): number {
  return (db as unknown as { $client?: unknown }).$client instanceof Pool ? 2 : 1;
}

/** A running import whose last chunk committed longer ago than this died with its process. */
export const IMPORT_STALE_SECONDS = 60;
/** How many interrupted imports an import's answer reminds the user of. */
const REMINDED_IMPORTS = 3;

export interface ImportWriteRequest {
  organizationId: string;
  userId: string;
  tagName: string;
  fileName: string;
  contacts: ContactBatches;
}

export interface ImportWriteResult extends ImportBatchCounts {
  tagId: string;
  /** Earlier imports of the same file and tag that stopped part-way and that this one completed. */
  completedImports: ContactImportRow[];
}

/** An import that stopped part-way on an error: what it had stored is kept, and the message says how far it got. */
export class ImportStoppedError extends Error {
  constructor(written: number, rowsToWrite: number, options: { cause: unknown }) {
    super(importStoppedMessage(written, rowsToWrite), options);
    this.name = 'ImportStoppedError';
  }
}

/**
 * Writes a checked file in short transactions, each a chunk of rows sized by the import's pace: the
 * contacts, the tag on every one of them, their timeline entries, and the import record's progress,
 * committed together. Between chunks the event loop serves other requests, so on the embedded
 * database (one engine, in this thread) nobody waits for the whole file.
 *
 * Outcome: every committed chunk stays. An import a crash or an error stops part-way is left partial,
 * and its record says how far it got (a crash leaves it `running` until its heartbeat is stale, then it
 * counts as interrupted). Uploading the same file again completes it: the rows already stored are
 * unchanged, so they are only tagged (already done) and nothing is stored twice, since contacts are
 * unique by number. Importing needs only contacts:import: tagging the imported contacts is part of
 * what an import is. `betweenChunks` runs after each chunk (by default, other work queued meanwhile).
 */
export async function writeImport(
  db: Database,
  request: ImportWriteRequest,
  pace = new ImportPace(),
  betweenChunks: () => Promise<void> = yieldToOtherWork,
): Promise<ImportWriteResult> {
  const { organizationId, userId, tagName, fileName, contacts } = request;
  const record = await db.transaction(async (tx) => {
    const tagId = await ensureImportTag(tx, organizationId, tagName);
    await interruptStaleImports(tx, organizationId, IMPORT_STALE_SECONDS);
    return insertImport(tx, { organizationId, userId, tagId, tagName, fileName, rowsToWrite: contacts.length });
  });
  const source = { organizationId, userId, tagId: record.tagId, tagName, fileName };
  const totals: ImportBatchCounts = { created: 0, updated: 0, unchanged: 0 };
  const keepStatisticsCurrent = bulkLoadStatistics(db);
  const chunks = contacts.chunks(() => pace.rows);
  let failed = false;

  async function writeChunks(): Promise<void> {
    for (let next = chunks.next(); !next.done && !failed; next = chunks.next()) {
      const chunk = next.value;
      // Timed from inside the transaction: the wait for the engine is other requests' time, not this chunk's.
      let started = 0;
      const counts = await db.transaction(async (tx) => {
        started = performance.now();
        const written = await importContactBatch(tx, source, chunk);
        await addChunk(tx, record.id, written);
        return written;
      });
      pace.record(chunk.e164s.length, performance.now() - started);
      totals.created += counts.created;
      totals.updated += counts.updated;
      totals.unchanged += counts.unchanged;
      await keepStatisticsCurrent(totals.created);
      await betweenChunks();
    }
  }

  const writers = await Promise.allSettled(
    Array.from({ length: chunkWriters(db) }, () =>
      writeChunks().catch((error: unknown) => {
        failed = true;
        throw error;
      }),
    ),
  );
  const failure = writers.find((writer) => writer.status === 'rejected');
  if (failure) {
    const written = totals.created + totals.updated + totals.unchanged;
    // If even this fails the record stays `running` and is reported once its heartbeat is stale.
    await finishImport(db, record.id, 'interrupted').catch(() => undefined);
    throw new ImportStoppedError(written, contacts.length, { cause: failure.reason });
  }
  const completedImports = await db.transaction(async (tx) => {
    await finishImport(tx, record.id, 'completed');
    return completeEarlierImports(tx, record);
  });
  return { tagId: record.tagId, ...totals, completedImports };
}

/**
 * A complete upload imported by a member: what was stored, every bad row's line and reason, and a
 * reminder of the organization's imports that were interrupted and not completed since.
 */
export async function importCsv(
  db: Database,
  importer: { organizationId: string; userId: string },
  { tagName, fileName, rows }: CsvUpload,
  betweenChunks?: () => Promise<void>,
): Promise<ContactImportResult> {
  const stats = { totalRows: rows.totalRows, created: 0, updated: 0, unchanged: 0, errors: rows.errorCount, warnings: rows.warningCount };
  if (rows.contacts.length === 0) {
    const message = rows.totalRows === 0
      ? 'The file has no contacts: add rows under the header line'
      : 'No contacts were imported: every row has an error';
    return { success: false, message, stats, tag: null, errors: rows.errors, warnings: rows.warnings };
  }

  const written = await writeImport(db, { ...importer, tagName, fileName, contacts: rows.contacts }, new ImportPace(), betweenChunks);
  const tag = await getTag(db, importer.organizationId, written.tagId);
  const stillIncomplete = await incompleteImports(db, importer.organizationId, REMINDED_IMPORTS);
  stats.created = written.created;
  stats.updated = written.updated;
  stats.unchanged = written.unchanged;
  return {
    success: true,
    message: importedMessage(stats, written.completedImports, stillIncomplete),
    stats,
    tag: { id: tag.id, name: tag.name, contactCount: tag.contactCount },
    errors: rows.errors,
    warnings: rows.warnings,
  };
}
