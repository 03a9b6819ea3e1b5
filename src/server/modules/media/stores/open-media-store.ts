import path from 'node:path';
import type { MediaStoreSettings } from '../../../lib/media-store-settings';
import { DiskMediaStore } from './disk-media-store';
import type { MediaStore } from './media-store';
import { S3MediaStore } from './s3-media-store';

/** Where media files live under DATA_DIR. */
export const mediaDirOf = (dataDir: string) => path.join(dataDir, 'media');

/** The configured store: a bucket when MEDIA_STORE names one (uploads staged under DATA_DIR), else DATA_DIR/media. */
export function openMediaStore(settings: MediaStoreSettings, dataDir: string): MediaStore & { close?(): void } {
  if (settings.kind === 's3') return new S3MediaStore(settings, path.join(dataDir, 'media-staging'));
  return new DiskMediaStore(mediaDirOf(dataDir));
}
