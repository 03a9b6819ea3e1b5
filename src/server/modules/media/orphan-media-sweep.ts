import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { DrainLoop } from '../../lib/drain-loop';
import { existingMediaFileIds } from './media-files-repository';
import type { MediaStore, StoredObject } from './stores/media-store';

const SWEEP_EVERY_MS = 60 * 60_000;
/**
 * An object is kept in the store a moment before its record is written (so a record never names bytes
 * that are not there): only objects older than this, with no record, are orphans.
 */
const ORPHAN_AFTER_MS = 60 * 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Removes stored media no media_files row names any more (a crash between removing a record and its
 * bytes, or between keeping an upload and recording it), once an hour on every process (removing an
 * object twice is harmless). Only keys shaped `<organization id>/<media file id>` are considered.
 */
export class OrphanMediaSweep {
  private readonly worker: DrainLoop;

  constructor(
    private readonly db: Database,
    private readonly store: MediaStore,
    log: FastifyBaseLogger,
  ) {
    this.worker = new DrainLoop('orphan-media-sweep', () => this.sweep().then(() => false), log, SWEEP_EVERY_MS);
  }

  start(): void {
    this.worker.start({ waitForFirstPoll: true });
  }

  stop(): Promise<void> {
    return this.worker.stop();
  }

  /** One pass over the store; answers how many objects it removed. */
  async sweep(now = new Date()): Promise<number> {
    let removed = 0;
    for await (const page of this.store.list()) {
      const candidates = page.filter((object) => isOldEnough(object, now)).flatMap(withMediaFileId);
      const known = await existingMediaFileIds(this.db, candidates.map((c) => c.mediaFileId));
      for (const candidate of candidates) {
        if (known.has(candidate.mediaFileId)) continue;
        await this.store.remove(candidate.storageKey);
        removed += 1;
      }
    }
    return removed;
  }
}

const isOldEnough = (object: StoredObject, now: Date) => now.getTime() - object.lastModified.getTime() >= ORPHAN_AFTER_MS;

function withMediaFileId(object: StoredObject): Array<{ storageKey: string; mediaFileId: string }> {
  const [organizationId, mediaFileId, ...rest] = object.storageKey.split('/');
  return rest.length === 0 && UUID.test(organizationId) && UUID.test(mediaFileId ?? '') ? [{ storageKey: object.storageKey, mediaFileId }] : [];
}
