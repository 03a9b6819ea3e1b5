import { openAsBlob } from 'node:fs';
import type { TemplateComponent } from '@shared/api/templates';
import { mediaKindOf } from '@shared/media-kinds';
import { HEADER_MEDIA_TEXTS, hasUnsendableHeader, headerMediaKind, type HeaderMediaKind } from '@shared/templates/header-media';
import type { Queryable } from '../../db/database';
import { invalidInput, notFound } from '../../lib/domain-error';
import type { GraphClient } from '../../whatsapp/graph-client';
import type { HeaderParameter, MediaRef, TemplateSend } from '../../whatsapp/graph-types';
import { findMediaFile, type MediaFileRow } from './media-files-repository';
import type { MediaStore } from './stores/media-store';

/**
 * A template's media header on the way to Meta: the file or link a send gives it (checked against the
 * template), the file uploaded to Meta, and the header component of the send payload.
 */

/** A checked header: an https link, or a stored header file of the organization of the template's kind. */
export type TemplateHeaderSource =
  | { kind: HeaderMediaKind; link: string; file?: undefined }
  | { kind: HeaderMediaKind; file: MediaFileRow; link?: undefined };

/** A file stored for a header belongs to no contact: only those may be given (a chat's files are the customers'). */
export const isHeaderFile = (file: MediaFileRow) => file.contactId === null && file.storageKey !== null;

/**
 * The header a send gives, checked against the template: required exactly when the template shows a
 * file; a file must be a stored header upload of the organization (another organization's answers 404
 * like a missing one) of the template's kind. A LOCATION header is refused: Parley cannot fill it.
 */
export async function checkTemplateHeader(
  db: Queryable,
  organizationId: string,
  components: readonly TemplateComponent[],
  header: { mediaId?: string; link?: string } | undefined,
): Promise<TemplateHeaderSource | null> {
  if (hasUnsendableHeader(components)) throw invalidInput(HEADER_MEDIA_TEXTS.unsendable);
  // A file id is looked up first: another organization's answers 404 like a missing one, whatever the template.
  const file = header?.mediaId ? await findMediaFile(db, organizationId, header.mediaId) : null;
  if (header?.mediaId && !file) throw notFound(HEADER_MEDIA_TEXTS.fileNotFound);
  const kind = headerMediaKind(components);
  if (!kind) {
    if (header) throw invalidInput(HEADER_MEDIA_TEXTS.notExpected);
    return null;
  }
  if (header?.link) return { kind, link: header.link };
  if (!file) throw invalidInput(HEADER_MEDIA_TEXTS.required(kind));
  if (!isHeaderFile(file)) throw notFound(HEADER_MEDIA_TEXTS.fileNotFound);
  if (mediaKindOf(file.mimeType) !== kind) throw invalidInput(HEADER_MEDIA_TEXTS.wrongKind(kind));
  return { kind, file };
}

/** The header component's one parameter: `{ type: 'image', image: { id | link } }` and the like; a document keeps its name. */
export function headerParameter(kind: HeaderMediaKind, media: MediaRef, fileName?: string | null): HeaderParameter {
  if (kind === 'image') return { type: 'image', image: media };
  if (kind === 'video') return { type: 'video', video: media };
  return { type: 'document', document: fileName ? { ...media, filename: fileName } : media };
}

/** The send with its header component first (a media header has no text parameters, so there is none yet). */
export function withHeaderParameter(template: TemplateSend, parameter: HeaderParameter): TemplateSend {
  const rest = (template.components ?? []).filter((component) => component.type !== 'header');
  return { ...template, components: [{ type: 'header', parameters: [parameter] }, ...rest] };
}

/** Uploads a stored header file to Meta (POST /{phone-number-id}/media) and answers Meta's media id. */
export async function uploadHeaderFile(client: GraphClient, store: MediaStore, file: MediaFileRow): Promise<string> {
  if (!file.storageKey) throw notFound(HEADER_MEDIA_TEXTS.fileNotFound);
  return store.withLocalFile(file.storageKey, async (path) => {
    const data = await openAsBlob(path, { type: file.mimeType });
    return client.uploadMedia({ data, mimeType: file.mimeType, fileName: file.fileName ?? `header-${file.id}` });
  });
}

/** The header parameter of a send made now (the chat's): a link as it is, a file uploaded to Meta first. */
export async function headerForSend(client: GraphClient, store: MediaStore, source: TemplateHeaderSource): Promise<HeaderParameter> {
  if (source.link !== undefined) return headerParameter(source.kind, { link: source.link });
  const id = await uploadHeaderFile(client, store, source.file);
  return headerParameter(source.kind, { id }, source.file.fileName);
}
