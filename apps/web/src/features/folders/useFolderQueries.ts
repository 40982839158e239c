import { keepPreviousData, useInfiniteQuery, useQuery, type QueryKey } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { foldersApi, type Folder } from '../../api/folders.ts';
import { itemsApi, type ItemSummary } from '../../api/items.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import type { Page } from '../../api/types.ts';
import type { SortState } from './sortParams.ts';

/** Items load in pages of 100 as the list scrolls. */
export const ITEMS_PAGE_SIZE = 100;
/** The server's largest page: subfolders come in as few requests as possible. */
const CHILDREN_PAGE_SIZE = 500;

/** The next `from` after these pages, or undefined when every entry has loaded. */
export function nextFrom<T>(pages: readonly Page<T>[]): number | undefined {
  const last = pages.at(-1);
  if (!last) return 0;
  const loaded = last.from + last.items.length;
  return last.items.length > 0 && loaded < last.total ? loaded : undefined;
}

export function useRootFolder() {
  return useQuery({ queryKey: queryKeys.folderRoot, queryFn: ({ signal }) => foldersApi.root(signal) });
}

export function useFolder(id: string) {
  // The previous folder stays on screen while the next loads: the tree and toolbar do not flash.
  return useQuery({
    queryKey: queryKeys.folder(id),
    queryFn: ({ signal }) => foldersApi.get(id, signal),
    placeholderData: keepPreviousData,
  });
}

/** Every visible subfolder of a folder (all pages), loaded while `enabled`. */
export function useFolderChildren(id: string, enabled = true) {
  const query = useInfiniteQuery({
    queryKey: queryKeys.folderChildren(id),
    queryFn: ({ pageParam, signal }) =>
      foldersApi.children(id, { from: pageParam, itemsPerPage: CHILDREN_PAGE_SIZE }, signal),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextFrom(pages),
    enabled,
  });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const folders = useMemo<Folder[] | undefined>(
    () => query.data?.pages.flatMap((page) => page.items),
    [query.data],
  );
  return { query, folders };
}

/** A folder's items in the chosen order, a page at a time (`loadMore` fetches the next). */
export function useFolderItems(folderId: string, { sort, order }: SortState) {
  return useItemPages(queryKeys.itemList({ folderId, sort, order }), (from, signal) =>
    itemsApi.list({ folderId, from, itemsPerPage: ITEMS_PAGE_SIZE, sort, order }, signal),
  );
}

/** A list of items loaded a page at a time (the folder's contents). */
function useItemPages(
  queryKey: QueryKey,
  fetchPage: (from: number, signal: AbortSignal) => Promise<Page<ItemSummary>>,
) {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextFrom(pages),
  });
  const items = useMemo<ItemSummary[]>(
    () => query.data?.pages.flatMap((page) => page.items) ?? [],
    [query.data],
  );
  const total = query.data?.pages.at(-1)?.total ?? 0;
  return { query, items, total };
}
