import path from 'node:path';
import { ConfigError, type Config } from '../config.ts';
import type { BlobStore } from './blob-store.ts';
import { LocalBlobStore } from './local-blob-store.ts';
import { S3BlobStore } from './s3-blob-store.ts';

export type BlobStoreConfig = Pick<
  Config,
  'DATA_DIR' | 'S3_ENDPOINT' | 'S3_BUCKET' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY'
>;

/**
 * S3 when `S3_BUCKET` is set, else files under `${DATA_DIR}/blobs`. Call `init()` at start-up:
 * it creates the directory or the bucket.
 */
export function createBlobStore(config: BlobStoreConfig): BlobStore {
  if (config.S3_BUCKET === undefined) return new LocalBlobStore(path.join(config.DATA_DIR, 'blobs'));
  const missing = (['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((name) => !config[name]);
  if (missing.length > 0) {
    const lines = missing.map((name) => `  ${name}: required when S3_BUCKET is set`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return new S3BlobStore({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    credentials: {
      accessKeyId: config.S3_ACCESS_KEY_ID ?? '',
      secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? '',
    },
  });
}
