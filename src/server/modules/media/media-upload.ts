import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { Multipart } from '@fastify/multipart';
import { MEDIA_MAX_BYTES } from '@shared/media-kinds';
import { invalidInput, tooLarge } from '../../lib/domain-error';
import { tooLargeFor } from './file-check';

/** The upload's limits for @fastify/multipart: one file of any WhatsApp kind, and the form's few fields. */
export const UPLOAD_LIMITS = { fileSize: MEDIA_MAX_BYTES, files: 1, fields: 5, parts: 6 };

const ONE_FILE = 'Upload one file at a time';
const NO_FILE = 'Choose a file to send';

/** A received upload: its text fields (unchecked) and the file, written to `path`. */
export interface ReceivedUpload {
  fields: Record<string, string>;
  fileName: string;
  sizeBytes: number;
}

/** @fastify/multipart's limit errors, said the way the inbox's users need to hear them. */
function uploadError(error: unknown): unknown {
  const code = (error as { code?: string } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(tooLargeFor(MEDIA_MAX_BYTES));
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return invalidInput(ONE_FILE);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return invalidInput('Send the file as multipart/form-data');
  return error;
}

/**
 * Reads POST /media/upload's multipart body: the text fields, and the one `file` part streamed to
 * `path` as it arrives (never held in memory whole; the parser stops it at the largest size WhatsApp
 * takes). On any failure the partial file is removed.
 */
export async function receiveUpload(parts: AsyncIterableIterator<Multipart>, path: string): Promise<ReceivedUpload> {
  const fields: Record<string, string> = {};
  let file: { fileName: string; sizeBytes: number } | undefined;
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file' || file) throw invalidInput(ONE_FILE);
      await pipeline(part.file, createWriteStream(path));
      if (part.file.truncated) throw tooLarge(tooLargeFor(MEDIA_MAX_BYTES));
      file = { fileName: part.filename, sizeBytes: (await stat(path)).size };
    }
    if (!file) throw invalidInput(NO_FILE);
    return { fields, ...file };
  } catch (error) {
    await rm(path, { force: true });
    throw uploadError(error);
  }
}
