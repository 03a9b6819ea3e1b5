import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { Multipart } from '@fastify/multipart';
import { MEDIA_MAX_BYTES } from '@shared/media-kinds';
import { invalidInput, tooLarge } from '../../lib/domain-error';
import { multipartBodyError } from '../../lib/multipart-errors';
import { tooLargeFor } from './file-check';

/** The upload's limits for @fastify/multipart: one file of any WhatsApp kind, and the form's few fields. */
export const UPLOAD_LIMITS = { fileSize: MEDIA_MAX_BYTES, files: 1, fields: 5, parts: 6 };

const ONE_FILE = 'Upload one file at a time';
const NO_FILE = 'Choose a file to send';
export const BROKEN_UPLOAD = 'The upload was cut short or is not valid multipart/form-data. Choose the file and send it again.';

/** A received upload: its text fields (unchecked) and the file, written to `path`. */
export interface ReceivedUpload {
  fields: Record<string, string>;
  fileName: string;
  sizeBytes: number;
  /** SHA-256 of the file's bytes, hex. */
  sha256: string;
}

/**
 * Reads POST /media/upload's multipart body: the text fields, and the one `file` part streamed to
 * `path` as it arrives (never held in memory whole; the parser stops it at the largest size WhatsApp
 * takes). On any failure the partial file is removed.
 */
export async function receiveUpload(parts: AsyncIterableIterator<Multipart>, path: string): Promise<ReceivedUpload> {
  const fields: Record<string, string> = {};
  let file: { fileName: string; sizeBytes: number; sha256: string } | undefined;
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file' || file) throw invalidInput(ONE_FILE);
      const hash = createHash('sha256');
      await pipeline(part.file, async function* hashed(chunks: AsyncIterable<Buffer>) {
        for await (const chunk of chunks) {
          hash.update(chunk);
          yield chunk;
        }
      }, createWriteStream(path));
      if (part.file.truncated) throw tooLarge(tooLargeFor(MEDIA_MAX_BYTES));
      file = { fileName: part.filename, sizeBytes: (await stat(path)).size, sha256: hash.digest('hex') };
    }
    if (!file) throw invalidInput(NO_FILE);
    return { fields, ...file };
  } catch (error) {
    await rm(path, { force: true });
    throw multipartBodyError(error, { tooLarge: tooLargeFor(MEDIA_MAX_BYTES), oneFile: ONE_FILE, broken: BROKEN_UPLOAD });
  }
}
