import { DOCUMENT_EXTENSIONS, formatBytes, MEDIA_KINDS, mediaKindOf, type MediaKind } from '@shared/media-kinds';

/** The picker's accept attribute: every MIME type the inbox may send, plus the document extensions (some systems name no type for them). */
export const MEDIA_ACCEPT = [
  ...Object.values(MEDIA_KINDS).flatMap((kind) => kind.mimeTypes),
  ...DOCUMENT_EXTENSIONS.map((extension) => `.${extension}`),
].join(',');

const KIND_NAMES: Readonly<Record<MediaKind, string>> = { image: 'An image', video: 'A video', audio: 'An audio file', document: 'A document' };

export const UNSUPPORTED_MEDIA_MESSAGE = `This file type cannot be sent. Choose an image (JPEG, PNG), a video (MP4, 3GP), an audio file (AAC, AMR, MP3, M4A, OGG) or a document (${DOCUMENT_EXTENSIONS.join(', ')}).`;

export type MediaCheck = { ok: true; kind: MediaKind } | { ok: false; message: string };

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * Whether a picked file can be sent, before it is uploaded: its kind by its type (or, for documents, by
 * extension when the browser names no type) and that kind's size limit. The server checks the bytes again.
 */
export function checkMediaFile(file: Pick<File, 'name' | 'type' | 'size'>): MediaCheck {
  const byType = file.type ? mediaKindOf(file.type) : null;
  const kind = byType ?? ((DOCUMENT_EXTENSIONS as readonly string[]).includes(extensionOf(file.name)) && !file.type ? 'document' : null);
  if (!kind) return { ok: false, message: UNSUPPORTED_MEDIA_MESSAGE };
  const { maxBytes } = MEDIA_KINDS[kind];
  if (file.size > maxBytes) {
    return { ok: false, message: `"${file.name}" is too large (${formatBytes(file.size)}). ${KIND_NAMES[kind]} can be at most ${formatBytes(maxBytes)}.` };
  }
  if (file.size === 0) return { ok: false, message: `"${file.name}" is empty.` };
  return { ok: true, kind };
}
