import type { TemplateHeaderInput } from '@shared/templates/header-media';

/** A media header as a form holds it: the uploaded file's id (and the file, for the preview) or a typed link. */
export interface HeaderMediaValue {
  mode: 'file' | 'link';
  mediaId?: string;
  file?: File;
  /** A file uploaded earlier (a saved broadcast's), known by its name and size only. */
  saved?: { fileName: string; sizeBytes: number };
  link: string;
}

export const emptyHeaderMedia = (): HeaderMediaValue => ({ mode: 'file', link: '' });

/** The request's `header`: the uploaded file or the link the member chose; undefined when nothing is given. */
export function headerRequest(value: HeaderMediaValue | undefined): TemplateHeaderInput | undefined {
  if (!value) return undefined;
  if (value.mode === 'link') return value.link.trim() ? { link: value.link.trim() } : undefined;
  return value.mediaId ? { mediaId: value.mediaId } : undefined;
}

/** What the message preview shows in the header: the picked file (an image is shown), or a label. */
export function headerPreviewOf(value: HeaderMediaValue | undefined): { file?: File; label: string } | undefined {
  if (!value) return undefined;
  if (value.mode === 'file' && value.file) return { file: value.file, label: value.file.name };
  if (value.mode === 'file' && value.mediaId && value.saved) return { label: value.saved.fileName };
  if (value.mode === 'link' && value.link.trim()) return { label: value.link.trim() };
  return undefined;
}
