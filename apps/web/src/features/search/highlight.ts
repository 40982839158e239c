import type { HighlightRange } from '../../api/search.ts';

export interface Segment {
  text: string;
  marked: boolean;
}

/**
 * Cuts `text` into plain and marked pieces along the answer's [start, end) ranges. Ranges are
 * taken in order, clipped to the text; an empty one, or the part of one that overlaps the range
 * before it, marks nothing more.
 */
export function highlightSegments(text: string, ranges: readonly HighlightRange[]): Segment[] {
  const segments: Segment[] = [];
  let at = 0;
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  for (const [rawStart, rawEnd] of sorted) {
    const start = Math.max(at, Math.min(rawStart, text.length));
    const end = Math.min(Math.max(rawEnd, 0), text.length);
    if (end <= start) continue;
    if (start > at) segments.push({ text: text.slice(at, start), marked: false });
    segments.push({ text: text.slice(start, end), marked: true });
    at = end;
  }
  if (at < text.length) segments.push({ text: text.slice(at), marked: false });
  return segments;
}
