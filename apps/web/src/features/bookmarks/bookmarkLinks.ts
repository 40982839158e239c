import { searchFilterTypeOf, type BookmarkKind } from '@skald/domain';
import type { Bookmark } from '../../api/bookmarks.ts';
import { PATHS, folderPath, itemDetailsPath, personDetailsPath } from '../../routing/paths.ts';

const HREFS: Readonly<Record<BookmarkKind, (target: string) => string>> = {
  page: (target) => target,
  search: (target) => target,
  folder: folderPath,
  item: (id) => itemDetailsPath(id),
  person: personDetailsPath,
};

/** Where a bookmark leads in the app. */
export function bookmarkHref(bookmark: Pick<Bookmark, 'kind' | 'target'>): string {
  return HREFS[bookmark.kind](bookmark.target);
}

/** What a bookmark of the current page points at. */
export interface PageTarget {
  kind: BookmarkKind;
  target: string;
}

const ID_SCREENS: readonly { prefix: string; kind: BookmarkKind }[] = [
  { prefix: '/item-details/', kind: 'item' },
  { prefix: '/person-details/', kind: 'person' },
];

/**
 * The bookmark of a location: a search screen saves its whole search (path and query) as a filter;
 * a folder, item or person page points at that folder, item or person; any other page is a page.
 */
export function pageTargetOf(location: { pathname: string; search: string }): PageTarget {
  const { pathname, search } = location;
  if (searchFilterTypeOf(pathname)) return { kind: 'search', target: `${pathname}${search}` };
  const folderId = pathname === PATHS.folders ? new URLSearchParams(search).get('folderId') : null;
  if (folderId) return { kind: 'folder', target: folderId };
  for (const { prefix, kind } of ID_SCREENS) {
    const id = pathname.startsWith(prefix) ? pathname.slice(prefix.length) : '';
    if (id !== '' && !id.includes('/')) return { kind, target: decodeURIComponent(id) };
  }
  return { kind: 'page', target: `${pathname}${search}` };
}

/** A title to start from: a search's words, else the page's heading. */
export function suggestedTitle(page: PageTarget, heading: string | null | undefined): string {
  const words = page.kind === 'search' ? new URLSearchParams(page.target.split('?')[1] ?? '').get('q') : null;
  return (words?.trim() || heading?.trim() || '').slice(0, 200);
}
