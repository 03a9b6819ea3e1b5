import { openConfiguredDatabase } from '../app';
import { loadConfig } from '../config';
import { DiskMediaStore, mediaDirOf, migrateMedia, openMediaStore } from '../modules/media';

/**
 * `npm run media:migrate`: copies the media files under DATA_DIR/media into the store MEDIA_STORE names
 * (run it with the servers' own environment; with the embedded database, stop the server first, since
 * only one process may open it). Safe to run again: files already copied are skipped.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (config.mediaStore.kind !== 's3') throw new Error('Set MEDIA_STORE=s3://bucket/prefix (and the bucket\'s credentials) to say where media should go.');
  const database = await openConfiguredDatabase(config);
  const target = openMediaStore(config.mediaStore, config.dataDir);
  try {
    const report = await migrateMedia(database.db, new DiskMediaStore(mediaDirOf(config.dataDir)), target, (progress) => {
      process.stdout.write(`\r${progress.copied} copied, ${progress.alreadyThere} already there, ${progress.missing.length} missing`);
    });
    process.stdout.write(`\nDone: ${report.copied} copied, ${report.alreadyThere} already in ${config.mediaStore.bucket}, ${report.missing.length} missing.\n`);
    for (const key of report.missing) process.stdout.write(`  missing under ${mediaDirOf(config.dataDir)}: ${key}\n`);
  } finally {
    target.close?.();
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`media:migrate failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
