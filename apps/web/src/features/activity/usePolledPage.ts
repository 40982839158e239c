import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import type { PageParams } from '../../api/items.ts';
import type { Page } from '../../api/types.ts';
import { PAGE_SIZE } from '../../config.ts';

/**
 * One page of an activity history, like components/usePagedList, refetched every `poll(items)`
 * milliseconds while that answers a number.
 */
export function usePolledPage<T>(
  queryKey: (params: PageParams) => QueryKey,
  fetchPage: (params: PageParams, signal: AbortSignal) => Promise<Page<T>>,
  poll: (items: readonly T[] | undefined) => number | false = () => false,
) {
  const [page, setPage] = useState(1);
  const params = { from: (page - 1) * PAGE_SIZE, itemsPerPage: PAGE_SIZE };
  const list = useQuery({
    queryKey: queryKey(params),
    queryFn: ({ signal }) => fetchPage(params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => poll(query.state.data?.items),
  });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  return { list, paging: { page, pages, setPage } };
}
