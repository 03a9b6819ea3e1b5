/**
 * What the inbox may send, by WhatsApp's rules: each kind's accepted MIME types and largest size. The
 * server checks an upload's type from its bytes, never from its name; the picker uses the same table.
 */
export const MEDIA_KINDS = {
  image: { mimeTypes: ['image/jpeg', 'image/png'], maxBytes: 5 * 1024 * 1024 },
  video: { mimeTypes: ['video/mp4', 'video/3gpp'], maxBytes: 16 * 1024 * 1024 },
  audio: { mimeTypes: ['audio/aac', 'audio/amr', 'audio/mpeg', 'audio/mp4', 'audio/ogg'], maxBytes: 16 * 1024 * 1024 },
  document: {
    mimeTypes: [
      'application/pdf',
      'application/msword',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.ms-excel',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.ms-powerpoint',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'text/plain',
    ],
    maxBytes: 100 * 1024 * 1024,
  },
} as const;

export type MediaKind = keyof typeof MEDIA_KINDS;

/** The document extensions the picker offers. */
export const DOCUMENT_EXTENSIONS = ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'txt'] as const;

/** The largest upload of any kind: the server's multipart limit. */
export const MEDIA_MAX_BYTES = Math.max(...Object.values(MEDIA_KINDS).map((kind) => kind.maxBytes));

export function mediaKindOf(mimeType: string): MediaKind | null {
  for (const [kind, rule] of Object.entries(MEDIA_KINDS) as [MediaKind, (typeof MEDIA_KINDS)[MediaKind]][]) {
    if ((rule.mimeTypes as readonly string[]).includes(mimeType)) return kind;
  }
  return null;
}

/** "12.5 MB" */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
