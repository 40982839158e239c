import { LOG_MOMENT_KIND } from '@skald/domain';
import type { ItemSummary } from '../../api/items.ts';
import type { SearchAnswer, SearchHit } from '../../api/search.ts';
import { folderPath, itemAtTimePath, itemDetailsPath, type ItemDetailsTab } from '../../routing/paths.ts';

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

/** The item tab that shows a moment of each kind; any other kind (text, label, face…) is on Analytics. */
const MOMENT_TABS: Readonly<Record<string, ItemDetailsTab>> = {
  speech: 'transcript',
  translation: 'translation',
  [LOG_MOMENT_KIND]: 'logging',
};

/** Where an item page opens a moment: at its time (?t=, seconds), on the tab of its kind. */
export function momentHref(
  itemId: string,
  moment: Pick<SearchHit['moments'][number], 'kind' | 'startMs'>,
): string {
  return itemAtTimePath(itemId, moment.startMs, MOMENT_TABS[moment.kind] ?? 'analytics');
}
