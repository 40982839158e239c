import { createReadStream } from 'node:fs';
import { rm, stat as statPath } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  CreateBucketCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
  type _Object,
  type BucketLocationConstraint,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertBlobKey, isBlobKey, type BlobKey } from './blob-key.ts';
import { requestedRange, satisfy } from './blob-range.ts';
import {
  BlobNotFoundError,
  BlobRangeNotSatisfiableError,
  DEFAULT_CONTENT_TYPE,
  type BlobListEntry,
  type BlobRange,
  type BlobRead,
  type BlobStat,
  type BlobStore,
  type PutFileOptions,
  type PutOptions,
} from './blob-store.ts';
import { ByteCounter, checkBufferSize, sliceStream } from './blob-streams.ts';

const MIB = 1024 * 1024;
// S3's own limits: parts of at least 5 MiB, at most 10,000 of them, CopyObject up to 5 GiB.
const MIN_PART_SIZE = 5 * MIB;
const MAX_PARTS = 10_000;
const MAX_COPY_OBJECT_SIZE = 5 * 1024 * MIB;
const MAX_DELETE_BATCH = 1000;

export interface S3BlobStoreOptions {
  bucket: string;
  region: string;
  /** Any S3-compatible endpoint (MinIO, Ceph, R2…); addressed path-style. Absent: AWS itself. */
  endpoint?: string | undefined;
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /**
   * Part size for bodies of unknown size (16 MiB: up to ~156 GiB per blob); a known `size` picks
   * larger parts when needed. Up to 4 parts are in memory at once per put.
   */
  partSize?: number | undefined;
  /** Keys per listing request (S3 answers at most 1000); smaller in tests to exercise paging. */
  listPageSize?: number | undefined;
  /** Above this a copy streams through this process, as CopyObject stops at 5 GiB. */
  maxCopyObjectSize?: number | undefined;
}

const errorName = (error: unknown): string | undefined =>
  error instanceof S3ServiceException ? error.name : undefined;

// HEAD answers have no body, so a missing key is only a bare 404 ("NotFound").
const isMissing = (error: unknown): boolean => ['NoSuchKey', 'NotFound'].includes(errorName(error) ?? '');

/** `bytes 0-99/1234` → its parts. */
function parseContentRange(header: string): { start: number; end: number; size: number } | undefined {
  const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(header.trim());
  if (!match) return undefined;
  return { start: Number(match[1]), end: Number(match[2]), size: Number(match[3]) };
}

/**
 * Blobs as objects in one bucket, keyed by the blob key. A single PutObject or a completed
 * multipart upload makes the object appear whole or not at all; a failed put aborts its upload.
 */
export class S3BlobStore implements BlobStore {
  readonly kind = 's3';
  readonly bucket: string;
  private readonly client: S3Client;
  private readonly region: string;
  private readonly partSize: number;
  private readonly listPageSize: number;
  private readonly maxCopyObjectSize: number;

  constructor(options: S3BlobStoreOptions) {
    this.bucket = options.bucket;
    this.region = options.region;
    this.partSize = Math.max(MIN_PART_SIZE, options.partSize ?? 16 * MIB);
    this.listPageSize = options.listPageSize ?? 1000;
    this.maxCopyObjectSize = Math.min(
      MAX_COPY_OBJECT_SIZE,
      options.maxCopyObjectSize ?? MAX_COPY_OBJECT_SIZE,
    );
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.endpoint !== undefined,
      credentials: options.credentials,
      // The SDK's default CRC32 trailers (aws-chunked bodies) are not understood by many
      // S3-compatible servers; sizes are checked by the store and TLS protects the transport.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async init(): Promise<void> {
    await this.ensureBucket();
  }

