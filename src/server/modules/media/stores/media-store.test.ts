/** @jest-environment node */
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { startS3TestServer, type S3TestServer } from '../../../testing/s3-test-server';
import { DiskMediaStore } from './disk-media-store';
import type { MediaStore } from './media-store';
import { MissingMediaObject } from './missing-media-object';
import { S3MediaStore } from './s3-media-store';

/** The same contract, held by both stores: what one process keeps, the store gives back whole, and nothing else. */

let s3: S3TestServer;
const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'parley-store-'));
  folders.push(dir);
  return dir;
};

beforeAll(async () => {
  s3 = await startS3TestServer();
});
afterAll(async () => {
  await s3.close();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

const stores: Array<[string, () => MediaStore & { close?(): void }]> = [
  ['DATA_DIR', () => new DiskMediaStore(folder())],
  ['an S3-compatible bucket', () => new S3MediaStore(s3.settings(`test-${randomUUID()}`), folder())],
];

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

async function listed(store: MediaStore): Promise<string[]> {
  const keys: string[] = [];
  for await (const page of store.list()) keys.push(...page.map((object) => object.storageKey));
  return keys.sort();
}

const newFile = (organizationId = randomUUID()) => ({ id: randomUUID(), organizationId });

describe.each(stores)('media kept in %s', (_name, open) => {
  let store: MediaStore & { close?(): void };
  beforeEach(() => {
    store = open();
  });
  afterEach(() => store.close?.());

  it('keeps a checked upload and gives back the same bytes, streamed and as a local file', async () => {
    const file = newFile();
    const data = randomBytes(200_000);
    const staged = await store.stage(file);
    writeFileSync(staged.path, data);
    await store.keep(staged, 'image/png');

    expect(staged.storageKey).toBe(`${file.organizationId}/${file.id}`);
    expect(await store.has(staged.storageKey)).toBe(true);
    expect((await bytesOf(await store.read(staged.storageKey))).equals(data)).toBe(true);
    const local = await store.withLocalFile(staged.storageKey, async (filePath) => readFileSync(filePath));
    expect(local.equals(data)).toBe(true);
  });

  it('streams a file larger than one upload part (12 MB) and keeps it whole', async () => {
    const data = randomBytes(12 * 1024 * 1024);
    const staged = await store.stage(newFile());
    writeFileSync(staged.path, data);
    await store.keep(staged, 'video/mp4');
    expect((await bytesOf(await store.read(staged.storageKey))).equals(data)).toBe(true);
  });

  it('leaves nothing behind for a refused upload', async () => {
    const staged = await store.stage(newFile());
    writeFileSync(staged.path, Buffer.from('MZ not a file WhatsApp takes'));
    await store.discard(staged);
    expect(existsSync(staged.path)).toBe(false);
    expect(await store.has(staged.storageKey)).toBe(false);
  });

  it('writes downloaded bytes, lists every object by its key, and removes one (twice is fine)', async () => {
    const organizationId = randomUUID();
    const first = await store.write(newFile(organizationId), Buffer.from('first'), 'text/plain');
    const second = await store.write(newFile(organizationId), Buffer.from('second'), 'text/plain');
    expect(await listed(store)).toEqual([first, second].sort());

    await store.remove(first);
    await store.remove(first);
    expect(await listed(store)).toEqual([second]);
    expect(await store.has(first)).toBe(false);
  });

  it('reports a key that holds nothing as a missing object', async () => {
    await expect(store.read(`${randomUUID()}/${randomUUID()}`)).rejects.toBeInstanceOf(MissingMediaObject);
  });
});
