import { BlobRangeNotSatisfiableError, type BlobRange } from './blob-store.ts';

export interface RequestedRange {
  start: number;
  end: number | undefined;
}

const isOffset = (n: number | undefined): boolean => n === undefined || (Number.isSafeInteger(n) && n >= 0);

/** The range asked for, or `undefined` for the whole blob. A malformed range is a caller's bug. */
export function requestedRange(range: BlobRange | undefined): RequestedRange | undefined {
  if (!range || (range.start === undefined && range.end === undefined)) return undefined;
  const start = range.start ?? 0;
  if (!isOffset(range.start) || !isOffset(range.end) || (range.end !== undefined && range.end < start)) {
    throw new RangeError(`Invalid byte range ${String(range.start)}-${String(range.end)}`);
  }
  return { start, end: range.end };
}

/** The bytes a range covers in a blob of `size` bytes, as HTTP does: the end is clamped. */
export function satisfy(key: string, wanted: RequestedRange, size: number): { start: number; end: number } {
  if (wanted.start >= size) throw new BlobRangeNotSatisfiableError(key, size);
  return { start: wanted.start, end: Math.min(wanted.end ?? size - 1, size - 1) };
}
