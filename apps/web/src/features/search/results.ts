import type { SearchAnswer, SearchHit } from '../../api/search.ts';

/**
 * The hits of the pages loaded so far, in order, each once: a page refetched after new items came
 * in can repeat the last hits of the page before it.
 */
export function uniqueHits(pages: readonly SearchAnswer[]): SearchHit[] {
  const seen = new Set<string>();
  const hits: SearchHit[] = [];
  for (const page of pages) {
    for (const hit of page.items) {
      if (seen.has(hit.id)) continue;
      seen.add(hit.id);
      hits.push(hit);
    }
  }
  return hits;
}
