import { and, eq, gt, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { mediaFiles } from '../../db/schema';

/** The media_files table's one writer and reader (Drizzle only). */

export type MediaFileRow = typeof mediaFiles.$inferSelect;
export type NewMediaFile = typeof mediaFiles.$inferInsert;

export async function insertMediaFiles(db: Queryable, rows: NewMediaFile[]): Promise<void> {
  if (rows.length > 0) await db.insert(mediaFiles).values(rows);
}

/** The organization's media file, or null (a foreign id and a missing one look the same). */
export async function findMediaFile(db: Queryable, organizationId: string, mediaId: string): Promise<MediaFileRow | null> {
  const [row] = await db.select().from(mediaFiles).where(and(eq(mediaFiles.organizationId, organizationId), eq(mediaFiles.id, mediaId)));
  return row ?? null;
}

/** The id Meta gave an uploaded file. */
export async function setMetaMediaId(db: Queryable, mediaId: string, metaMediaId: string): Promise<void> {
  await db.update(mediaFiles).set({ metaMediaId }).where(eq(mediaFiles.id, mediaId));
}

/** Deletes the organization's media file row; answers it (for its bytes), or null. */
export async function deleteMediaFileRow(db: Queryable, organizationId: string, mediaId: string): Promise<MediaFileRow | null> {
  const [row] = await db
    .delete(mediaFiles)
    .where(and(eq(mediaFiles.organizationId, organizationId), eq(mediaFiles.id, mediaId)))
    .returning();
  return row ?? null;
}

/**
 * Claims up to `limit` inbound files still to download whose time has come: each attempt is counted
 * and the file is hidden from other workers for five minutes (FOR UPDATE SKIP LOCKED, so several
 * processes never claim the same file).
 */
export async function claimDueDownloads(db: Queryable, limit: number, maxAttempts: number): Promise<MediaFileRow[]> {
  const due = db
    .select({ id: mediaFiles.id })
    .from(mediaFiles)
    .where(
      and(
        isNull(mediaFiles.storageKey),
        isNotNull(mediaFiles.metaMediaId),
        lte(mediaFiles.nextDownloadAt, sql`now()`),
        lt(mediaFiles.downloadAttempts, maxAttempts),
      ),
    )
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(mediaFiles)
    .set({ downloadAttempts: sql`${mediaFiles.downloadAttempts} + 1`, nextDownloadAt: sql`now() + interval '5 minutes'` })
    .where(inArray(mediaFiles.id, due))
    .returning();
}

export async function recordDownload(
  db: Queryable,
  id: string,
  stored: { storageKey: string; sizeBytes: number; mimeType: string },
): Promise<void> {
  await db.update(mediaFiles).set({ ...stored, downloadError: null }).where(eq(mediaFiles.id, id));
}

export async function recordDownloadFailure(db: Queryable, id: string, error: string, retryInSeconds: number): Promise<void> {
  await db
    .update(mediaFiles)
    .set({ downloadError: error, nextDownloadAt: sql`now() + make_interval(secs => ${retryInSeconds})` })
    .where(eq(mediaFiles.id, id));
}

/** Which of these media file ids have a row (any organization: the orphan sweep asks about keys it found in the store). */
export async function existingMediaFileIds(db: Queryable, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: mediaFiles.id }).from(mediaFiles).where(inArray(mediaFiles.id, ids));
  return new Set(rows.map((row) => row.id));
}

/** A page of stored files (those with bytes), in id order after `afterId`: the media migration walks them all. */
export async function storedMediaFilesAfter(db: Queryable, afterId: string | null, limit: number): Promise<MediaFileRow[]> {
  return db
    .select()
    .from(mediaFiles)
    .where(and(isNotNull(mediaFiles.storageKey), afterId ? gt(mediaFiles.id, afterId) : undefined))
    .orderBy(mediaFiles.id)
    .limit(limit);
}
