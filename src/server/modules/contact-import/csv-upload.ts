import type { Multipart } from '@fastify/multipart';
import { importTagSchema, INVALID_CSV_FILE, CSV_TOO_LARGE, isAcceptableCsvFile } from '@shared/validation/contact-import';
import { validate } from '@shared/validation/first-error';
import { invalidInput, tooLarge } from '../../lib/domain-error';
import { checkCsvStream, type CheckedCsv } from './csv-rows';

const ONE_FILE = 'Upload one CSV file at a time';

/** An import upload once it is complete: the tag name checked by the shared rules, the file row by row. */
export interface CsvUpload {
  tagName: string;
  fileName: string;
  rows: CheckedCsv;
}

/** @fastify/multipart's limit errors, said the way the import screen's users need to hear them. */
function uploadError(error: unknown): unknown {
  const code = (error as { code?: string } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(CSV_TOO_LARGE);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return invalidInput(ONE_FILE);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return invalidInput('Send the file as multipart/form-data');
  return error;
}

async function readParts(parts: AsyncIterableIterator<Multipart>): Promise<{ tagName: unknown; fileName: string; rows: CheckedCsv }> {
  let tagName: unknown;
  let file: { fileName: string; rows: CheckedCsv } | undefined;
  for await (const part of parts) {
    if (part.type === 'field') {
      if (part.fieldname === 'tagName') tagName = part.value;
      continue;
    }
    if (part.fieldname !== 'file' || file) throw invalidInput(ONE_FILE);
    if (!isAcceptableCsvFile({ name: part.filename, type: part.mimetype })) throw invalidInput(INVALID_CSV_FILE);
    const rows = await checkCsvStream(part.file);
    if (part.file.truncated) throw tooLarge(CSV_TOO_LARGE);
    file = { fileName: part.filename, rows };
  }
  if (!file) throw invalidInput(INVALID_CSV_FILE);
  return { tagName, ...file };
}

/**
 * Reads POST /tags/import's multipart body: `file` and `tagName`, in either order. The file is checked
 * while it streams in (the parser's byte limit stops it at CSV_MAX_BYTES, nothing is buffered whole).
 * A multipart body has no route schema, so the tag name is checked here, with the same shared schema a
 * JSON body would be.
 */
export async function readCsvUpload(parts: AsyncIterableIterator<Multipart>): Promise<CsvUpload> {
  let upload: Awaited<ReturnType<typeof readParts>>;
  try {
    upload = await readParts(parts);
  } catch (error) {
    throw uploadError(error);
  }
  const checked = validate(importTagSchema, { tagName: upload.tagName });
  if (!checked.ok) throw invalidInput(checked.message);
  return { ...upload, tagName: checked.value.tagName };
}
