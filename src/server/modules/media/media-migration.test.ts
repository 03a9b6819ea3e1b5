/** @jest-environment node */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { uuidv7 } from '../../lib/ids';
import { startS3TestServer, type S3TestServer } from '../../testing/s3-test-server';
import { appWithAdminForFile, sharedByFile } from '../../testing/test-app';
import { insertMediaFiles } from './media-files-repository';
import { migrateMedia } from './media-migration';
import { DiskMediaStore } from './stores/disk-media-store';
import { S3MediaStore } from './stores/s3-media-store';

const suite = appWithAdminForFile();
const s3 = sharedByFile<{ server: S3TestServer }>(async () => ({ server: await startS3TestServer() }), ({ server }) => server.close());
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-migrate-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

describe('npm run media:migrate', () => {
  it('copies every recorded file from DATA_DIR into the bucket once, resumes where it stopped, and lists what is missing', async () => {
    const source = new DiskMediaStore(path.join(dataDir, 'media'));
    const target = new S3MediaStore(s3.server.settings(randomUUID()), path.join(dataDir, 'staging'));
    const { organizationId } = suite;
    const files = Array.from({ length: 5 }, (_, i) => ({ id: uuidv7(), organizationId, body: Buffer.from(`file ${i}`) }));
    for (const file of files) await source.write(file, file.body);
    const lost = { id: uuidv7(), organizationId };
    await insertMediaFiles(suite.t.database.db, [...files, lost].map((file) => ({
      id: file.id, organizationId, storageKey: `${organizationId}/${file.id}`, mimeType: 'text/plain', sizeBytes: 6,
    })));
    // A run stopped after two files: those are in the bucket already.
    for (const file of files.slice(0, 2)) await target.write(file, file.body, 'text/plain');

    const first = await migrateMedia(suite.t.database.db, source, target);
    expect(first).toEqual({ copied: 3, alreadyThere: 2, missing: [`${organizationId}/${lost.id}`] });
    for (const file of files) expect((await bytesOf(await target.read(`${organizationId}/${file.id}`))).equals(file.body)).toBe(true);
    // The local files stay until the operator removes them.
    expect(readFileSync(source.pathOf(`${organizationId}/${files[4].id}`)).equals(files[4].body)).toBe(true);

    const again = await migrateMedia(suite.t.database.db, source, target);
    expect(again).toEqual({ copied: 0, alreadyThere: 5, missing: [`${organizationId}/${lost.id}`] });
    target.close();
  });
});
