/** @jest-environment node */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { uuidv7 } from '../../lib/ids';
import { startS3TestServer, type S3TestServer } from '../../testing/s3-test-server';
import { appWithAdminForFile, sharedByFile } from '../../testing/test-app';
import { insertMediaFiles } from './media-files-repository';
import { OrphanMediaSweep } from './orphan-media-sweep';
import { DiskMediaStore } from './stores/disk-media-store';
import type { MediaStore } from './stores/media-store';
import { S3MediaStore } from './stores/s3-media-store';

const suite = appWithAdminForFile();
const s3 = sharedByFile<{ server: S3TestServer }>(async () => ({ server: await startS3TestServer() }), ({ server }) => server.close());
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-sweep-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const stores: Array<[string, () => MediaStore & { close?(): void }]> = [
  ['DATA_DIR', () => new DiskMediaStore(path.join(dataDir, randomUUID()))],
  ['a bucket', () => new S3MediaStore(s3.server.settings(randomUUID()), path.join(dataDir, 'staging'))],
];

const HOUR = 60 * 60_000;

describe.each(stores)('the orphan sweep over %s', (_name, open) => {
  it('removes, an hour on, the bytes no media record names, and only those', async () => {
    const store = open();
    const { organizationId } = suite;
    const recorded = { id: uuidv7(), organizationId };
    const orphan = { id: uuidv7(), organizationId };
    const recordedKey = await store.write(recorded, Buffer.from('kept'), 'text/plain');
    const orphanKey = await store.write(orphan, Buffer.from('left behind by a crash'), 'text/plain');
    const foreignKey = `${organizationId}/not-a-media-file`;
    await store.write({ id: 'not-a-media-file', organizationId }, Buffer.from('not ours to judge'), 'text/plain');
    await insertMediaFiles(suite.t.database.db, [{ ...recorded, storageKey: recordedKey, mimeType: 'text/plain', sizeBytes: 4 }]);
    const sweep = new OrphanMediaSweep(suite.t.database.db, store, suite.t.app.log);

    // Just kept: the record may be about to be written.
    expect(await sweep.sweep(new Date())).toBe(0);
    expect(await store.has(orphanKey)).toBe(true);

    expect(await sweep.sweep(new Date(Date.now() + 2 * HOUR))).toBe(1);
    expect(await store.has(orphanKey)).toBe(false);
    expect(await store.has(recordedKey)).toBe(true);
    expect(await store.has(foreignKey)).toBe(true);
    store.close?.();
  });
});
