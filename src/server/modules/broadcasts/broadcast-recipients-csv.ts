import { csvChunks, safeFileName } from '../../lib/csv-download';
import type { RecipientRow } from './broadcast-analytics-repository';

/** A broadcast's recipient list as CSV, written batch by batch so a large list never sits in memory whole. */

const HEADER = ['Name', 'Phone number', 'State', 'Message status', 'Error code', 'Error message', 'Sent at', 'Delivered at', 'Read at', 'Replied at'];

const iso = (date: Date | null) => date?.toISOString() ?? '';

function toCells(row: RecipientRow): string[] {
  return [
    row.contactName ?? '',
    row.phoneNumber,
    // "ambiguous" is what the screens call unknown: sent or not, Meta never said.
    row.state === 'ambiguous' ? 'unknown' : row.state,
    row.messageStatus ?? '',
    row.errorCode === null ? '' : String(row.errorCode),
    row.errorMessage ?? '',
    iso(row.sentAt),
    iso(row.deliveredAt),
    iso(row.readAt),
    iso(row.repliedAt),
  ];
}

/** The CSV text, one chunk per batch of rows: the header first, then each batch's lines. */
export function recipientsCsv(batches: AsyncIterable<RecipientRow[]>): AsyncGenerator<string> {
  return csvChunks(HEADER, batches, toCells);
}

/** The download's file name: the template's name, kept to characters every file system accepts. */
export function recipientsCsvFileName(templateName: string): string {
  return `broadcast-${safeFileName(templateName)}-recipients.csv`;
}
