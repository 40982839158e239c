import { open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import { ERRORS } from '@tus/utils';

// A request body arrives in 64 KiB pieces. fs.WriteStream writes each with a syscall of its own
// on the thread pool, which halves upload throughput (bench/upload.ts); gathering them into
// writes of up to this many bytes brings it back to the disk's.
const BATCH_BYTES = 8 * 1024 * 1024;

/** Writes all of `buffers` at `position`, going on after short writes. */
async function writeAll(handle: FileHandle, buffers: Buffer[], position: number): Promise<number> {
  let rest = buffers;
  let at = position;
  while (rest.length > 0) {
    const { bytesWritten } = await handle.writev(rest, at);
    at += bytesWritten;
    let skip = bytesWritten;
    const next: Buffer[] = [];
    for (const buffer of rest) {
      if (skip >= buffer.length) skip -= buffer.length;
      else {
        next.push(skip > 0 ? buffer.subarray(skip) : buffer);
        skip = 0;
      }
    }
    rest = next;
  }
  return at - position;
}

/** A sink that appends what it is given to `handle` from `offset`, many chunks per syscall. */
function batchedWriter(handle: FileHandle, offset: number, onBytes: (n: number) => void): Writable {
  let position = offset;
  return new Writable({
    highWaterMark: BATCH_BYTES,
    writev(chunks, callback) {
      writeAll(
        handle,
        chunks.map(({ chunk }) => chunk as Buffer),
        position,
      ).then(
        (written) => {
          position += written;
          onBytes(written);
          callback();
        },
        (error: unknown) => {
          callback(error as Error);
        },
      );
    },
  });
}

/**
 * @tus/file-store with a faster write path: the same files, metadata and offsets (an upload's
 * file under `directory`, named by its id), written in batches. Nothing is fsynced here: the
 * blob store fsyncs the whole file once when the upload is finished, and tus asks for the file's
 * size (its offset) after a crash, so bytes a crash lost are simply sent again.
 */
export class BatchedFileStore extends FileStore {
  override async write(readable: Readable, fileId: string, offset: number): Promise<number> {
    let received = 0;
    let handle: FileHandle | undefined;
    try {
      handle = await open(path.join(this.directory, fileId), 'r+');
      await pipeline(
        readable,
        batchedWriter(handle, offset, (n) => (received += n)),
      );
    } catch {
      // As FileStore: the bytes that reached the file count, the client resumes from there.
      // tus answers its own error objects (status and body), which are not Errors.
      // eslint-disable-next-line @typescript-eslint/only-throw-error
      throw ERRORS.FILE_WRITE_ERROR;
    } finally {
      await handle?.close();
    }
    return offset + received;
  }
}
