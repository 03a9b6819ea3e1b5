import type { ContactImportResult } from '@shared/api/contact-import';
import type { ContactImportRow } from './contact-imports-repository';

/** What an import's answer says, in the words the import screen shows. */

/** A moment as the server states it, whoever reads it: '2026-05-12 14:03 UTC'. */
function moment(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

function interruptedAt(row: ContactImportRow): Date {
  return row.finishedAt ?? row.heartbeatAt;
}

/**
 * "Imported 5 contacts (3 new, 1 updated, 1 unchanged, 2 skipped)", then a sentence for each earlier
 * import this one completed and for each interrupted import still waiting for its file.
 */
export function importedMessage(
  stats: Required<ContactImportResult['stats']>,
  completed: readonly ContactImportRow[],
  incomplete: readonly ContactImportRow[],
): string {
  const parts = [`${stats.created} new`, `${stats.updated} updated`];
  if (stats.unchanged > 0) parts.push(`${stats.unchanged} unchanged`);
  if (stats.errors > 0) parts.push(`${stats.errors} skipped`);
  const imported = `Imported ${stats.created + stats.updated + stats.unchanged} contacts (${parts.join(', ')})`;
  const sentences: string[] = [];
  for (const row of completed) {
    sentences.push(`This completes the import of ${row.fileName} that was interrupted on ${moment(interruptedAt(row))}.`);
  }
  for (const row of incomplete) {
    sentences.push(
      `The import of ${row.fileName} with tag "${row.tagName}" on ${moment(row.startedAt)} was interrupted after ` +
        `${row.rowsWritten} of ${row.rowsToWrite} contacts: upload the file again to complete it.`,
    );
  }
  return sentences.length === 0 ? imported : `${imported}. ${sentences.join(' ')}`;
}

/** An import an error stopped part-way (what it stored is kept). */
export function importStoppedMessage(written: number, rowsToWrite: number): string {
  return written === 0
    ? 'The import failed because of an error on our side, and nothing was imported. Please try again.'
    : `The import stopped after ${written} of ${rowsToWrite} contacts because of an error on our side. ` +
        'Upload the file again to complete it: the contacts already imported are not imported twice.';
}
