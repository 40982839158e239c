import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';

const CHUNK = 64 * 1024;

function chunkAt(seed: number, offset: number, length: number): Buffer {
  const out = Buffer.alloc(length);
  let state = (Math.imul(seed, 2654435761) + offset) >>> 0 || 1;
  for (let i = 0; i < length; i += 4) {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    if (i + 4 <= length) out.writeUInt32LE(state, i);
    else for (let j = i; j < length; j++) out[j] = (state >>> ((j - i) * 8)) & 0xff;
  }
  return out;
}

/** Deterministic bytes (xorshift32 per 64 KiB chunk), the same for the same arguments on every run. */
export function patternBytes(size: number, seed: number): Buffer {
  const chunks: Buffer[] = [];
  for (let offset = 0; offset < size; offset += CHUNK)
    chunks.push(chunkAt(seed, offset, Math.min(CHUNK, size - offset)));
  return Buffer.concat(chunks);
}

/** `patternBytes(size, seed)` as a stream of 64 KiB chunks; `failAfter` bytes in, it errors instead. */
export function patternStream(size: number, seed: number, options: { failAfter?: number } = {}): Readable {
  async function* chunks(): AsyncGenerator<Buffer> {
    for (let offset = 0; offset < size; offset += CHUNK) {
      if (options.failAfter !== undefined && offset >= options.failAfter) {
        throw new Error('the client went away');
      }
      yield chunkAt(seed, offset, Math.min(CHUNK, size - offset));
      // Let the consumer run between chunks, as a network body would.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

export async function sha256Of(body: Readable | Buffer): Promise<string> {
  const hash = createHash('sha256');
  if (Buffer.isBuffer(body)) return hash.update(body).digest('hex');
  for await (const chunk of body) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export async function bytesOf(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
