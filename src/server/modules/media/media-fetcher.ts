import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { DrainLoop } from '../../lib/drain-loop';
import {
  claimDueDownloads, recordDownload, recordDownloadFailure, type MediaFileRow,
} from './media-files-repository';
import type { MediaStore } from './stores/media-store';
import type { WhatsAppAccounts } from '../whatsapp-settings';

const MAX_DOWNLOAD_ATTEMPTS = 6;
const BATCH = 5;

/**
 * Downloads inbound media into the media store soon after the message
 * arrives — not on first view, because Meta's webhook media ids expire after 7 days and a file nobody
 * opened that week would be lost. Failures retry with backoff; after the last attempt the error stays
 * on the row.
 */
export class MediaFetcher {
  private readonly worker: DrainLoop;

  constructor(
    private readonly db: Database,
    private readonly accounts: WhatsAppAccounts,
    private readonly store: MediaStore,
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

  private async step(): Promise<boolean> {
    const claimed = await claimDueDownloads(this.db, BATCH, MAX_DOWNLOAD_ATTEMPTS);
    for (const file of claimed) await this.download(file);
    return claimed.length > 0;
  }

  private async download(file: MediaFileRow): Promise<void> {
    try {
      const client = await this.accounts.clientFor(file.organizationId);
      const info = await client.getMedia(file.metaMediaId ?? '');
      const { data, mimeType } = await client.downloadMedia(info.url);
      const storageKey = await this.store.write(file, data, info.mime_type || mimeType);
      await recordDownload(this.db, file.id, { storageKey, sizeBytes: data.length, mimeType: info.mime_type || mimeType });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.log.warn({ mediaFileId: file.id, attempts: file.downloadAttempts, error: message }, 'media download failed');
      const retryInSeconds = 30 * 4 ** (file.downloadAttempts - 1);
      await recordDownloadFailure(this.db, file.id, message, retryInSeconds);
    }
  }
}
