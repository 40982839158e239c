import { LIMITS } from '@skald/domain';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { queryKeys } from '../../api/queryKeys.ts';
import { searchApi, type SearchParams } from '../../api/search.ts';
import { ITEMS_PAGE_SIZE, nextFrom } from '../folders/useFolderQueries.ts';
import { uniqueHits } from './results.ts';

/**
 * A search's results, a page at a time as the list scrolls. While `autoRefresh` is on, every
 * loaded page is fetched again every 30 seconds (spec §9) while the tab is in view, and at once
 * when it comes back into view after that long; the hits keep their ids, so the selection and the
 * scroll position stay.
 */
export function useSearchResults(params: SearchParams, options: { enabled: boolean; autoRefresh: boolean }) {
  const query = useInfiniteQuery({
    queryKey: queryKeys.search(params),
    queryFn: ({ pageParam, signal }) =>
      searchApi.search(params, { from: pageParam, itemsPerPage: ITEMS_PAGE_SIZE }, signal),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextFrom(pages),
    enabled: options.enabled,
    // The last results stay on screen while the next search runs: typing does not flash the list.
    placeholderData: keepPreviousData,
    // Not in the background (TanStack's default): a hidden tab asks for nothing.
    refetchInterval: options.autoRefresh ? LIMITS.searchRefreshMs : false,
    refetchOnWindowFocus: options.autoRefresh,
  });
  const pages = query.data?.pages;
  const hits = useMemo(() => uniqueHits(pages ?? []), [pages]);
  const last = pages?.at(-1);
  return {
    query,
    hits,
    total: last?.total ?? 0,
    totalIsLowerBound: last?.totalIsLowerBound ?? false,
    warnings: pages?.[0]?.warnings ?? [],
  };
}
