import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { open } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import type { BlobKey } from '../../../src/storage/blob-key.ts';
import type { BlobStore } from '../../../src/storage/blob-store.ts';

const exec = promisify(execFile);

async function ffmpeg(args: readonly string[]): Promise<void> {
  await exec('ffmpeg', ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', ...args]);
}

/** lavfi's moving test pattern and a 440 Hz tone, H.264 (ultrafast) + AAC in MP4. */
export async function makeClip(
  file: string,
  { width, height, seconds }: { width: number; height: number; seconds: number },
): Promise<string> {
  await ffmpeg([
    ...['-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=25:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'],
    file,
  ]);
  return file;
}

/** A sine tone as AAC in an M4A file. */
export async function makeTone(file: string, seconds: number): Promise<string> {
  await ffmpeg(['-f', 'lavfi', '-i', `sine=frequency=330:duration=${seconds}`, '-c:a', 'aac', file]);
  return file;
}

const BLOCK = 1024 * 1024;
const WRITE = 64 * BLOCK;

/**
 * `bytes` of incompressible content, written straight to disk, answering its SHA-256. One random
 * MiB is repeated with each copy's index stamped into its first bytes, so every MiB differs: a
 * chunk stored twice or at a shifted offset changes the hash. Two buffers take turns, so one is
 * filled and hashed while the other is being written.
 */
export async function makeRandomFile(file: string, bytes: number): Promise<string> {
  const seed = randomBytes(BLOCK);
  const hash = createHash('sha256');
  let [buffer, spare] = [Buffer.alloc(WRITE), Buffer.alloc(WRITE)];
  const handle = await open(file, 'w');
  let writing: Promise<void> = Promise.resolve();
  try {
    for (let at = 0; at < bytes; at += WRITE) {
      const length = Math.min(WRITE, bytes - at);
      for (let block = 0; block < length; block += BLOCK) {
        seed.copy(buffer, block, 0, Math.min(BLOCK, length - block));
        buffer.writeDoubleLE((at + block) / BLOCK, block);
      }
      const part = buffer.subarray(0, length);
      hash.update(part);
      await writing;
      writing = handle.write(part, 0, length, at).then(({ bytesWritten }) => {
        if (bytesWritten !== length) throw new Error(`short write to ${file}`);
      });
      [buffer, spare] = [spare, buffer];
    }
    await writing;
  } finally {
    await writing.catch(() => undefined);
    await handle.close();
  }
  return hash.digest('hex');
}

/** SHA-256 of a stored blob, hashed as it streams from the store: no temporary copy on disk. */
export async function sha256OfBlob(store: BlobStore, key: BlobKey): Promise<string> {
  const blob = await store.get(key);
  if (!blob) throw new Error(`no blob at ${key}`);
  const hash = createHash('sha256');
  await pipeline(blob.body, hash);
  return hash.digest('hex');
}
