import Papa from 'papaparse';
import type { RecipientRow } from './broadcast-analytics-repository';

/** A broadcast's recipient list as CSV, written batch by batch so a large list never sits in memory whole. */

const HEADER = ['Name', 'Phone number', 'State', 'Message status', 'Error code', 'Error message', 'Sent at', 'Delivered at', 'Read at', 'Replied at'];

/**
 * Cells a spreadsheet would run as a formula (starting with = + - @, also after spaces, which spreadsheets
 * skip, or with a tab or a carriage return) get a leading quote. A plain signed number such as a phone
 * number (+971501234567) cannot run anything and is written as it is.
 */
const FORMULA = /^(?![+-]?\d+(\.\d+)?$)(?:[\t\r]|\s*[=+\-@])/;

/** Excel reads a file as UTF-8 (Arabic names, for instance) only when it starts with a byte order mark. */
const BYTE_ORDER_MARK = '\ufeff';

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

const unparse = (rows: string[][]) => Papa.unparse(rows, { escapeFormulae: FORMULA, newline: '\r\n' });

/** The CSV text, one chunk per batch of rows: the header first, then each batch's lines. */
export async function* recipientsCsv(batches: AsyncIterable<RecipientRow[]>): AsyncGenerator<string> {
  yield `${BYTE_ORDER_MARK}${unparse([HEADER])}\r\n`;
  for await (const batch of batches) {
    if (batch.length > 0) yield `${unparse(batch.map(toCells))}\r\n`;
  }
}

/** The download's file name: the template's name, kept to characters every file system accepts. */
export function recipientsCsvFileName(templateName: string): string {
  return `broadcast-${templateName.replace(/[^A-Za-z0-9_-]+/g, '_')}-recipients.csv`;
}
