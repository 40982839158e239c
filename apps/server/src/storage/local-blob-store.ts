import { randomUUID } from 'node:crypto';
import { constants, createWriteStream } from 'node:fs';
import {
  copyFile,
  mkdir,
  open,
  readFile,
  readdir,
  rename,
  rm,
  stat as statPath,
  unlink,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertBlobKey, isBlobKey, type BlobKey } from './blob-key.ts';
import { requestedRange, satisfy } from './blob-range.ts';
import {
  BlobNotFoundError,
  DEFAULT_CONTENT_TYPE,
  type BlobListEntry,
  type BlobRange,
  type BlobRead,
  type BlobStat,
  type BlobStore,
  type PutFileOptions,
  type PutOptions,
} from './blob-store.ts';
import { ByteCounter, checkBufferSize } from './blob-streams.ts';

// Keys cannot contain a dot, so neither the temp directory nor a sidecar can collide with a blob.
const TEMP_DIR = '.tmp';
const META_SUFFIX = '.meta.json';

interface Sidecar {
  contentType: string;
  /** The inode of the blob file it describes: a sidecar left over from another write is ignored. */
  ino: number;
}

const codeOf = (error: unknown): string | undefined =>
  error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;

// ENOTDIR: a parent of the path is a blob, so the path itself cannot be one.
const isMissing = (error: unknown): boolean => ['ENOENT', 'ENOTDIR'].includes(codeOf(error) ?? '');

