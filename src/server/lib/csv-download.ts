import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import Papa from 'papaparse';
import { CSV_FORMULA_CELL } from '@shared/csv/formula-guard';

/** CSV downloads: written batch by batch, so a large list never sits in memory whole, and formula-safe. */

/** Excel reads a file as UTF-8 (Arabic names, for instance) only when it starts with a byte order mark. */
const BYTE_ORDER_MARK = '\ufeff';

const unparse = (rows: string[][]) => Papa.unparse(rows, { escapeFormulae: CSV_FORMULA_CELL, newline: '\r\n' });

/** The CSV text, one chunk per batch of rows: the header first, then each batch's lines. */
export async function* csvChunks<Row>(header: readonly string[], batches: AsyncIterable<Row[]>, toCells: (row: Row) => string[]): AsyncGenerator<string> {
  yield `${BYTE_ORDER_MARK}${unparse([[...header]])}\r\n`;
  for await (const batch of batches) {
    if (batch.length > 0) yield `${unparse(batch.map(toCells))}\r\n`;
  }
}

/** A file name every file system accepts: anything else becomes `_`. */
export function safeFileName(name: string): string {
  return name.replace(/[^A-Za-z0-9_-]+/g, '_');
}

/** Sends the chunks as a download named `fileName`, streamed as they are produced. */
export function sendCsv(reply: FastifyReply, fileName: string, chunks: AsyncIterable<string>): FastifyReply {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(chunks));
}
