import type { Readable } from 'node:stream';
import type { BlobKey } from './blob-key.ts';

export type { BlobKey } from './blob-key.ts';

/** What a blob is answered as when it was stored without a content type. */
export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

export interface PutOptions {
  /** Stored with the blob; `DEFAULT_CONTENT_TYPE` when absent. */
  contentType?: string | undefined;
  /**
   * The exact byte count expected. A body that turns out longer or shorter fails the put and
   * stores nothing (a truncated upload never becomes a blob). On S3 it also sizes the parts.
   */
  size?: number | undefined;
}

export interface PutFileOptions {
  contentType?: string | undefined;
  /** Take the file instead of copying it: a rename on the local store, upload + unlink on S3. */
  move?: boolean | undefined;
}

/** An inclusive byte range, as in HTTP. `start` defaults to 0; no `end` reads to the last byte. */
export interface BlobRange {
  start?: number | undefined;
  end?: number | undefined;
}

export interface BlobStat {
  size: number;
  contentType: string;
}

export interface BlobRead extends BlobStat {
  /** The bytes asked for. Consume it or destroy it: it holds a file handle or a connection. */
  body: Readable;
  /** With a range: the bytes in `body`, the end clamped to the last byte (for Content-Range). */
  range?: { start: number; end: number } | undefined;
}

export interface BlobListEntry {
  key: BlobKey;
  size: number;
}

/**
 * Where originals, proxies, thumbnails and HLS segments live. Implementations: the local file
 * system (`local-blob-store.ts`) and S3 (`s3-blob-store.ts`); `README.md` states the promises.
 */
export interface BlobStore {
  readonly kind: 'local' | 's3';
  /** Prepares the store at start-up: creates the root directory, or the bucket if missing. */
  init(): Promise<void>;
  /** Stores the whole body under the key or nothing: readers see the old blob or the new one. */
  put(key: BlobKey, body: Readable | Buffer, options?: PutOptions): Promise<BlobStat>;
  /** Stores a finished file (a completed upload) the same way, without reading it into memory. */
  putFile(key: BlobKey, sourcePath: string, options?: PutFileOptions): Promise<BlobStat>;
  /** `undefined` when there is no blob; a range past the end throws `BlobRangeNotSatisfiableError`. */
  get(key: BlobKey, range?: BlobRange): Promise<BlobRead | undefined>;
  stat(key: BlobKey): Promise<BlobStat | undefined>;
  exists(key: BlobKey): Promise<boolean>;
  /** Deleting a blob that is not there is not an error. */
  delete(key: BlobKey): Promise<void>;
  /** Deletes every blob whose key starts with `prefix/` (all renditions of an item, a tenant). */
  deletePrefix(prefix: BlobKey): Promise<void>;
  /** Blobs whose key starts with `prefix/`, in byte order of their keys. */
  list(prefix: BlobKey): AsyncIterable<BlobListEntry>;
  /** Copies content and content type; a missing source throws `BlobNotFoundError`. */
  copy(from: BlobKey, to: BlobKey): Promise<void>;
  /** The file of the blob on the local store (for ffmpeg); `undefined` on S3 — see `withLocalFile`. */
  localPath(key: BlobKey): string | undefined;
  close(): Promise<void>;
}

export class BlobNotFoundError extends Error {
  override name = 'BlobNotFoundError';
  readonly key: string;

  constructor(key: string) {
    super(`No blob at ${key}`);
    this.key = key;
  }
}

/** HTTP's 416: answer it with `Content-Range: bytes *\/${size}`. */
export class BlobRangeNotSatisfiableError extends Error {
  override name = 'BlobRangeNotSatisfiableError';
  readonly size: number;

  constructor(key: string, size: number) {
    super(`The range asked of ${key} starts past its last byte (size ${size})`);
    this.size = size;
  }
}

export class BlobSizeMismatchError extends Error {
  override name = 'BlobSizeMismatchError';
  readonly expected: number;
  readonly actual: number;

  constructor(expected: number, actual: number) {
    super(
      actual > expected
        ? `The body is longer than the ${expected} bytes announced`
        : `The body has ${actual} bytes, ${expected} were announced`,
    );
    this.expected = expected;
    this.actual = actual;
  }
}
