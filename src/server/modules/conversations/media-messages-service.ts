import { openAsBlob } from 'node:fs';
import type { MediaUrlResponse, SendMessageResponse } from '@shared/api/conversations';
import { validate } from '@shared/validation/first-error';
import { mediaUploadFieldsSchema } from '@shared/validation/conversations';
import type { InferType } from 'yup';
import type { Readable } from 'node:stream';
import type { Multipart } from '@fastify/multipart';
import { conflict, forbidden, invalidInput, notFound } from '../../lib/domain-error';
import { uuidv7 } from '../../lib/ids';
import { CONTACT_DELETED_NO_SEND, sendOutgoing, type ChatDeps } from './replies-service';
import { findOrCreateConversation } from './conversations-repository';
import { type StagedFile, deleteMediaFileRow, findMediaFile, insertMediaFiles, setMetaMediaId, type MediaFileRow, type MediaStore, MissingMediaObject, checkMediaFile, type CheckedFile, receiveUpload, cleanFileName } from '../media';
import { deleteMediaFile, isMediaVisibleTo } from './message-delivery-service';
import { conversationsShowingMedia } from './messages-repository';
import type { Viewer } from './viewer';
import { findContactRow, CONTACT_NOT_FOUND } from '../contacts';

/** Media files: sending one (checked by content, uploaded to Meta, sent as its kind), its links, and deleting it. */

export const MEDIA_NOT_FOUND = 'Media not found';
export const MEDIA_NOT_READY = 'This file has not been downloaded from WhatsApp yet';
export const MEDIA_LINK_INVALID = 'This media link is invalid or has expired';

export interface MediaDeps extends ChatDeps {
  mediaStore: MediaStore;
}

/** The form's fields must precede its file: the contact is checked before a byte of the file is stored. */
export const FIELDS_BEFORE_FILE = 'Contact is required: send the contactId field before the file';

/**
 * POST /media/upload: the fields (sent before the file) are checked by the shared rules and the contact
 * found before the file's first byte is written; the file is then streamed to its place under DATA_DIR,
 * its first bytes checked while it arrives and the whole of it once stored. The message is sent like a
 * text one (same client-id idempotency, window and configuration checks) and Meta gets the file only
 * when it is actually sent. A file that ends up in no message (refused, or a repeated client id) is
 * removed again.
 */
export async function sendMediaUpload(
  deps: MediaDeps,
  actor: Viewer,
  upload: { parts: AsyncIterableIterator<Multipart>; declaredBytes?: number },
): Promise<{ answer: SendMessageResponse; created: boolean }> {
  const file = { id: uuidv7(), organizationId: actor.organizationId };
  let accepted: { fields: InferType<typeof mediaUploadFieldsSchema>; contactId: string; staged: StagedFile } | undefined;
  const received = await receiveUpload(upload.parts, {
    declaredBytes: upload.declaredBytes,
    acceptFile: async (formFields) => {
      if (formFields.contactId === undefined) throw invalidInput(FIELDS_BEFORE_FILE);
      const checkedFields = validate(mediaUploadFieldsSchema, formFields);
      if (!checkedFields.ok) throw invalidInput(checkedFields.message);
      const contact = await findContactRow(deps.db, actor.organizationId, checkedFields.value.contactId);
      if (!contact) throw notFound(CONTACT_NOT_FOUND);
      if (contact.deletedAt) throw conflict(CONTACT_DELETED_NO_SEND);
      const staged = await deps.mediaStore.stage(file);
      accepted = { fields: checkedFields.value, contactId: contact.id, staged };
      return staged.path;
    },
  });
  if (!accepted) throw new Error('receiveUpload returned without accepting a file');
  const { fields, contactId, staged } = accepted;
  const { storageKey } = staged;
  let stored = false;
  try {
    const checked = await checkMediaFile(staged.path, received.fileName, received.sizeBytes);
    const conversation = await findOrCreateConversation(deps.db, actor.organizationId, contactId);
    const fileName = safeFileName(received.fileName, checked);
    await deps.mediaStore.keep(staged, checked.mimeType);
    await insertMediaFiles(deps.db, [{
      ...file, contactId, storageKey, mimeType: checked.mimeType, sizeBytes: received.sizeBytes, fileName, contentSha256: received.sha256,
    }]);
    stored = true;
    const caption = fields.caption || undefined;
    const outcome = await sendOutgoing(deps, actor, conversation.id, {
      messageType: checked.kind,
      content: caption ?? '',
      clientId: fields.clientId ?? uuidv7(),
      mediaId: file.id,
      deliver: async (client, to) => {
        const metaMediaId = await deps.mediaStore.withLocalFile(storageKey, async (path) => client.uploadMedia({
          data: await openAsBlob(path, { type: checked.mimeType }), mimeType: checked.mimeType, fileName,
        }));
        await setMetaMediaId(deps.db, file.id, metaMediaId);
        const sent = await client.sendMedia(to, { kind: checked.kind, media: { id: metaMediaId }, caption, filename: fileName });
        return sent.wamid;
      },
    });
    if (!outcome.created) await removeUnused(deps, actor.organizationId, file.id);
    if (outcome.replacedMediaId) await removeUnused(deps, actor.organizationId, outcome.replacedMediaId);
    return outcome;
  } catch (error) {
    if (!stored) await deps.mediaStore.discard(staged);
    else await removeUnused(deps, actor.organizationId, file.id);
    throw error;
  }
}

