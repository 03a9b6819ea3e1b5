import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3StoreSettings } from '../lib/media-store-settings';

export interface S3TestServer {
  /** Settings for a store in the server's bucket, under `prefix`. */
  settings(prefix?: string): S3StoreSettings;
  /** The server's URL, as S3_ENDPOINT would give it. */
  endpoint: string;
  bucket: string;
  close(): Promise<void>;
}

/** A real S3 HTTP server (s3rver) on a loopback port, with one empty bucket, its objects in a temporary folder. */
export async function startS3TestServer(bucket = 'parley-media'): Promise<S3TestServer> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'parley-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    settings: (prefix = '') => ({
      kind: 's3', bucket, prefix, region: 'us-east-1', endpoint, forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    }),
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
