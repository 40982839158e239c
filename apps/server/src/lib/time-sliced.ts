import { setImmediate as nextTurn } from 'node:timers/promises';

/** How long one slice of a long loop may hold the event loop before other requests get a turn. */
const SLICE_MS = 10;

/**
 * `items.map(work)` that lets the event loop run other requests between slices of about 10 ms: a
 * page of 200 results or a tenant's thousands of folders, each cheap but together not bounded by
 * anything a request cannot choose, never hold every other request up.
 */
export async function mapInSlices<T, U>(items: readonly T[], work: (item: T) => U): Promise<U[]> {
  const results: U[] = [];
  let sliceStart = performance.now();
  for (const item of items) {
    results.push(work(item));
    if (performance.now() - sliceStart > SLICE_MS) {
      await nextTurn();
      sliceStart = performance.now();
    }
  }
  return results;
}
