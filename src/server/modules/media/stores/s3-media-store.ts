import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client, S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { uuidv7 } from '../../../lib/ids';
import { MissingMediaObject } from './missing-media-object';
import { storageKeyOf, type MediaStore, type StagedFile, type StorageKey, type StoredObject } from './media-store';
import type { S3StoreSettings } from '../../../lib/media-store-settings';

/**
 * Media files as objects `<prefix>/<organization>/<media file id>` in an S3-compatible bucket, so every
 * process serves every file. Members still fetch them through Parley (never a presigned link: one works
 * for anyone who holds it, and the bucket cannot send Parley's `nosniff` and sandbox headers).
 * Uploads are staged in `stagingDir` while they are checked, then streamed up in parts.
 */
export class S3MediaStore implements MediaStore {
  readonly kind = 's3';
  private readonly client: S3Client;

  constructor(private readonly settings: S3StoreSettings, private readonly stagingDir: string) {
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.credentials,
    });
  }

  private objectKey(storageKey: StorageKey): string {
    return this.settings.prefix ? `${this.settings.prefix}/${storageKey}` : storageKey;
  }

  async stage(file: { id: string; organizationId: string }): Promise<StagedFile> {
    await mkdir(this.stagingDir, { recursive: true });
    return { storageKey: storageKeyOf(file), path: path.join(this.stagingDir, `${file.id}.upload`) };
  }

  async keep(staged: StagedFile, contentType: string): Promise<void> {
    try {
      await this.upload(staged.storageKey, createReadStream(staged.path), contentType);
    } finally {
      await rm(staged.path, { force: true });
    }
  }

  async discard(staged: StagedFile): Promise<void> {
    await rm(staged.path, { force: true });
    await this.remove(staged.storageKey);
  }

  async write(file: { id: string; organizationId: string }, data: Buffer, contentType: string): Promise<StorageKey> {
    const storageKey = storageKeyOf(file);
    await this.upload(storageKey, data, contentType);
    return storageKey;
  }

  /** Streamed in parts (5 MB each, a few at a time), so a 100 MB file never sits in memory whole. */
  private async upload(storageKey: StorageKey, body: Readable | Buffer, contentType: string): Promise<void> {
    const params = { Bucket: this.settings.bucket, Key: this.objectKey(storageKey), Body: body, ContentType: contentType };
    await new Upload({ client: this.client, params, queueSize: 2 }).done();
  }

  async read(storageKey: StorageKey): Promise<Readable> {
    const answer = await this.client
      .send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(storageKey) }))
      .catch((error: unknown) => {
        throw isNotFound(error) ? new MissingMediaObject(storageKey) : error;
      });
    if (!(answer.Body instanceof Readable)) throw new Error(`The media store answered ${storageKey} without a readable body`);
    return answer.Body;
  }

  async withLocalFile<T>(storageKey: StorageKey, work: (path: string) => Promise<T>): Promise<T> {
    await mkdir(this.stagingDir, { recursive: true });
    const local = path.join(this.stagingDir, `${uuidv7()}.download`);
    try {
      await pipeline(await this.read(storageKey), createWriteStream(local));
      return await work(local);
    } finally {
      await rm(local, { force: true });
    }
  }

  async has(storageKey: StorageKey): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(storageKey) }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  async remove(storageKey: StorageKey): Promise<void> {
    // S3 answers a delete of a missing key with success, so a file already gone is fine.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(storageKey) }));
  }

  async *list(): AsyncIterable<StoredObject[]> {
    const prefix = this.settings.prefix ? `${this.settings.prefix}/` : '';
    let token: string | undefined;
    do {
      const answer = await this.client.send(new ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: prefix, ContinuationToken: token }));
      const page = (answer.Contents ?? []).flatMap((object) => (object.Key
        ? [{ storageKey: object.Key.slice(prefix.length), lastModified: object.LastModified ?? new Date(0) }]
        : []));
      if (page.length > 0) yield page;
      token = answer.IsTruncated ? answer.NextContinuationToken : undefined;
    } while (token);
  }

  /** Closes the client's sockets. */
  close(): void {
    this.client.destroy();
  }
}

/** S3's answer for a key that holds nothing (NoSuchKey on GET, a bare 404 on HEAD). */
function isNotFound(error: unknown): boolean {
  return error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404;
}
