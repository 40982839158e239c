import { open } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';

export interface WriteBehindPace {
  /** How often the file's size is looked at. */
  everyMs: number;
  /** How much new data makes a flush. */
  bytes: number;
}

const PACE: WriteBehindPace = { everyMs: 100, bytes: 32 * 2 ** 20 };

/**
 * Flushes what the file holds so far to the disk once `bytes` more than at the last flush are
 * there; answers the size flushed. A file not made yet, or a failure, waits for the next turn.
 */
async function flushGrowth(file: string, flushed: number, bytes: number): Promise<number> {
  try {
    const handle = await open(file, 'r');
    try {
      const { size } = await handle.stat();
      if (size - flushed < bytes) return flushed;
      await handle.datasync();
      return size;
    } finally {
      await handle.close();
    }
  } catch {
    // The fsync that makes the file durable afterwards reports a disk's failure.
    return flushed;
  }
}

/**
 * Writes a file that a tool is still making to the disk as it grows: each time it has grown by
 * 32 MiB (looked at ten times a second) its data so far is flushed (fdatasync). Making it durable
 * afterwards (the local blob store's fsync when it takes the file) then has little left, the disk
 * having written while the tool worked instead of after it: bench/render measured a 2 GiB re-wrap
 * taken into the store some 15 % sooner. A slow encode is flushed seldom, in pieces of 32 MiB.
 * Answers the function that stops it (after the flush under way, if any).
 */
export function writeBehind(file: string, pace: WriteBehindPace = PACE): () => Promise<void> {
  const stop = new AbortController();
  const flushing = (async () => {
    let flushed = 0;
    while (!stop.signal.aborted) {
      flushed = await sleep(pace.everyMs, undefined, { signal: stop.signal }).then(
        () => flushGrowth(file, flushed, pace.bytes),
        () => flushed,
      );
    }
  })();
  return async () => {
    stop.abort();
    await flushing;
  };
}
