import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../api/errors.ts';
import { itemsApi, type Item, type ItemType } from '../../api/items.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { searchApi } from '../../api/search.ts';
import { canFill, mayBeFillable } from './placeholderRules.ts';

/** A render makes a picture with sound, or sound. */
const RENDERED_TYPES: readonly ItemType[] = ['video', 'audio'];
const HITS = 50;

/** An item's details, or null when it went (deleted for good) since the search found it. */
async function detailsOf(id: string, signal: AbortSignal): Promise<Item | null> {
  try {
    return await itemsApi.get(id, signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * The placeholders a render can fill among what a search for `text` finds (the newest first when
 * it is empty), while `enabled` (the dialog that offers them is open). A search hit does not say whether the item has media or whether the caller may
 * update it, so the hits that may be placeholders are read in full and judged as the server judges.
 */
export function useFillablePlaceholders(text: string, enabled: boolean) {
  const [searchString] = useDebouncedValue(text.trim(), 300);
  return useQuery({
    queryKey: queryKeys.placeholderChoice(searchString),
    queryFn: async ({ signal }) => {
      const found = await searchApi.search(
        { searchString, itemTypes: RENDERED_TYPES },
        { from: 0, itemsPerPage: HITS },
        signal,
      );
      const items = await Promise.all(
        found.items.filter(mayBeFillable).map((hit) => detailsOf(hit.id, signal)),
      );
      return items.filter((item): item is Item => item !== null && canFill(item));
    },
    placeholderData: keepPreviousData,
    enabled,
  });
}
