import {
  MOMENTS_PER_HIT,
  momentHighlighter,
  momentMayMatch,
  momentSnippet,
  type QueryNode,
} from '@skald/domain';
import { mapInSlices } from '../../lib/time-sliced.ts';
import type { HitMomentRow } from '../../search/moment-search.ts';

/** A moment of a search hit: where in the item the search found its words. */
export interface HitMoment {
  kind: string;
  startMs: number;
  endMs: number;
  /** The moment's text, cut around its first match (momentSnippet). */
  snippet: string;
  /** [start, end) ranges of `snippet` that the search matched. */
  highlights: [number, number][];
}

/**
 * The moments of a page of hits that the search's words and kind filters match (docs/SEARCH.md):
 * at most MOMENTS_PER_HIT an item, those with the most matches first, then the earliest. Matched in
 * JavaScript with the highlighter's rules over the items' moments, in time slices.
 */
export async function hitMoments(
  rows: readonly HitMomentRow[],
  query: QueryNode | null,
): Promise<Map<string, HitMoment[]>> {
  const found = new Map<string, HitMoment[]>();
  if (query === null || rows.length === 0) return found;
  // Each kind's highlighter, and its test of a moment's words that skips those holding no match.
  const highlighters = new Map<
    string,
    { mayMatch: (words: string) => boolean; highlight: (text: string) => [number, number][] }
  >();
  const matched = await mapInSlices(rows, (row) => {
    let ofKind = highlighters.get(row.kind);
    if (!ofKind) {
      ofKind = { mayMatch: momentMayMatch(query, row.kind), highlight: momentHighlighter(query, row.kind) };
      highlighters.set(row.kind, ofKind);
    }
    return { row, ranges: ofKind.mayMatch(row.words) ? ofKind.highlight(row.text) : [] };
  });
  const byItem = new Map<string, typeof matched>();
  for (const m of matched) {
    if (m.ranges.length === 0) continue;
    byItem.set(m.row.item_id, [...(byItem.get(m.row.item_id) ?? []), m]);
  }
  for (const [itemId, list] of byItem) {
    const best = list
      .sort((a, b) => b.ranges.length - a.ranges.length || a.row.start_ms - b.row.start_ms)
      .slice(0, MOMENTS_PER_HIT);
    found.set(
      itemId,
      best.map(({ row, ranges }) => {
        const { text, highlights } = momentSnippet(row.text, ranges);
        return { kind: row.kind, startMs: row.start_ms, endMs: row.end_ms, snippet: text, highlights };
      }),
    );
  }
  return found;
}
