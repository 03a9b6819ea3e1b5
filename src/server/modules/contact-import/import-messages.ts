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

const counted = (count: number, one: string, many = `${one}s`) => `${count.toLocaleString('en')} ${count === 1 ? one : many}`;

/**
 * "6 rows: 3 new, 1 updated, 1 unchanged, 1 skipped" (the four parts always add up to the rows), a
 * sentence for names cleaned on the way in, then one for each earlier import this one completed and for
 * each interrupted import still waiting for its file.
 */
export function importedMessage(
  stats: ContactImportResult['stats'],
  completed: readonly ContactImportRow[],
  incomplete: readonly ContactImportRow[],
): string {
  const parts = [`${stats.created.toLocaleString('en')} new`, `${stats.updated.toLocaleString('en')} updated`];
  parts.push(`${stats.unchanged.toLocaleString('en')} unchanged`, `${stats.errors.toLocaleString('en')} skipped`);
  const imported = `${counted(stats.totalRows, 'row')}: ${parts.join(', ')}`;
  const sentences: string[] = [];
  if (stats.warnings > 0) {
    sentences.push(`${counted(stats.warnings, 'name was', 'names were')} cleaned to what a contact's name may hold; see the warnings.`);
  }
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
