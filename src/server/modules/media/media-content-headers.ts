import { MEDIA_KINDS } from '@shared/media-kinds';

/**
 * How a stored file is served so it can never run script in Parley's origin, whatever its bytes: only
 * the image, audio and video types WhatsApp carries (and stickers) are shown inline; everything else
 * is a download, and a type outside WhatsApp's list is served as opaque bytes. `nosniff` stops the
 * browser guessing otherwise, and a sandboxing CSP applies even to a file opened on its own.
 */

const INLINE_TYPES: ReadonlySet<string> = new Set([
  ...MEDIA_KINDS.image.mimeTypes, ...MEDIA_KINDS.video.mimeTypes, ...MEDIA_KINDS.audio.mimeTypes, 'image/webp',
]);
const SERVED_TYPES: ReadonlySet<string> = new Set([...INLINE_TYPES, ...MEDIA_KINDS.document.mimeTypes]);

export const MEDIA_CONTENT_SECURITY_POLICY = "sandbox; default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'";

export function mediaContentHeaders(file: { mimeType: string; fileName: string | null; sizeBytes: number | null }): Record<string, string> {
  const inline = INLINE_TYPES.has(file.mimeType);
  const name = file.fileName ?? 'file';
  return {
    'content-type': SERVED_TYPES.has(file.mimeType) ? file.mimeType : 'application/octet-stream',
    'x-content-type-options': 'nosniff',
    'content-security-policy': MEDIA_CONTENT_SECURITY_POLICY,
    'content-disposition': `${inline ? 'inline' : 'attachment'}; ${dispositionFileName(name)}`,
    ...(file.sizeBytes !== null ? { 'content-length': String(file.sizeBytes) } : {}),
  };
}

/** Cached by the browser only (never a shared cache), until the link expires (unix seconds). */
export function mediaCacheControl(expires: number, now = Date.now()): string {
  return `private, max-age=${Math.max(0, Math.floor(expires - now / 1000))}`;
}

/** The file name in both forms browsers read: a plain ASCII fallback and the exact UTF-8 name. */
function dispositionFileName(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
