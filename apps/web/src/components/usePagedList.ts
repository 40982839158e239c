import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import type { Page } from '../api/types.ts';
import { PAGE_SIZE } from '../config.ts';

export interface PageWindow {
  from: number;
  itemsPerPage: number;
}

/**
 * One page of a server list, PAGE_SIZE items at a time; the previous page stays on screen while the
 * next loads. Callers go back to page 1 themselves when a filter changes.
 */
export function usePagedList<F extends object, T>(
  filters: F,
  queryKey: (params: F & PageWindow) => QueryKey,
  fetchPage: (params: F & PageWindow, signal: AbortSignal) => Promise<Page<T>>,
) {
  const [page, setPage] = useState(1);
  const params = { ...filters, from: (page - 1) * PAGE_SIZE, itemsPerPage: PAGE_SIZE };
  const list = useQuery({
    queryKey: queryKey(params),
    queryFn: ({ signal }) => fetchPage(params, signal),
    placeholderData: keepPreviousData,
  });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  return { list, paging: { page, pages, setPage } };
}
