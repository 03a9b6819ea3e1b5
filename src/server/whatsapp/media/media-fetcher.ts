import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { mediaFiles } from '../../db/schema';
import { DrainLoop } from '../../lib/drain-loop';
import type { WhatsAppAccounts } from '../whatsapp-accounts';

const MAX_DOWNLOAD_ATTEMPTS = 6;
const BATCH = 5;

/**
 * Downloads inbound media into DATA_DIR/media/<organization>/<media file id> soon after the message
 * arrives — not on first view, because Meta's webhook media ids expire after 7 days and a file nobody
 * opened that week would be lost. Failures retry with backoff; after the last attempt the error stays
 * on the row. The storage key is relative to the media folder, so DATA_DIR can move.
 */
export class MediaFetcher {
  private readonly worker: DrainLoop;

  constructor(
    private readonly db: Database,
    private readonly accounts: WhatsAppAccounts,
    private readonly mediaDir: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.worker = new DrainLoop('media-fetcher', () => this.step(), log, 30_000);
  }

  start(): void {
    this.worker.start();
  }

  stop(): Promise<void> {
    return this.worker.stop();
  }

  drain(): Promise<void> {
    return this.worker.drain();
  }

  /** Where a stored file's bytes are. */
  pathOf(storageKey: string): string {
    return path.join(this.mediaDir, storageKey);
  }

  private async step(): Promise<boolean> {
    const due = this.db
      .select({ id: mediaFiles.id })
      .from(mediaFiles)
      .where(
        and(
          isNull(mediaFiles.storageKey),
          isNotNull(mediaFiles.metaMediaId),
          lte(mediaFiles.nextDownloadAt, sql`now()`),
          lt(mediaFiles.downloadAttempts, MAX_DOWNLOAD_ATTEMPTS),
        ),
      )
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const claimed = await this.db
      .update(mediaFiles)
      .set({ downloadAttempts: sql`${mediaFiles.downloadAttempts} + 1`, nextDownloadAt: sql`now() + interval '5 minutes'` })
      .where(inArray(mediaFiles.id, due))
      .returning();
    for (const file of claimed) await this.download(file);
    return claimed.length > 0;
  }

  private async download(file: typeof mediaFiles.$inferSelect): Promise<void> {
    try {
      const client = await this.accounts.clientFor(file.organizationId);
      const info = await client.getMedia(file.metaMediaId ?? '');
      const { data, mimeType } = await client.downloadMedia(info.url);
      const storageKey = `${file.organizationId}/${file.id}`;
      await mkdir(path.join(this.mediaDir, file.organizationId), { recursive: true });
      await writeFile(this.pathOf(storageKey), data);
      await this.db
        .update(mediaFiles)
        .set({ storageKey, sizeBytes: data.length, mimeType: info.mime_type || mimeType, downloadError: null })
        .where(eq(mediaFiles.id, file.id));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.log.warn({ mediaFileId: file.id, attempts: file.downloadAttempts, error: message }, 'media download failed');
      const retryInSeconds = 30 * 4 ** (file.downloadAttempts - 1);
      await this.db
        .update(mediaFiles)
        .set({ downloadError: message, nextDownloadAt: sql`now() + make_interval(secs => ${retryInSeconds})` })
        .where(eq(mediaFiles.id, file.id));
    }
  }
}
