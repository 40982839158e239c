import { Readable, Transform, type TransformCallback } from 'node:stream';
import { BlobSizeMismatchError } from './blob-store.ts';

/**
 * Counts the bytes passing through and, when a size was announced, fails the stream as soon as
 * the body is longer, or at its end when shorter — before a store commits anything.
 */
export class ByteCounter extends Transform {
  bytes = 0;
  readonly expected: number | undefined;

  constructor(expected: number | undefined) {
    super();
    this.expected = expected;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.expected !== undefined && this.bytes > this.expected) {
      callback(new BlobSizeMismatchError(this.expected, this.bytes));
      return;
    }
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    if (this.expected !== undefined && this.bytes !== this.expected) {
      callback(new BlobSizeMismatchError(this.expected, this.bytes));
      return;
    }
    callback();
  }
}

export function checkBufferSize(body: Buffer, expected: number | undefined): void {
  if (expected !== undefined && body.length !== expected) {
    throw new BlobSizeMismatchError(expected, body.length);
  }
}

async function* slice(source: AsyncIterable<Buffer>, skip: number, length: number): AsyncGenerator<Buffer> {
  let toSkip = skip;
  let left = length;
  for await (const chunk of source) {
    let piece = chunk;
    if (toSkip > 0) {
      const dropped = Math.min(toSkip, piece.length);
      piece = piece.subarray(dropped);
      toSkip -= dropped;
    }
    if (piece.length === 0) continue;
    if (piece.length >= left) {
      yield piece.subarray(0, left);
      // Returning ends the for-await, which destroys the source: the rest is never downloaded.
      return;
    }
    left -= piece.length;
    yield piece;
  }
}

/** `length` bytes of `source` after its first `skip` bytes. */
export const sliceStream = (source: Readable, skip: number, length: number): Readable =>
  Readable.from(slice(source, skip, length), { objectMode: false });
