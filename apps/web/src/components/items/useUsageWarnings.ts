import { useQueries } from '@tanstack/react-query';
import { queryKeys } from '../../api/queryKeys.ts';
import { USAGE_IDS_PER_REQUEST, usageApi, type ItemUsage } from '../../api/usage.ts';
import type { ItemSummary } from '../../api/items.ts';

/** The usage state of the items listed (spec §4 tile badge), asked in slices as the list grows. */
export function useUsageWarnings(items: readonly ItemSummary[]): ReadonlyMap<string, ItemUsage> {
  const slices: string[][] = [];
  for (let i = 0; i < items.length; i += USAGE_IDS_PER_REQUEST) {
    slices.push(items.slice(i, i + USAGE_IDS_PER_REQUEST).map((item) => item.id));
  }
  return useQueries({
    queries: slices.map((ids) => ({
      queryKey: queryKeys.itemsUsage(ids),
      queryFn: ({ signal }: { signal: AbortSignal }) => usageApi.ofItems(ids, signal),
      staleTime: 60_000,
    })),
    combine: (results) => new Map(results.flatMap((r) => (r.data?.items ?? []).map((u) => [u.itemId, u]))),
  });
}
