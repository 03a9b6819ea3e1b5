import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { MEDIA_KINDS, mediaKindOf, type MediaKind } from '@shared/media-kinds';
import { invalidInput, tooLarge } from '../../lib/domain-error';

/** What an upload is, found from its bytes. */
export interface CheckedFile {
  mimeType: string;
  kind: MediaKind;
}

export const UNSUPPORTED_FILE_TYPE = 'This file type cannot be sent on WhatsApp';
export const tooLargeFor = (maxBytes: number) => `The file is too large for WhatsApp (max ${Math.round(maxBytes / (1024 * 1024))} MB)`;

/** file-type's names for formats WhatsApp names otherwise. */
const WHATSAPP_NAME: Readonly<Record<string, string>> = {
  'audio/x-m4a': 'audio/mp4',
  'audio/ogg; codecs=opus': 'audio/ogg',
  'audio/opus': 'audio/ogg',
};

/**
 * The old Office formats share one container (Compound File Binary): the bytes prove the container,
 * and only then does the extension tell a Word, Excel or PowerPoint file apart.
 */
const COMPOUND_FILE_BY_EXTENSION: Readonly<Record<string, string>> = {
  '.doc': 'application/msword',
  '.xls': 'application/vnd.ms-excel',
  '.ppt': 'application/vnd.ms-powerpoint',
};

/** file-type is ESM only; it is loaded on first use. */
let detector: Promise<typeof import('file-type/node')> | undefined;
const fileTypeModule = () => (detector ??= import('file-type/node'));

/**
 * Checks a stored upload by its content, never its name: the type its bytes show (file-type), which
 * must be one WhatsApp takes (MEDIA_KINDS), within that kind's size limit. Plain text has no signature:
 * a `.txt` file is accepted as text/plain when its bytes are UTF-8, or UTF-16 after its byte order
 * mark, without NUL characters. Anything
 * else (an HTML page named photo.png, a program) is refused.
 */
export async function checkMediaFile(filePath: string, fileName: string, sizeBytes: number): Promise<CheckedFile> {
  const mimeType = await detectMimeType(filePath, fileName);
  const kind = mimeType ? mediaKindOf(mimeType) : null;
  if (!mimeType || !kind) throw invalidInput(UNSUPPORTED_FILE_TYPE);
  if (sizeBytes > MEDIA_KINDS[kind].maxBytes) throw tooLarge(tooLargeFor(MEDIA_KINDS[kind].maxBytes));
  return { mimeType, kind };
}

async function detectMimeType(filePath: string, fileName: string): Promise<string | null> {
  const extension = path.extname(fileName).toLowerCase();
  // A UTF-16 byte order mark can also read as an audio frame header: a .txt file is text when it decodes.
  if (extension === '.txt' && (await isUtf16Text(filePath))) return 'text/plain';
  const { fileTypeFromFile } = await fileTypeModule();
  const detected = await fileTypeFromFile(filePath);
  if (!detected) return extension === '.txt' && (await isPlainText(filePath)) ? 'text/plain' : null;
  return whatsAppMimeType(detected.mime, extension);
}

/** file-type's answer as WhatsApp names it; a Compound File by its extension; null for a file WhatsApp does not take. */
function whatsAppMimeType(detected: string, extension: string): string | null {
  if (detected === 'application/x-cfb') return COMPOUND_FILE_BY_EXTENSION[extension] ?? null;
  return WHATSAPP_NAME[detected] ?? detected;
}

/** How much of an upload checkFileHead needs (file-type reads what it needs from its start; a zip's first entries fit). */
export const FILE_HEAD_BYTES = 64 * 1024;

/**
 * The first check of an upload, on its first FILE_HEAD_BYTES while it streams, before anything is
 * written: its bytes must start like a file WhatsApp takes. Answers the most the file may then hold
 * (its kind's limit). A zip could still prove a Word, Excel or PowerPoint file only once whole, so it
 * passes here as a possible document; checkMediaFile has the last word on the whole file.
 */
export async function checkFileHead(head: Buffer, fileName: string): Promise<number> {
  const extension = path.extname(fileName).toLowerCase();
  const documentBytes = MEDIA_KINDS.document.maxBytes;
  if (extension === '.txt' && headDecodesAsText(head, utf16Encoding(head))) return documentBytes;
  const { fileTypeFromBuffer } = await fileTypeModule();
  const detected = await fileTypeFromBuffer(head);
  if (!detected) {
    if (extension === '.txt' && headDecodesAsText(head, 'utf-8')) return documentBytes;
    throw invalidInput(UNSUPPORTED_FILE_TYPE);
  }
  if (detected.mime === 'application/zip') return documentBytes;
  const mimeType = whatsAppMimeType(detected.mime, extension);
  const kind = mimeType ? mediaKindOf(mimeType) : null;
  if (!kind) throw invalidInput(UNSUPPORTED_FILE_TYPE);
  return MEDIA_KINDS[kind].maxBytes;
}

/** Whether a file's first bytes decode in `encoding` (a character cut at the end is fine) with no NUL character. */
function headDecodesAsText(head: Buffer, encoding: TextEncoding | null): boolean {
  if (!encoding) return false;
  try {
    return !new TextDecoder(encoding, { fatal: true }).decode(head, { stream: true }).includes('\u0000');
  } catch (error) {
    if (isDecodingError(error)) return false;
    throw error;
  }
}

type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be';

/** The UTF-16 encoding a byte order mark names, or null. */
function utf16Encoding(mark: Buffer): 'utf-16le' | 'utf-16be' | null {
  if (mark[0] === 0xff && mark[1] === 0xfe) return 'utf-16le';
  if (mark[0] === 0xfe && mark[1] === 0xff) return 'utf-16be';
  return null;
}

/** UTF-8 throughout, and no NUL (which no text file holds). */
async function isPlainText(filePath: string): Promise<boolean> {
  return decodesAsText(filePath, 'utf-8');
}

/** A UTF-16 byte order mark (little or big endian), then UTF-16 throughout without a NUL character. */
async function isUtf16Text(filePath: string): Promise<boolean> {
  const handle = await open(filePath);
  const mark = Buffer.alloc(2);
  try {
    await handle.read(mark, 0, 2, 0);
  } finally {
    await handle.close();
  }
  const encoding = utf16Encoding(mark);
  return encoding !== null && decodesAsText(filePath, encoding);
}

/** Whether the whole file decodes in `encoding` (a byte order mark is allowed) with no NUL character. */
async function decodesAsText(filePath: string, encoding: TextEncoding): Promise<boolean> {
  const decoder = new TextDecoder(encoding, { fatal: true });
  try {
    for await (const chunk of createReadStream(filePath)) {
      const bytes = chunk as Buffer;
      if (encoding === 'utf-8' && bytes.includes(0)) return false;
      if (decoder.decode(bytes, { stream: true }).includes('\u0000')) return false;
    }
    return !decoder.decode().includes('\u0000');
  } catch (error) {
    if (isDecodingError(error)) return false;
    throw error;
  }
}

/** A fatal TextDecoder's refusal (a TypeError, from whichever realm the decoder was made in). */
function isDecodingError(error: unknown): boolean {
  return error instanceof TypeError || (error as { code?: unknown } | null)?.code === 'ERR_ENCODING_INVALID_ENCODED_DATA';
}