  /** Creates the bucket when it does not exist; needs only HeadBucket rights when it does. */
  async ensureBucket(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
      return;
    } catch (error) {
      if (!isMissing(error) && errorName(error) !== 'NoSuchBucket') throw error;
    }
    try {
      await this.client.send(
        new CreateBucketCommand({
          Bucket: this.bucket,
          ...(this.region === 'us-east-1'
            ? {}
            : { CreateBucketConfiguration: { LocationConstraint: this.region as BucketLocationConstraint } }),
        }),
      );
    } catch (error) {
      if (errorName(error) !== 'BucketAlreadyOwnedByYou') throw error;
    }
  }

  close(): Promise<void> {
    this.client.destroy();
    return Promise.resolve();
  }

  localPath(key: BlobKey): undefined {
    assertBlobKey(key);
    return undefined;
  }

  async put(key: BlobKey, body: Readable | Buffer, options: PutOptions = {}): Promise<BlobStat> {
    assertBlobKey(key);
    const contentType = options.contentType ?? DEFAULT_CONTENT_TYPE;
    const partSize =
      options.size === undefined
        ? this.partSize
        : Math.max(this.partSize, Math.ceil(options.size / MAX_PARTS));
    if (Buffer.isBuffer(body)) {
      checkBufferSize(body, options.size);
      await this.upload(key, body, contentType, partSize);
      return { size: body.length, contentType };
    }
    const counter = new ByteCounter(options.size);
    body.on('error', (error) => counter.destroy(error));
    body.pipe(counter);
    try {
      await this.upload(key, counter, contentType, partSize);
    } catch (error) {
      body.unpipe(counter);
      body.destroy();
      counter.destroy();
      // A body that failed (or had the wrong size) is the cause, even when aborting the upload also failed.
      throw counter.errored ?? error;
    }
    return { size: counter.bytes, contentType };
  }

  async putFile(key: BlobKey, sourcePath: string, options: PutFileOptions = {}): Promise<BlobStat> {
    assertBlobKey(key);
    const { size } = await statPath(sourcePath);
    const stored = await this.put(key, createReadStream(sourcePath), {
      contentType: options.contentType,
      size,
    });
    if (options.move) await rm(sourcePath, { force: true });
    return stored;
  }

  async get(key: BlobKey, range?: BlobRange): Promise<BlobRead | undefined> {
    assertBlobKey(key);
    const wanted = requestedRange(range);
    let response;
    try {
      response = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: wanted ? `bytes=${wanted.start}-${wanted.end ?? ''}` : undefined,
        }),
      );
    } catch (error) {
      if (isMissing(error)) return undefined;
      if (errorName(error) === 'InvalidRange') {
        const info = await this.stat(key);
        if (!info) return undefined;
        throw new BlobRangeNotSatisfiableError(key, info.size);
      }
      throw error;
    }
    let body = response.Body as Readable;
    const contentType = response.ContentType ?? DEFAULT_CONTENT_TYPE;
    // Servers may ignore a Range (HTTP allows a 200 with everything) or widen it — s3rver answers
    // "bytes=0-0" with the whole object — so the answer's Content-Range decides what is cut.
    const sent = response.ContentRange
      ? parseContentRange(response.ContentRange)
      : { start: 0, end: (response.ContentLength ?? 0) - 1, size: response.ContentLength ?? 0 };
    if (!sent) {
      body.destroy();
      throw new Error(`Unreadable Content-Range from S3: ${String(response.ContentRange)}`);
    }
    if (!wanted) return { body, size: sent.size, contentType };
    let bytes;
    try {
      bytes = satisfy(key, wanted, sent.size);
      if (sent.start > bytes.start || sent.end < bytes.end) {
        throw new Error(
          `S3 answered bytes ${sent.start}-${sent.end} for ${bytes.start}-${bytes.end} of ${key}`,
        );
      }
    } catch (error) {
      body.destroy();
      throw error;
    }
    if (sent.start !== bytes.start || sent.end !== bytes.end) {
      body = sliceStream(body, bytes.start - sent.start, bytes.end - bytes.start + 1);
    }
    return { body, size: sent.size, contentType, range: bytes };
  }

  async stat(key: BlobKey): Promise<BlobStat | undefined> {
    assertBlobKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? DEFAULT_CONTENT_TYPE };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async exists(key: BlobKey): Promise<boolean> {
    return (await this.stat(key)) !== undefined;
  }

  async delete(key: BlobKey): Promise<void> {
    assertBlobKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async deletePrefix(prefix: BlobKey): Promise<void> {
    assertBlobKey(prefix);
    // Every object under the prefix goes, including any that are not blob keys.
    for await (const page of this.pages(prefix)) {
      for (let i = 0; i < page.length; i += MAX_DELETE_BATCH) {
        const batch = page.slice(i, i + MAX_DELETE_BATCH).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
        if (batch.length === 0) continue;
        const result = await this.client.send(
          new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: batch, Quiet: true } }),
        );
        const failed = result.Errors ?? [];
        if (failed.length > 0) {
          const first = failed[0];
          throw new Error(
            `Could not delete ${failed.length} blob(s) under ${prefix}: ${String(first?.Key)} ${String(first?.Code)} ${String(first?.Message)}`,
          );
        }
      }
    }
  }

  async *list(prefix: BlobKey): AsyncGenerator<BlobListEntry> {
    assertBlobKey(prefix);
    for await (const page of this.pages(prefix)) {
      for (const object of page) {
        // Objects that something else put in the bucket are not blobs of this store.
        if (object.Key !== undefined && isBlobKey(object.Key))
          yield { key: object.Key, size: object.Size ?? 0 };
      }
    }
  }

  async copy(from: BlobKey, to: BlobKey): Promise<void> {
    assertBlobKey(from);
    assertBlobKey(to);
    const info = await this.stat(from);
    if (!info) throw new BlobNotFoundError(from);
    // S3 refuses a copy onto itself that changes nothing; the content is already there.
    if (from === to) return;
    if (info.size > this.maxCopyObjectSize) {
      const source = await this.get(from);
      if (!source) throw new BlobNotFoundError(from);
      await this.put(to, source.body, { contentType: source.contentType, size: source.size });
      return;
    }
    try {
      // Keys are [a-z0-9-/] only, so the copy source needs no encoding.
      await this.client.send(
        new CopyObjectCommand({ Bucket: this.bucket, Key: to, CopySource: `${this.bucket}/${from}` }),
      );
    } catch (error) {
      if (isMissing(error)) throw new BlobNotFoundError(from);
      throw error;
    }
  }

  private async upload(
    key: string,
    body: Readable | Buffer,
    contentType: string,
    partSize: number,
  ): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: body, ContentType: contentType },
      partSize,
      queueSize: 4,
      leavePartsOnError: false,
    });
    await upload.done();
  }

  /** Every object under `prefix/`, a page at a time. */
  private async *pages(prefix: string): AsyncGenerator<_Object[]> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: `${prefix}/`,
          MaxKeys: this.listPageSize,
          ContinuationToken: token,
        }),
      );
      yield page.Contents ?? [];
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token !== undefined);
  }
}
