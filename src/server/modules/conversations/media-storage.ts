import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Media bytes live in files under DATA_DIR/media/<organization>/<media file id>; the rows keep the storage key. */

/** Where media files live under DATA_DIR. */
export const mediaDirOf = (dataDir: string) => path.join(dataDir, 'media');

/**
 * Writes a media file's bytes to <media folder>/<organization>/<media file id>; answers its storage key,
 * which is relative to the media folder, so DATA_DIR can move.
 */
export async function writeMediaFile(mediaDir: string, file: { id: string; organizationId: string }, data: Buffer): Promise<string> {
  const storageKey = `${file.organizationId}/${file.id}`;
  await mkdir(path.join(mediaDir, file.organizationId), { recursive: true });
  await writeFile(mediaPath(mediaDir, storageKey), data);
  return storageKey;
}

/** Where a stored file's bytes are. */
export function mediaPath(mediaDir: string, storageKey: string): string {
  return path.join(mediaDir, storageKey);
}
