import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { BlobKey } from './blob-key.ts';
import { BlobNotFoundError, type BlobStore } from './blob-store.ts';

/**
 * Runs `work` with a file holding the blob, for tools that want paths (ffmpeg, tesseract): the
 * blob's own file on the local store, otherwise a temporary download removed afterwards. `work`
 * must not change the file — on the local store it is the stored original.
 */
export async function withLocalFile<T>(
  store: BlobStore,
  key: BlobKey,
  work: (file: string) => Promise<T>,
  options: { tempDir?: string } = {},
): Promise<T> {
  const local = store.localPath(key);
  if (local !== undefined) {
    if (!(await store.exists(key))) throw new BlobNotFoundError(key);
    return work(local);
  }
  const dir = await mkdtemp(path.join(options.tempDir ?? tmpdir(), 'skald-blob-'));
  try {
    const blob = await store.get(key);
    if (!blob) throw new BlobNotFoundError(key);
    const file = path.join(dir, randomUUID());
    await pipeline(blob.body, createWriteStream(file));
    return await work(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** withLocalFile for several blobs at once: `work` gets their files in the order of `keys`. */
export async function withLocalFiles<T>(
  store: BlobStore,
  keys: readonly BlobKey[],
  work: (files: string[]) => Promise<T>,
  options: { tempDir?: string } = {},
): Promise<T> {
  const [first, ...rest] = keys;
  if (first === undefined) return work([]);
  return withLocalFile(
    store,
    first,
    (file) => withLocalFiles(store, rest, (files) => work([file, ...files]), options),
    options,
  );
}
