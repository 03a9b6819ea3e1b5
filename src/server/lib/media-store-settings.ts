/**
 * MEDIA_STORE: unset keeps media under DATA_DIR; `s3://bucket/optional/prefix` puts it in that bucket.
 * The AWS SDK reads AWS_REGION, AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY as usual; S3_ENDPOINT points
 * it at an S3-compatible server (MinIO, s3rver), which also turns on path-style addressing.
 */
export interface S3StoreSettings {
  kind: 's3';
  bucket: string;
  /** Object keys start with `<prefix>/`; empty for none. */
  prefix: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  /** Unset: the SDK's usual chain (environment, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

export type MediaStoreSettings = { kind: 'disk' } | S3StoreSettings;

/** A bucket name as S3 allows it: 3–63 lowercase letters, digits, dots and hyphens. */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

export function parseMediaStore(env: NodeJS.ProcessEnv): MediaStoreSettings {
  const value = env.MEDIA_STORE?.trim();
  if (!value) return { kind: 'disk' };
  const match = /^s3:\/\/([^/]+)(?:\/(.*))?$/.exec(value);
  if (!match || !BUCKET.test(match[1])) {
    throw new Error(`MEDIA_STORE must look like s3://bucket or s3://bucket/prefix (got "${value}")`);
  }
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  return {
    kind: 's3',
    bucket: match[1],
    prefix: (match[2] ?? '').replace(/^\/+|\/+$/g, ''),
    region: env.AWS_REGION || env.AWS_DEFAULT_REGION || 'us-east-1',
    endpoint,
    forcePathStyle: endpoint !== undefined || env.S3_FORCE_PATH_STYLE === '1',
  };
}
