import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.ts';
import { blobKey, BlobKeyError, type BlobKey } from '../../src/storage/blob-key.ts';
import {
  BlobSizeMismatchError,
  DEFAULT_CONTENT_TYPE,
  type BlobListEntry,
} from '../../src/storage/blob-store.ts';
import { LocalBlobStore } from '../../src/storage/local-blob-store.ts';
import { bytesOf, patternBytes, patternStream } from './bodies.ts';

const MIB = 1024 * 1024;

async function collect(iterable: AsyncIterable<BlobListEntry>): Promise<BlobListEntry[]> {
  const entries: BlobListEntry[] = [];
  for await (const entry of iterable) entries.push(entry);
  return entries;
}

/** Every file and directory under `dir`, relative to it. */
async function tree(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true });
  return entries.sort();
}

describe('the local blob store', () => {
  let parent: string;
  let store: LocalBlobStore;
  let t: string;

  beforeEach(async () => {
    parent = await mkdtemp(path.join(tmpdir(), 'skald-local-'));
    store = new LocalBlobStore(path.join(parent, 'blobs'));
    await store.init();
    t = newId();
  });

  afterEach(async () => {
    await rm(parent, { recursive: true, force: true });
  });

  const tempFiles = () => readdir(path.join(store.root, '.tmp'));

  it('leaves no blob and no temp file behind when a body fails midway', async () => {
    const key = blobKey(t, 'items', newId(), 'original');
    await expect(store.put(key, patternStream(4 * MIB, 1, { failAfter: 2 * MIB }))).rejects.toThrow(
      'the client went away',
    );
    expect(await store.exists(key)).toBe(false);
    expect(await collect(store.list(blobKey(t)))).toEqual([]);
    expect(await tempFiles()).toEqual([]);
  });

  it('leaves no temp file behind when a body has the wrong size', async () => {
    const key = blobKey(t, 'announced');
    await expect(store.put(key, patternStream(1000, 2), { size: 10 })).rejects.toThrow(BlobSizeMismatchError);
    expect(await store.exists(key)).toBe(false);
    expect(await tempFiles()).toEqual([]);
  });

  it('lets a reader that opened a blob finish reading it while it is replaced', async () => {
    const key = blobKey(t, 'proxy');
    const first = patternBytes(3 * MIB, 3);
    await store.put(key, first);
    const reading = await store.get(key);
    await store.put(key, patternBytes(MIB, 4));
    expect((await bytesOf(reading?.body ?? patternStream(0, 0))).equals(first)).toBe(true);
    expect((await store.stat(key))?.size).toBe(MIB);
  });

  it('ends concurrent puts to one key with exactly one of the bodies', async () => {
    const key = blobKey(t, 'contended');
    const bodies = [1, 2, 3, 4, 5].map((n) => patternBytes(n * 200_000, n));
    await Promise.all(bodies.map((body, i) => store.put(key, patternStream(body.length, i + 1))));
    const stored = await bytesOf((await store.get(key))?.body ?? patternStream(0, 0));
    expect(bodies.filter((body) => body.equals(stored))).toHaveLength(1);
    expect(await tempFiles()).toEqual([]);
  });

  it('never touches a file outside its root for a malicious key', async () => {
    await writeFile(path.join(parent, 'victim'), 'keep me');
    await store.put(blobKey(t, 'source'), Buffer.from('fine'));
    const before = await tree(parent);
    const keys = ['../victim', '../../victim', `${t}/../../victim`, '/etc/hostname', `${t}/../../../escape`];
    for (const key of keys) {
      const k = key as BlobKey;
      await expect(store.put(k, Buffer.from('evil')), key).rejects.toThrow(BlobKeyError);
      await expect(store.putFile(k, path.join(parent, 'victim'), { move: true }), key).rejects.toThrow(
        BlobKeyError,
      );
      await expect(store.delete(k), key).rejects.toThrow(BlobKeyError);
      await expect(store.deletePrefix(k), key).rejects.toThrow(BlobKeyError);
      await expect(store.copy(blobKey(t, 'source'), k), key).rejects.toThrow(BlobKeyError);
      await expect(store.get(k), key).rejects.toThrow(BlobKeyError);
      expect(() => store.localPath(k), key).toThrow(BlobKeyError);
    }
    expect(await tree(parent)).toEqual(before);
    expect(await readFile(path.join(parent, 'victim'), 'utf8')).toBe('keep me');
  });

  it('gives a moved file back when it cannot be stored', async () => {
    const upload = path.join(parent, 'upload.bin');
    await writeFile(upload, 'the only copy');
    await store.put(blobKey(t, 'taken'), Buffer.from('a blob, so no prefix'));
    await expect(store.putFile(blobKey(t, 'taken', 'child'), upload, { move: true })).rejects.toThrow();
    expect(await readFile(upload, 'utf8')).toBe('the only copy');
    expect(await tempFiles()).toEqual([]);
  });

  it('keeps every blob a file under its root, at the path localPath names', async () => {
    const key = blobKey(t, 'items', newId(), 'original');
    await store.put(key, Buffer.from('frames'));
    const file = store.localPath(key);
    expect(file).toBe(path.join(store.root, ...key.split('/')));
    expect(await readFile(file, 'utf8')).toBe('frames');
  });

  it('lists in byte order of the keys, not in the order of a directory walk', async () => {
    const keys = [blobKey(t, 'hls', 'seg-1'), blobKey(t, 'hls-index'), blobKey(t, 'hls0'), blobKey(t, 'a')];
    for (const key of keys) await store.put(key, Buffer.from('x'));
    expect((await collect(store.list(blobKey(t)))).map((e) => e.key)).toEqual([
      blobKey(t, 'a'),
      blobKey(t, 'hls-index'),
      blobKey(t, 'hls', 'seg-1'),
      blobKey(t, 'hls0'),
    ]);
  });

  it('lists only blobs: not content-type sidecars nor files that are not named like keys', async () => {
    await store.put(blobKey(t, 'thumb'), Buffer.from('x'), { contentType: 'image/jpeg' });
    await mkdir(path.join(store.root, t, 'odd'), { recursive: true });
    await writeFile(path.join(store.root, t, 'odd', 'Notes.txt'), 'stray');
    expect(await collect(store.list(blobKey(t)))).toEqual([{ key: blobKey(t, 'thumb'), size: 1 }]);
  });

  it('answers the default content type rather than a stale one left by a crash between renames', async () => {
    const key = blobKey(t, 'poster');
    await store.put(key, Buffer.from('png'), { contentType: 'image/png' });
    const sidecar = `${store.localPath(key)}.meta.json`;
    const stale = await readFile(sidecar, 'utf8');
    await store.put(key, Buffer.from('jpeg'), { contentType: 'image/jpeg' });
    // As if the process died after the blob's rename and before its sidecar's.
    await writeFile(sidecar, stale);
    expect(await store.stat(key)).toEqual({ size: 4, contentType: DEFAULT_CONTENT_TYPE });
  });

  it('removes a deleted prefix without leaving it in the temp directory', async () => {
    const item = newId();
    await store.put(blobKey(t, 'items', item, 'a'), Buffer.from('a'));
    await store.put(blobKey(t, 'items', item, 'hls', 'b'), Buffer.from('b'));
    await store.deletePrefix(blobKey(t, 'items', item));
    expect(await tree(path.join(store.root, t))).toEqual(['items']);
    expect(await tempFiles()).toEqual([]);
  });
});
