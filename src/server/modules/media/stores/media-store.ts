import type { Readable } from 'node:stream';

/** A media file's place in the store: `<organization id>/<media file id>`, kept on its media_files row. */
export type StorageKey = string;

/** An upload on local disk while it is checked, before it is kept in the store. */
export interface StagedFile {
  storageKey: StorageKey;
  /** Where the upload's bytes are written and checked. */
  path: string;
}

/** One stored object, as the sweep and the migration see it. */
export interface StoredObject {
  storageKey: StorageKey;
  lastModified: Date;
}

/**
 * Where media bytes live: files under DATA_DIR, or an S3-compatible bucket shared by every process.
 * Uploads are first written to a local staged file (so their content can be checked as it arrives and
 * once whole, without ever holding a file in memory), then kept: on disk the staged file is already in
 * place, in a bucket it is streamed up and the local copy removed.
 */
export interface MediaStore {
  /** `disk` or `s3`, for logs and benches. */
  readonly kind: 'disk' | 's3';
  /** A local path for an upload's bytes; nothing is in the store until `keep`. */
  stage(file: { id: string; organizationId: string }): Promise<StagedFile>;
  /** Puts a checked staged file into the store. */
  keep(staged: StagedFile, contentType: string): Promise<void>;
  /** Drops a staged file that was refused (and anything already kept under its key). */
  discard(staged: StagedFile): Promise<void>;
  /** Stores bytes already in memory (a file downloaded from Meta); answers its key. */
  write(file: { id: string; organizationId: string }, data: Buffer, contentType: string): Promise<StorageKey>;
  /** The stored bytes, streamed. */
  read(storageKey: StorageKey): Promise<Readable>;
  /** Runs `work` with the stored bytes in a local file (a bucket's object is downloaded first, then removed). */
  withLocalFile<T>(storageKey: StorageKey, work: (path: string) => Promise<T>): Promise<T>;
  /** Whether the key holds an object. */
  has(storageKey: StorageKey): Promise<boolean>;
  /** Removes a stored object (one already gone is fine). */
  remove(storageKey: StorageKey): Promise<void>;
  /** Every stored object, in pages (for the orphan sweep and the migration). */
  list(): AsyncIterable<StoredObject[]>;
}

/** The staged key of a file: the same in both stores, so a row's key never depends on where it lives. */
export const storageKeyOf = (file: { id: string; organizationId: string }): StorageKey => `${file.organizationId}/${file.id}`;
