import { useMutation, useQueryClient } from '@tanstack/react-query';
import { itemsApi, type Item } from '../../api/items.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import type { AccessInput } from '../access/AccessForm.tsx';

/**
 * Changes to one item. Each answer is the item as it is now: it replaces the page's copy, and the
 * lists and history that show it are refreshed.
 */
export function useItemMutations(itemId: string) {
  const client = useQueryClient();
  const settle = (item: Item | undefined) => {
    if (item) client.setQueryData(queryKeys.item(itemId), item);
    void client.invalidateQueries({
      queryKey: queryKeys.items,
      predicate: (query) => query.queryKey[1] !== 'detail',
    });
  };
  return {
    rename: useMutation({
      mutationFn: (title: string) => itemsApi.update(itemId, { title }),
      onSuccess: settle,
    }),
    describe: useMutation({
      mutationFn: (description: string) => itemsApi.update(itemId, { description }),
      onSuccess: settle,
    }),
    move: useMutation({
      mutationFn: (folderId: string) => itemsApi.update(itemId, { folderId }),
      onSuccess: settle,
    }),
    access: useMutation({
      mutationFn: (input: AccessInput) => itemsApi.update(itemId, input),
      onSuccess: settle,
    }),
    reprocess: useMutation({ mutationFn: () => itemsApi.reprocess(itemId), onSuccess: settle }),
    promote: useMutation({
      mutationFn: (versionId: string) => itemsApi.promoteVersion(itemId, versionId),
      onSuccess: settle,
    }),
    remove: useMutation({
      mutationFn: () => itemsApi.remove(itemId),
      onSuccess: () => {
        settle(undefined);
        void client.invalidateQueries({ queryKey: queryKeys.item(itemId) });
      },
    }),
  };
}

export type ItemMutations = ReturnType<typeof useItemMutations>;
