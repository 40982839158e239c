import { useMutation, useQueryClient, type Query } from '@tanstack/react-query';
import { foldersApi, type FolderCreateInput, type FolderUpdateInput } from '../../api/folders.ts';
import { queryKeys } from '../../api/queryKeys.ts';

/**
 * Creating, renaming, moving, restricting and deleting folders; each refreshes the folder queries.
 * The refresh is not awaited: the caller's own callbacks (notify, close, leave a deleted folder) run
 * at once, before a refetch could unmount the screen that asked.
 */
export function useFolderMutations() {
  const client = useQueryClient();
  const refresh = () => {
    void client.invalidateQueries({ queryKey: queryKeys.folders });
  };
  const create = useMutation({
    mutationFn: (input: FolderCreateInput) => foldersApi.create(input),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: ({ id, input }: { id: string; input: FolderUpdateInput }) => foldersApi.update(id, input),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => foldersApi.remove(id),
    onSuccess: (_answer, id) => {
      // The folder is gone: asking again for it, its subfolders or its items would only answer 404
      // (while its screen is still up, before the caller leaves it). They keep what they showed
      // until then, and are dropped once nothing shows them.
      const elsewhere = (query: Query) => !query.queryKey.some((part) => mentions(part, id));
      void client.cancelQueries({ predicate: (query) => !elsewhere(query) });
      void client.invalidateQueries({ queryKey: queryKeys.folders, predicate: elsewhere });
      // Its items went to the recycle bin.
      void client.invalidateQueries({ queryKey: queryKeys.items, predicate: elsewhere });
    },
  });
  return { create, update, remove };
}

/** Whether a part of a query key is the id or an object holding it (an item list's folderId). */
function mentions(part: unknown, id: string): boolean {
  if (part === id) return true;
  return typeof part === 'object' && part !== null && Object.values(part).includes(id);
}
