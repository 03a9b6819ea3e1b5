import type { Readable } from 'node:stream';
import type { Multipart } from '@fastify/multipart';
import { importTagSchema, INVALID_CSV_FILE, CSV_TOO_LARGE, isAcceptableCsvFile, recordedFileName } from '@shared/validation/contact-import';
import { validate } from '@shared/validation/first-error';
import { DomainError, invalidInput, tooLarge } from '../../lib/domain-error';
import { multipartBodyError, multipartLimitError } from '../../lib/multipart-errors';
import { checkCsvStream, type CheckedCsv } from './csv-rows';

const ONE_FILE = 'Upload one CSV file at a time';
const BROKEN_UPLOAD = 'The upload was cut short or is not valid multipart/form-data. Choose the file and import it again.';

/** An import upload once it is complete: the tag name checked by the shared rules, the file row by row. */
export interface CsvUpload {
  tagName: string;
  fileName: string;
  rows: CheckedCsv;
}

const UPLOAD_MESSAGES = { tooLarge: CSV_TOO_LARGE, oneFile: ONE_FILE, broken: BROKEN_UPLOAD };

/** An error the request body itself raised while it was read. */
function bodyError(error: unknown): unknown {
  return multipartBodyError(error, UPLOAD_MESSAGES);
}

/** The next part of the body; the parser's errors are the body's. */
async function nextPart(parts: AsyncIterableIterator<Multipart>): Promise<Multipart | undefined> {
  try {
    const next = await parts.next();
    return next.done ? undefined : next.value;
  } catch (error) {
    throw bodyError(error);
  }
}

/** The file part checked as it streams in; an error the part's own stream raised is the body's. */
async function checkFilePart(file: Readable, betweenSlices?: () => Promise<void>): Promise<CheckedCsv> {
  let streamError: unknown;
  file.once('error', (error) => {
    streamError = error;
  });
  try {
    return await checkCsvStream(file, betweenSlices);
  } catch (error) {
    // The check's own refusal (a record over 64 KB, a bad header) stops reading the part, and the
    // part's stream then fails as cut short: that is the refusal's consequence, not its cause.
    if (error instanceof DomainError) throw error;
    const fromBody = file.errored ?? streamError;
    throw fromBody ? bodyError(fromBody) : error;
  }
}

async function readParts(
  parts: AsyncIterableIterator<Multipart>,
  betweenSlices: (() => Promise<void>) | undefined,
): Promise<{ tagName: unknown; fileName: string; rows: CheckedCsv }> {
  let tagName: unknown;
  let file: { fileName: string; rows: CheckedCsv } | undefined;
  for (let part = await nextPart(parts); part; part = await nextPart(parts)) {
    if (part.type === 'field') {
      if (part.fieldname === 'tagName') tagName = part.value;
      continue;
    }
    if (part.fieldname !== 'file' || file) throw invalidInput(ONE_FILE);
    if (!isAcceptableCsvFile({ name: part.filename, type: part.mimetype })) throw invalidInput(INVALID_CSV_FILE);
    const rows = await checkFilePart(part.file, betweenSlices);
    if (part.file.truncated) throw tooLarge(CSV_TOO_LARGE);
    file = { fileName: recordedFileName(part.filename), rows };
  }
  if (!file) throw invalidInput(INVALID_CSV_FILE);
  return { tagName, ...file };
}

/**
 * Reads POST /tags/import's multipart body: `file` and `tagName`, in either order. The file is checked
 * while it streams in (the parser's byte limit stops it at CSV_MAX_BYTES, nothing is buffered whole).
 * A multipart body has no route schema, so the tag name is checked here, with the same shared schema a
 * JSON body would be. `betweenSlices` runs between the file's slices (checkCsvStream).
 */
export async function readCsvUpload(parts: AsyncIterableIterator<Multipart>, betweenSlices?: () => Promise<void>): Promise<CsvUpload> {
  let upload: Awaited<ReturnType<typeof readParts>>;
  try {
    upload = await readParts(parts, betweenSlices);
  } catch (error) {
    throw multipartLimitError(error, UPLOAD_MESSAGES);
  }
  const checked = validate(importTagSchema, { tagName: upload.tagName });
  if (!checked.ok) throw invalidInput(checked.message);
  return { ...upload, tagName: checked.value.tagName };
}
