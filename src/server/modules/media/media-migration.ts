import { copyFile } from 'node:fs/promises';
import type { Queryable } from '../../db/database';
import { storedMediaFilesAfter } from './media-files-repository';
import type { DiskMediaStore } from './stores/disk-media-store';
import type { MediaStore } from './stores/media-store';

const PAGE = 200;

export interface MediaMigrationReport {
  /** Copied into the store by this run. */
  copied: number;
  /** Already in the store (an earlier run, or a file kept there from the start). */
  alreadyThere: number;
  /** Recorded but found in neither place: listed by key, nothing to copy. */
  missing: string[];
}

/**
 * Copies every stored media file from DATA_DIR/media into the configured store (`npm run media:migrate`),
 * so turning MEDIA_STORE on strands no file. Idempotent and resumable: a file already in the store is
 * skipped, so a run stopped half-way is simply run again. The local files are left in place (remove
 * them once the servers use the store). Each file is copied to a staging file first and streamed up
 * from there, as uploads are.
 */
export async function migrateMedia(
  db: Queryable,
  source: DiskMediaStore,
  target: MediaStore,
  onProgress: (report: MediaMigrationReport) => void = () => undefined,
): Promise<MediaMigrationReport> {
  const report: MediaMigrationReport = { copied: 0, alreadyThere: 0, missing: [] };
  let afterId: string | null = null;
  for (;;) {
    const page = await storedMediaFilesAfter(db, afterId, PAGE);
    if (page.length === 0) return report;
    for (const file of page) {
      const storageKey = file.storageKey ?? '';
      if (await target.has(storageKey)) report.alreadyThere += 1;
      else if (!(await source.has(storageKey))) report.missing.push(storageKey);
      else {
        const staged = await target.stage(file);
        await copyFile(source.pathOf(storageKey), staged.path);
        await target.keep(staged, file.mimeType);
        report.copied += 1;
      }
    }
    afterId = page[page.length - 1].id;
    onProgress(report);
  }
}
