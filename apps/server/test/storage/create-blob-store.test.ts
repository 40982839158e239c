import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { newId } from '../../src/lib/ids.ts';
import { blobKey } from '../../src/storage/blob-key.ts';
import { createBlobStore } from '../../src/storage/create-blob-store.ts';
import { bytesOf, patternStream } from './bodies.ts';
import { startS3Server, type S3TestServer } from './s3-server.ts';

describe('the blob store chosen by configuration', () => {
  let dataDir: string;
  let server: S3TestServer;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'skald-config-'));
    server = await startS3Server();
  });

  afterAll(async () => {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is the local store under DATA_DIR/blobs without S3_BUCKET', async () => {
    const store = createBlobStore(loadConfig({ DATA_DIR: dataDir }));
    expect(store.kind).toBe('local');
    const key = blobKey(newId(), 'x');
    await store.put(key, Buffer.from('local'));
    expect(store.localPath(key)).toBe(path.join(path.resolve(dataDir), 'blobs', ...key.split('/')));
  });

  it('is S3 with S3_BUCKET set, and its start-up creates the bucket once', async () => {
    const store = createBlobStore(
      loadConfig({
        DATA_DIR: dataDir,
        S3_BUCKET: 'skald-config-test',
        S3_ENDPOINT: server.endpoint,
        S3_ACCESS_KEY_ID: server.accessKeyId,
        S3_SECRET_ACCESS_KEY: server.secretAccessKey,
      }),
    );
    try {
      expect(store.kind).toBe('s3');
      await store.init();
      await store.init();
      const key = blobKey(newId(), 'x');
      await store.put(key, Buffer.from('in the bucket'));
      expect((await bytesOf((await store.get(key))?.body ?? patternStream(0, 0))).toString()).toBe(
        'in the bucket',
      );
      expect(store.localPath(key)).toBeUndefined();
    } finally {
      await store.close();
    }
  });

  it.each([
    ['S3_ACCESS_KEY_ID', { S3_SECRET_ACCESS_KEY: 'secret' }],
    ['S3_SECRET_ACCESS_KEY', { S3_ACCESS_KEY_ID: 'id' }],
  ])('stops start-up naming %s when S3_BUCKET is set without it', (name, env) => {
    expect(() => createBlobStore(loadConfig({ S3_BUCKET: 'skald', ...env }))).toThrow(
      `${name}: required when S3_BUCKET is set`,
    );
  });
});
