import { open } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';

const EVERY_MS = 500;

/** Flushes what the file holds so far to the disk; a file not made yet, or a failure, waits for the next turn. */
async function flushSoFar(file: string): Promise<void> {
  try {
    const handle = await open(file, 'r');
    try {
      await handle.datasync();
    } finally {
      await handle.close();
    }
  } catch {
    // The fsync that makes the file durable afterwards reports a disk's failure.
  }
}

/**
 * Writes a file that a tool is still making to the disk as it grows: every half second its data so
 * far is flushed (fdatasync). Making it durable afterwards (the local blob store's fsync when it
 * takes the file) then has only the last half second left, and the disk writes while the tool
 * works instead of after it: a 2 GiB re-wrap otherwise waits some 0.6 s for its fsync. Answers
 * the function that stops it (after the flush under way, if any).
 */
export function writeBehind(file: string, everyMs = EVERY_MS): () => Promise<void> {
  const stop = new AbortController();
  const flushing = (async () => {
    while (!stop.signal.aborted) {
      await sleep(everyMs, undefined, { signal: stop.signal }).then(
        () => flushSoFar(file),
        () => undefined,
      );
    }
  })();
  return async () => {
    stop.abort();
    await flushing;
  };
}