/** A file name fit to show and to send, with an extension of its kind when the given one leaves nothing. */
function safeFileName(given: string, checked: CheckedFile): string {
  return cleanFileName(given, `${checked.kind}-${Date.now()}`);
}

/** Removes a media file no message shows (a failed send keeps its file, for Retry). */
async function removeUnused(deps: MediaDeps, organizationId: string, mediaId: string): Promise<void> {
  if ((await conversationsShowingMedia(deps.db, organizationId, mediaId)).length > 0) return;
  const row = await deleteMediaFileRow(deps.db, organizationId, mediaId);
  if (row?.storageKey) await deps.mediaStore.remove(row.storageKey);
}

/** A file the viewer may see (else 404, like a missing one). */
async function visibleFile(deps: Pick<MediaDeps, 'db'>, viewer: Viewer, mediaId: string): Promise<MediaFileRow> {
  const row = await findMediaFile(deps.db, viewer.organizationId, mediaId);
  if (!row || !(await isMediaVisibleTo(deps.db, viewer, mediaId))) throw notFound(MEDIA_NOT_FOUND);
  return row;
}

/** The file's bytes are stored here (downloaded from Meta already). */
function storedKey(row: MediaFileRow): string {
  if (!row.storageKey) throw notFound(MEDIA_NOT_READY);
  return row.storageKey;
}

/** GET /media/{id}/url: a short-lived link to a stored file the viewer may see. */
export async function mediaLink(deps: Pick<MediaDeps, 'db' | 'mediaUrls'>, viewer: Viewer, mediaId: string): Promise<MediaUrlResponse> {
  const row = await visibleFile(deps, viewer, mediaId);
  storedKey(row);
  return deps.mediaUrls.sign(viewer.organizationId, row.id);
}

/** What the content route serves: the file's bytes, checked type, size and name. */
export interface MediaContent {
  body: Readable;
  mimeType: string;
  sizeBytes: number | null;
  fileName: string | null;
  /** Unix seconds the link stops working. */
  expires: number;
}

/**
 * GET /media/{id}/content: a file the viewer may see (another organization's, or one only in another
 * agent's conversations, answers 404 like a missing one), for a link this server signed for the
 * organization and that has not expired (else 403).
 */
export async function openMediaContent(
  deps: Pick<MediaDeps, 'db' | 'mediaUrls' | 'mediaStore'>,
  viewer: Viewer,
  mediaId: string,
  link: { expires: number; signature: string },
): Promise<MediaContent> {
  const row = await visibleFile(deps, viewer, mediaId);
  if (!deps.mediaUrls.verify(viewer.organizationId, mediaId, link.expires, link.signature)) throw forbidden(MEDIA_LINK_INVALID);
  const body = await deps.mediaStore.read(storedKey(row)).catch((error: unknown) => {
    // The record outlived its bytes (deleted from the store by hand, or a crash mid-delete): gone, like a missing file.
    throw error instanceof MissingMediaObject ? notFound(MEDIA_NOT_FOUND) : error;
  });
  return { body, mimeType: row.mimeType, sizeBytes: row.sizeBytes, fileName: row.fileName, expires: link.expires };
}

/**
 * DELETE /media/{id}: a file the viewer may see; its bytes and row go, the messages that showed it stay,
 * without media. The bytes go first: a crash in between leaves a record that reads as gone, never bytes no
 * record names (the orphan sweep removes those too, should an upload leave any).
 */
export async function deleteMedia(deps: Pick<MediaDeps, 'db' | 'mediaStore'>, viewer: Viewer, mediaId: string): Promise<void> {
  const row = await visibleFile(deps, viewer, mediaId);
  if (row.storageKey) await deps.mediaStore.remove(row.storageKey);
  if (!(await deleteMediaFile(deps.db, viewer, mediaId))) throw notFound(MEDIA_NOT_FOUND);
}
