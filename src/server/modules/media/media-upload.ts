import { createHash, type Hash } from 'node:crypto';
import { open, rm, type FileHandle } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { Multipart } from '@fastify/multipart';
import { MEDIA_MAX_BYTES } from '@shared/media-kinds';
import { invalidInput, tooLarge } from '../../lib/domain-error';
import { multipartBodyError } from '../../lib/multipart-errors';
import { checkFileHead, FILE_HEAD_BYTES, tooLargeFor } from './file-check';

/** The upload's limits for @fastify/multipart: one file of any WhatsApp kind, and the form's few fields. */
export const UPLOAD_LIMITS = { fileSize: MEDIA_MAX_BYTES, files: 1, fields: 5, parts: 6 };
/** Room for the form's fields and part headers beside the file in a request's declared length. */
const FORM_BYTES = 64 * 1024;

const ONE_FILE = 'Upload one file at a time';
const NO_FILE = 'Choose a file to send';
export const BROKEN_UPLOAD = 'The upload was cut short or is not valid multipart/form-data. Choose the file and send it again.';

/** A received upload: its text fields (checked by `acceptFile`) and the file, written where `acceptFile` said. */
export interface ReceivedUpload {
  fields: Record<string, string>;
  fileName: string;
  sizeBytes: number;
  /** SHA-256 of the file's bytes, hex. */
  sha256: string;
}

export interface UploadReception {
  /** The request's Content-Length, when it gave one: a body declared too large is refused before it is read. */
  declaredBytes?: number;
  /**
   * Called when the file part begins, with the text fields sent before it: checks them (and whatever
   * they name) and answers where the file goes. Nothing is written before it has answered.
   */
  acceptFile(fields: Record<string, string>, fileName: string): Promise<string>;
}

/**
 * Reads POST /media/upload's multipart body. The fields come first and are checked by `acceptFile`;
 * the file's first bytes are then checked for a type WhatsApp takes (and the declared length against
 * that kind's limit) before the first byte is written, and the limit holds while the rest streams to
 * its file (never held in memory whole). On any failure the partial file is removed.
 */
export async function receiveUpload(parts: AsyncIterableIterator<Multipart>, reception: UploadReception): Promise<ReceivedUpload> {
  if ((reception.declaredBytes ?? 0) > MEDIA_MAX_BYTES + FORM_BYTES) throw tooLarge(tooLargeFor(MEDIA_MAX_BYTES));
  const fields: Record<string, string> = {};
  let file: { fileName: string; sizeBytes: number; sha256: string } | undefined;
  let path: string | undefined;
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file' || file) throw invalidInput(ONE_FILE);
      path = await reception.acceptFile(fields, part.filename);
      const hash = createHash('sha256');
      const counted = { bytes: 0 };
      await pipeline(part.file, checkedChunks({ fileName: part.filename, declaredBytes: reception.declaredBytes, hash, counted }), fileWriter(path));
      if (part.file.truncated) throw tooLarge(tooLargeFor(MEDIA_MAX_BYTES));
      file = { fileName: part.filename, sizeBytes: counted.bytes, sha256: hash.digest('hex') };
    }
    if (!file) throw invalidInput(NO_FILE);
    return { fields, ...file };
  } catch (error) {
    if (path) await rm(path, { force: true });
    throw multipartBodyError(error, { tooLarge: tooLargeFor(MEDIA_MAX_BYTES), oneFile: ONE_FILE, broken: BROKEN_UPLOAD });
  }
}

interface ChunkCheck {
  fileName: string;
  declaredBytes: number | undefined;
  hash: Hash;
  /** The bytes passed on so far. */
  counted: { bytes: number };
}

/**
 * The file's bytes, held back until its head is checked (checkFileHead), then passed on within the
 * limit of the kind the head shows; hashed on the way.
 */
function checkedChunks(check: ChunkCheck) {
  return async function* checked(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
    let head: Buffer[] = [];
    let headBytes = 0;
    let maxBytes: number | null = null;
    const passOn = (chunk: Buffer, limit: number) => {
      check.counted.bytes += chunk.length;
      if (check.counted.bytes > limit) throw tooLarge(tooLargeFor(limit));
      check.hash.update(chunk);
      return chunk;
    };
    for await (const chunk of chunks) {
      if (maxBytes !== null) {
        yield passOn(chunk, maxBytes);
        continue;
      }
      head.push(chunk);
      headBytes += chunk.length;
      if (headBytes < FILE_HEAD_BYTES) continue;
      maxBytes = await limitFromHead(Buffer.concat(head), check);
      yield passOn(Buffer.concat(head), maxBytes);
      head = [];
    }
    // A file smaller than the head: checked whole.
    if (maxBytes === null) yield passOn(Buffer.concat(head), await limitFromHead(Buffer.concat(head), check));
  };
}

/** The head's kind limit, refusing a body whose declared length already exceeds it. */
async function limitFromHead(head: Buffer, check: ChunkCheck): Promise<number> {
  const maxBytes = await checkFileHead(head, check.fileName);
  if ((check.declaredBytes ?? 0) > maxBytes + FORM_BYTES) throw tooLarge(tooLargeFor(maxBytes));
  return maxBytes;
}

/** Writes the chunks to a file created only when the first one arrives (so a refused head leaves no file at all). */
function fileWriter(path: string) {
  return async function write(chunks: AsyncIterable<Buffer>): Promise<void> {
    let handle: FileHandle | undefined;
    try {
      for await (const chunk of chunks) {
        handle ??= await open(path, 'w');
        await handle.write(chunk);
      }
      handle ??= await open(path, 'w');
    } finally {
      await handle?.close();
    }
  };
}
