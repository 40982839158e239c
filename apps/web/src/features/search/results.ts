import { LOG_MOMENT_KIND } from '@skald/domain';
import type { ItemSummary } from '../../api/items.ts';
import type { SearchAnswer, SearchHit } from '../../api/search.ts';
import { folderPath, itemDetailsPath } from '../../routing/paths.ts';

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

/** A folder found by the search (docs/SEARCH.md): it opens in the folder view and is never selected. */
export const isFolderResult = (hit: ItemSummary): boolean => hit.itemType === 'folder';

/** Where a result leads: a folder to its folder view, an item to its page. */
export const resultHref = (hit: ItemSummary): string =>
  isFolderResult(hit) ? folderPath(hit.id) : itemDetailsPath(hit.id);

/**
 * Where an item page opens a moment: at its time (?t=, seconds), a log event on the Logging tab.
 */
export function momentHref(
  itemId: string,
  moment: Pick<SearchHit['moments'][number], 'kind' | 'startMs'>,
): string {
  const seconds = String(moment.startMs / 1000);
  return moment.kind === LOG_MOMENT_KIND
    ? `${itemDetailsPath(itemId, 'logging')}&t=${seconds}`
    : `${itemDetailsPath(itemId)}?t=${seconds}`;
}
