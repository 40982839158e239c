import { execFile } from 'node:child_process';
import { appendFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeBehind } from '../../src/storage/write-behind.ts';
import { waitFor } from '../durability/support/wait.ts';
import { patternBytes } from './bodies.ts';

/**
 * Whether part of a file is still only in memory: ext4 allocates a written block on the disk when
 * it writes it out, and FIEMAP (e2fsprogs' filefrag) marks the blocks not yet allocated
 * `delalloc`. Null when the file system does not say so (another kind) or filefrag is missing.
 */
async function stillInMemory(file: string): Promise<boolean | null> {
  try {
    const { stdout } = await promisify(execFile)('filefrag', ['-v', file]);
    return stdout.includes('delalloc');
  } catch {
    return null;
  }
}

describe('writing a growing file behind', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'skald-write-behind-'));
  });
  afterEach(async () => rm(dir, { recursive: true, force: true }));

  it('waits for a file not made yet and leaves its bytes as written', async () => {
    const file = path.join(dir, 'render.mov');
    const stop = writeBehind(file, { everyMs: 5, bytes: 1 });
    await sleep(20);
    const parts = [patternBytes(300_000, 1), patternBytes(500_000, 2), patternBytes(200_000, 3)];
    for (const part of parts) {
      await appendFile(file, part);
      await sleep(20);
    }
    await stop();
    expect(Buffer.compare(await readFile(file), Buffer.concat(parts))).toBe(0);
  });

  it('puts the file’s blocks on the disk while it is written, not only when it is done', async (ctx) => {
    const control = path.join(dir, 'control.bin');
    await appendFile(control, patternBytes(1_000_000, 4));
    if ((await stillInMemory(control)) !== true)
      ctx.skip('this file system does not say what is still in memory');
    const file = path.join(dir, 'render.mov');
    const stop = writeBehind(file, { everyMs: 5, bytes: 1 });
    try {
      await appendFile(file, patternBytes(1_000_000, 5));
      expect(
        await waitFor(
          async () => ((await stillInMemory(file)) === false ? true : undefined),
          'the flush',
          5_000,
          10,
        ),
      ).toBe(true);
    } finally {
      await stop();
    }
  });

  it('stops at once, also when the file never came or is gone', async () => {
    await writeBehind(path.join(dir, 'never.mov'), { everyMs: 5, bytes: 1 })();
    const file = path.join(dir, 'gone.mov');
    await appendFile(file, 'x');
    const stop = writeBehind(file, { everyMs: 1, bytes: 1 });
    await sleep(10);
    await rm(file);
    await sleep(10);
    await stop();
  });
});