async function syncFile(file: string): Promise<void> {
  const handle = await open(file, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Makes a rename in `dir` durable: without it a crash may forget the new directory entry. */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Blobs as files under `root` (`${DATA_DIR}/blobs`), one file per key, so ffmpeg reads them in
 * place. Every write goes to `root/.tmp`, is fsynced and then renamed over the final path: the
 * final path holds the old blob or the whole new one, never a part.
 */
export class LocalBlobStore implements BlobStore {
  readonly kind = 'local';
  readonly root: string;
  private readonly tempDir: string;

  constructor(root: string) {
    this.root = path.resolve(root);
    this.tempDir = path.join(this.root, TEMP_DIR);
  }

  async init(): Promise<void> {
    await mkdir(this.tempDir, { recursive: true });
  }

  close(): Promise<void> {
    // Nothing is held open between calls.
    return Promise.resolve();
  }

  localPath(key: BlobKey): string {
    return this.pathOf(key);
  }

  async put(key: BlobKey, body: Readable | Buffer, options: PutOptions = {}): Promise<BlobStat> {
    const target = this.pathOf(key);
    const contentType = options.contentType ?? DEFAULT_CONTENT_TYPE;
    const temp = await this.tempPath();
    try {
      let size: number;
      if (Buffer.isBuffer(body)) {
        checkBufferSize(body, options.size);
        await writeFile(temp, body, { flag: 'wx' });
        size = body.length;
      } else {
        const counter = new ByteCounter(options.size);
        await pipeline(body, counter, createWriteStream(temp, { flags: 'wx' }));
        size = counter.bytes;
      }
      await syncFile(temp);
      await this.commit(temp, target, contentType);
      return { size, contentType };
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async putFile(key: BlobKey, sourcePath: string, options: PutFileOptions = {}): Promise<BlobStat> {
    const target = this.pathOf(key);
    const contentType = options.contentType ?? DEFAULT_CONTENT_TYPE;
    const temp = await this.tempPath();
    let moved = false;
    try {
      if (options.move) {
        try {
          await rename(sourcePath, temp);
          moved = true;
        } catch (error) {
          // Another file system: fall back to a copy, and unlink the source once committed.
          if (codeOf(error) !== 'EXDEV') throw error;
        }
      }
      // FICLONE shares blocks on file systems that can (btrfs, XFS), and copies elsewhere.
      if (!moved) await copyFile(sourcePath, temp, constants.COPYFILE_FICLONE | constants.COPYFILE_EXCL);
      await syncFile(temp);
      const { size } = await statPath(temp);
      await this.commit(temp, target, contentType);
      if (options.move && !moved) await rm(sourcePath, { force: true });
      return { size, contentType };
    } catch (error) {
      // A failed move gives the file back (or, failing that, leaves it in .tmp): it may be the
      // only copy of an upload.
      if (moved) await rename(temp, sourcePath).catch(() => undefined);
      else await rm(temp, { force: true });
      throw error;
    }
  }

  async get(key: BlobKey, range?: BlobRange): Promise<BlobRead | undefined> {
    const file = this.pathOf(key);
    const wanted = requestedRange(range);
    let handle;
    try {
      handle = await open(file, 'r');
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
    // The open handle pins this version: an overwrite (a rename) does not change what it reads.
    let info, contentType, bytes;
    try {
      info = await handle.stat();
      contentType = info.isFile() ? await this.contentTypeOf(file, info.ino) : undefined;
      bytes = info.isFile() && wanted ? satisfy(key, wanted, info.size) : undefined;
    } catch (error) {
      await handle.close();
      throw error;
    }
    if (contentType === undefined || info.size === 0) {
      await handle.close();
      return contentType === undefined
        ? undefined
        : { body: Readable.from([]), size: 0, contentType, range: bytes };
    }
    const body = handle.createReadStream(bytes ? { start: bytes.start, end: bytes.end } : {});
    return { body, size: info.size, contentType, range: bytes };
  }

  async stat(key: BlobKey): Promise<BlobStat | undefined> {
    const file = this.pathOf(key);
    try {
      const info = await statPath(file);
      if (!info.isFile()) return undefined;
      return { size: info.size, contentType: await this.contentTypeOf(file, info.ino) };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async exists(key: BlobKey): Promise<boolean> {
    return (await this.stat(key)) !== undefined;
  }

  async delete(key: BlobKey): Promise<void> {
    const file = this.pathOf(key);
    try {
      await unlink(file);
    } catch (error) {
      // EISDIR: the key names a prefix, not a blob; S3 would not delete anything either.
      if (!isMissing(error) && codeOf(error) !== 'EISDIR') throw error;
    }
    await rm(file + META_SUFFIX, { force: true });
  }

  async deletePrefix(prefix: BlobKey): Promise<void> {
    const dir = this.pathOf(prefix);
    try {
      if (!(await statPath(dir)).isDirectory()) return;
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    // Renaming first makes the whole prefix disappear at once; the slow removal happens out of sight.
    const trash = await this.tempPath();
    try {
      await rename(dir, trash);
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    await rm(trash, { recursive: true, force: true });
  }

  async *list(prefix: BlobKey): AsyncGenerator<BlobListEntry> {
    yield* this.walk(this.pathOf(prefix), prefix);
  }

  async copy(from: BlobKey, to: BlobKey): Promise<void> {
    const source = this.pathOf(from);
    const target = this.pathOf(to);
    const info = await this.stat(from);
    if (!info) throw new BlobNotFoundError(from);
    if (source === target) return;
    const temp = await this.tempPath();
    try {
      await copyFile(source, temp, constants.COPYFILE_FICLONE | constants.COPYFILE_EXCL);
      await syncFile(temp);
      await this.commit(temp, target, info.contentType);
    } catch (error) {
      await rm(temp, { force: true });
      if (isMissing(error) && !(await this.exists(from))) throw new BlobNotFoundError(from);
      throw error;
    }
  }

  private pathOf(key: string): string {
    assertBlobKey(key);
    const file = path.join(this.root, ...key.split('/'));
    // The key rules already make this impossible; checked again because the cost of being wrong is a write anywhere.
    if (!file.startsWith(this.root + path.sep)) throw new Error(`Blob path escapes the store: ${key}`);
    return file;
  }

  private async tempPath(): Promise<string> {
    await mkdir(this.tempDir, { recursive: true });
    return path.join(this.tempDir, randomUUID());
  }

  /** Moves a complete, fsynced temp file over the final path, with its content type beside it. */
  private async commit(temp: string, target: string, contentType: string): Promise<void> {
    const metaPath = target + META_SUFFIX;
    let metaTemp: string | undefined;
    if (contentType !== DEFAULT_CONTENT_TYPE) {
      const sidecar: Sidecar = { contentType, ino: (await statPath(temp)).ino };
      metaTemp = await this.tempPath();
      await writeFile(metaTemp, JSON.stringify(sidecar), { flag: 'wx', flush: true });
    }
    try {
      await this.renameInto(temp, target);
      if (metaTemp) await rename(metaTemp, metaPath);
      else await rm(metaPath, { force: true });
    } catch (error) {
      if (metaTemp) await rm(metaTemp, { force: true });
      throw error;
    }
    await syncDirectory(path.dirname(target));
  }

  private async renameInto(temp: string, target: string): Promise<void> {
    // A deletePrefix running at the same time may take the parent directory away between the
    // mkdir and the rename; the put still wins, as it would on S3.
    for (let attempt = 1; ; attempt++) {
      await mkdir(path.dirname(target), { recursive: true });
      try {
        await rename(temp, target);
        return;
      } catch (error) {
        if (codeOf(error) !== 'ENOENT' || attempt === 3) throw error;
      }
    }
  }

  private async contentTypeOf(file: string, ino: number): Promise<string> {
    try {
      const sidecar = JSON.parse(await readFile(file + META_SUFFIX, 'utf8')) as Partial<Sidecar>;
      if (sidecar.ino === ino && typeof sidecar.contentType === 'string') return sidecar.contentType;
    } catch {
      // No sidecar, or one cut short by a crash: the blob has the default type.
    }
    return DEFAULT_CONTENT_TYPE;
  }

  private async *walk(dir: string, prefix: string): AsyncGenerator<BlobListEntry> {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    // Sorting a directory as "name/" matches S3's byte order of whole keys ("a-b" < "a/b").
    const named = entries
      .filter((e) => e.isDirectory() || e.isFile())
      .map((e) => ({ entry: e, sortKey: e.isDirectory() ? `${e.name}/` : e.name }))
      .sort((a, b) => (a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : 0));
    for (const { entry } of named) {
      const key = `${prefix}/${entry.name}`;
      if (!isBlobKey(key)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        yield* this.walk(full, key);
        continue;
      }
      try {
        yield { key, size: (await statPath(full)).size };
      } catch (error) {
        // Deleted while we were listing.
        if (!isMissing(error)) throw error;
      }
    }
  }
}
