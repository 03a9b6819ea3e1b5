import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Media bytes live in files under DATA_DIR/media/<organization>/<media file id>; the rows keep the storage key. */

/** Where media files live under DATA_DIR. */
export const mediaDirOf = (dataDir: string) => path.join(dataDir, 'media');

/**
 * Where a new media file's bytes go, its folder created: the storage key (relative to the media folder,
 * so DATA_DIR can move) and the path to write.
 */
export async function newMediaFile(mediaDir: string, file: { id: string; organizationId: string }): Promise<{ storageKey: string; path: string }> {
  const storageKey = `${file.organizationId}/${file.id}`;
  await mkdir(path.join(mediaDir, file.organizationId), { recursive: true });
  return { storageKey, path: mediaPath(mediaDir, storageKey) };
}

/** Writes a media file's bytes to <media folder>/<organization>/<media file id>; answers its storage key. */
export async function writeMediaFile(mediaDir: string, file: { id: string; organizationId: string }, data: Buffer): Promise<string> {
  const target = await newMediaFile(mediaDir, file);
  await writeFile(target.path, data);
  return target.storageKey;
}

/** Removes a stored file's bytes (a file already gone is fine). */
export async function removeMediaFile(mediaDir: string, storageKey: string): Promise<void> {
  await rm(mediaPath(mediaDir, storageKey), { force: true });
}

/** Where a stored file's bytes are. */
export function mediaPath(mediaDir: string, storageKey: string): string {
  return path.join(mediaDir, storageKey);
}
