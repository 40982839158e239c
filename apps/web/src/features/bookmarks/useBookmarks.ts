import {
  bookmarkSection,
  canManageSystemBookmarks,
  canUseBookmarks,
  type BookmarkSection,
  type BookmarkView,
} from '@skald/domain';
import type { Bookmark } from '../../api/bookmarks.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bookmarksApi, type BookmarkInput } from '../../api/bookmarks.ts';
import { useCurrentUser } from '../../api/currentUser.ts';
import { principalOf } from '../../api/principal.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import type { Page } from '../../api/types.ts';
import { applyOrder } from './reorder.ts';

/** What the signed-in user may do with bookmarks (spec §6), by the domain's rules. */
export function useBookmarkAbilities() {
  const principal = principalOf(useCurrentUser());
  return { canUse: canUseBookmarks(principal), canManageSystem: canManageSystemBookmarks(principal) };
}

/**
 * The bookmarks of one section that the user sees: in their navigation, or (for managers) in the
 * management list. Both sections share one request.
 */
export function useBookmarkList(view: BookmarkView, section: BookmarkSection) {
  return useQuery({
    queryKey: queryKeys.bookmarkList(view),
    queryFn: ({ signal }) => bookmarksApi.list(view, signal),
    select: (page): Page<Bookmark> => {
      const items = page.items.filter((b) => bookmarkSection(b.kind) === section);
      return { ...page, items, total: items.length };
    },
  });
}

/** Saving, deleting and reordering; each refreshes every bookmark list (navigation and management). */
export function useBookmarkMutations() {
  const client = useQueryClient();
  const refresh = () => {
    void client.invalidateQueries({ queryKey: queryKeys.bookmarks });
  };
  const save = useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: BookmarkInput }) =>
      id === null ? bookmarksApi.create(input) : bookmarksApi.update(id, input),
    onSuccess: refresh,
  });
  const remove = useMutation({ mutationFn: (id: string) => bookmarksApi.remove(id), onSuccess: refresh });
  const reorder = useMutation({
    mutationFn: (ids: string[]) => bookmarksApi.reorder(ids),
    // Moved at once, so a row moved by keyboard stays under the focus; the server's order follows.
    onMutate: async (ids) => {
      await client.cancelQueries({ queryKey: queryKeys.bookmarks });
      client.setQueriesData<Page<Bookmark>>(
        { queryKey: queryKeys.bookmarks },
        (page) => page && { ...page, items: applyOrder(page.items, ids) },
      );
    },
    onSettled: refresh,
  });
  return { save, remove, reorder };
}
