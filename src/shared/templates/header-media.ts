import type { TemplateComponent } from '../api/templates';
import { formatBytes, MEDIA_KINDS } from '../media-kinds';

/**
 * A template's media header: which kind of file it shows, and the rules a file or link given for it
 * must meet. Shared by New Broadcast, the chat's template picker and the server, so both refuse alike.
 */

/** The media header kinds Parley can send (a LOCATION header is not one of them). */
export const HEADER_MEDIA_KINDS = ['image', 'video', 'document'] as const;
export type HeaderMediaKind = (typeof HEADER_MEDIA_KINDS)[number];

const KIND_OF_FORMAT: Readonly<Record<string, HeaderMediaKind>> = { IMAGE: 'image', VIDEO: 'video', DOCUMENT: 'document' };

function headerFormat(components: readonly TemplateComponent[]): string | null {
  const header = components.find((c) => c.type === 'HEADER');
  return header && header.type === 'HEADER' && header.format !== 'TEXT' ? header.format : null;
}

/** The kind of file the template's header shows; null for a text header or none. */
export function headerMediaKind(components: readonly TemplateComponent[]): HeaderMediaKind | null {
  const format = headerFormat(components);
  return format ? (KIND_OF_FORMAT[format] ?? null) : null;
}

/** A header Parley cannot fill (LOCATION, GIF): Meta would refuse every send of the template, so it is not offered. */
export function hasUnsendableHeader(components: readonly TemplateComponent[]): boolean {
  return headerFormat(components) !== null && headerMediaKind(components) === null;
}

/** What a send gives a media header: an uploaded file of the organization, or an https link Meta fetches. */
export type TemplateHeaderInput = { mediaId: string; link?: undefined } | { link: string; mediaId?: undefined };

const ARTICLE: Record<HeaderMediaKind, string> = { image: 'an image', video: 'a video', document: 'a document' };

export const HEADER_MEDIA_TEXTS = {
  required: (kind: HeaderMediaKind) => `This template's header needs ${ARTICLE[kind]}: upload a file or paste an https link`,
  notExpected: 'This template has no media header',
  either: 'Give the header either a file or a link, not both',
  linkInvalid: 'The header link must be an https:// address',
  fileNotFound: 'Header file not found',
  wrongKind: (kind: HeaderMediaKind) => `The header file must be ${ARTICLE[kind]}`,
  wrongType: (kind: HeaderMediaKind) => `This file type cannot be ${ARTICLE[kind]} header on WhatsApp`,
  tooLarge: (kind: HeaderMediaKind) => `The file is too large for a WhatsApp ${kind} (max ${formatBytes(MEDIA_KINDS[kind].maxBytes)})`,
  unsendable: 'Templates with a location header cannot be sent yet',
} as const;

/** Meta takes a link of at most this length; a longer one is no link anyone pastes. */
export const MAX_HEADER_LINK_LENGTH = 2000;

/** Whether `value` is an https URL by its syntax alone (Parley never fetches it: Meta does). */
export function isHttpsLink(value: string): boolean {
  if (value.length > MAX_HEADER_LINK_LENGTH || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.length > 0 && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** Why a picked file cannot be the header (its declared type and size, as the server will check them by content); null when fine. */
export function headerFileProblem(file: { type: string; size: number }, kind: HeaderMediaKind): string | null {
  const rule = MEDIA_KINDS[kind];
  if (!(rule.mimeTypes as readonly string[]).includes(file.type)) return HEADER_MEDIA_TEXTS.wrongType(kind);
  if (file.size > rule.maxBytes) return HEADER_MEDIA_TEXTS.tooLarge(kind);
  return null;
}

/** The file picker's accept list for a header kind. */
export function headerAccept(kind: HeaderMediaKind): string {
  return MEDIA_KINDS[kind].mimeTypes.join(',');
}
