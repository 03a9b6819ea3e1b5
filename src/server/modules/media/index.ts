/** The media module's public face: what other modules, app.ts and the seed may use. */
export { type CheckedFile, checkMediaFile } from './file-check';
export { mediaCacheControl, mediaContentHeaders } from './media-content-headers';
export { mediaPlugin } from './media-plugin';
export { deleteMediaFileRow, findMediaFile, insertMediaFiles, type MediaFileRow, type NewMediaFile, setMetaMediaId } from './media-service';
export { mediaDirOf, openMediaStore } from './stores/open-media-store';
export { DiskMediaStore } from './stores/disk-media-store';
export { migrateMedia, type MediaMigrationReport } from './media-migration';
export type { MediaStore, StagedFile, StorageKey } from './stores/media-store';
export { MissingMediaObject } from './stores/missing-media-object';
export { receiveUpload, UPLOAD_LIMITS } from './media-upload';
export { MediaUrlSigner } from './media-url-signer';
export { cleanFileName } from './file-name';
export { checkTemplateHeader, headerForSend, headerParameter, isHeaderFile, type TemplateHeaderSource, uploadHeaderFile, withHeaderParameter } from './template-header';
export { receiveTemplateHeader } from './template-header-upload';
