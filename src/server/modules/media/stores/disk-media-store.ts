import { mkdir, open, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { MissingMediaObject } from './missing-media-object';
import { storageKeyOf, type MediaStore, type StagedFile, type StorageKey, type StoredObject } from './media-store';

const LIST_PAGE = 500;

/** Media files under `<dir>/<organization>/<media file id>` (DATA_DIR/media), as Parley kept them from the start. */
export class DiskMediaStore implements MediaStore {
  readonly kind = 'disk';

  constructor(private readonly dir: string) {}

  /** Where a stored file's bytes are. */
  pathOf(storageKey: StorageKey): string {
    return path.join(this.dir, storageKey);
  }

  async stage(file: { id: string; organizationId: string }): Promise<StagedFile> {
    await mkdir(path.join(this.dir, file.organizationId), { recursive: true });
    const storageKey = storageKeyOf(file);
    return { storageKey, path: this.pathOf(storageKey) };
  }

  async keep(): Promise<void> {
    // A staged file is written in its final place already.
  }

  async discard(staged: StagedFile): Promise<void> {
    await rm(staged.path, { force: true });
  }

  async write(file: { id: string; organizationId: string }, data: Buffer): Promise<StorageKey> {
    const staged = await this.stage(file);
    await writeFile(staged.path, data);
    return staged.storageKey;
  }

  async read(storageKey: StorageKey): Promise<Readable> {
    // Opened first, so a missing file fails here rather than in the middle of a response.
    const handle = await open(this.pathOf(storageKey), 'r').catch((error: NodeJS.ErrnoException) => {
      throw error.code === 'ENOENT' ? new MissingMediaObject(storageKey) : error;
    });
    return handle.createReadStream();
  }

  async withLocalFile<T>(storageKey: StorageKey, work: (path: string) => Promise<T>): Promise<T> {
    return work(this.pathOf(storageKey));
  }

  async has(storageKey: StorageKey): Promise<boolean> {
    return stat(this.pathOf(storageKey)).then((s) => s.isFile(), () => false);
  }

  async remove(storageKey: StorageKey): Promise<void> {
    await rm(this.pathOf(storageKey), { force: true });
  }

  async *list(): AsyncIterable<StoredObject[]> {
    const organizations = await readdir(this.dir, { withFileTypes: true }).catch(() => []);
    let page: StoredObject[] = [];
    for (const organization of organizations) {
      if (!organization.isDirectory()) continue;
      for (const name of await readdir(path.join(this.dir, organization.name))) {
        const storageKey = `${organization.name}/${name}`;
        const info = await stat(this.pathOf(storageKey)).catch(() => null);
        if (!info?.isFile()) continue;
        page.push({ storageKey, lastModified: info.mtime });
        if (page.length === LIST_PAGE) {
          yield page;
          page = [];
        }
      }
    }
    if (page.length > 0) yield page;
  }
}
