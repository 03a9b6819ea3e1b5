import type { Multipart } from '@fastify/multipart';
import type { TemplateHeaderUploadResponse } from '@shared/api/template-header';
import { HEADER_MEDIA_KINDS, type HeaderMediaKind } from '@shared/templates/header-media';
import type { Queryable } from '../../db/database';
import { invalidInput } from '../../lib/domain-error';
import { uuidv7 } from '../../lib/ids';
import { checkMediaFile, UNSUPPORTED_FILE_TYPE } from './file-check';
import { cleanFileName } from './file-name';
import { insertMediaFiles } from './media-files-repository';
import type { MediaStore, StagedFile } from './stores/media-store';
import { receiveUpload } from './media-upload';

const isHeaderKind = (kind: string): kind is HeaderMediaKind => (HEADER_MEDIA_KINDS as readonly string[]).includes(kind);

/**
 * POST /media/template-header: a file for a template's media header, staged and checked through the
 * same checks as a chat upload (type by content, WhatsApp's limit for its kind), stored for no
 * contact, then kept in the media store. Meta gets it only when a send starts (its media ids expire after 30 days). An audio file,
 * which no header shows, is refused and removed.
 */
export async function receiveTemplateHeader(
  db: Queryable,
  store: MediaStore,
  organizationId: string,
  upload: { parts: AsyncIterableIterator<Multipart>; declaredBytes?: number },
): Promise<TemplateHeaderUploadResponse> {
  const file = { id: uuidv7(), organizationId };
  let target: StagedFile | undefined;
  const received = await receiveUpload(upload.parts, {
    declaredBytes: upload.declaredBytes,
    acceptFile: async () => {
      target = await store.stage(file);
      return target.path;
    },
  });
  if (!target) throw new Error('receiveUpload returned without accepting a file');
  try {
    const checked = await checkMediaFile(target.path, received.fileName, received.sizeBytes);
    if (!isHeaderKind(checked.kind)) throw invalidInput(UNSUPPORTED_FILE_TYPE);
    const fileName = cleanFileName(received.fileName, `${checked.kind}-header`);
    await store.keep(target, checked.mimeType);
    await insertMediaFiles(db, [{
      ...file, contactId: null, storageKey: target.storageKey, mimeType: checked.mimeType, sizeBytes: received.sizeBytes, fileName, contentSha256: received.sha256,
    }]);
    return { mediaId: file.id, kind: checked.kind, mimeType: checked.mimeType, fileName, sizeBytes: received.sizeBytes };
  } catch (error) {
    await store.discard(target);
    throw error;
  }
}
