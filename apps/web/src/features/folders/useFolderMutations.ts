import { useMutation, useQueryClient } from '@tanstack/react-query';
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
      // The folder is gone: asking for it again would only answer 404.
      void client.cancelQueries({ queryKey: queryKeys.folder(id) });
      client.removeQueries({ queryKey: queryKeys.folderChildren(id) });
      refresh();
      // Its items went to the recycle bin.
      void client.invalidateQueries({ queryKey: queryKeys.items });
    },
  });
  return { create, update, remove };
}
