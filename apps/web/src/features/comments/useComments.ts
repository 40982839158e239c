import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usersApi } from '../../api/admin.ts';
import { commentsApi, type CommentInput, type CommentPatch, type CommentState } from '../../api/comments.ts';
import { queryKeys } from '../../api/queryKeys.ts';

export function useItemComments(itemId: string, state: CommentState) {
  return useQuery({
    queryKey: queryKeys.itemComments(itemId, state),
    queryFn: ({ signal }) => commentsApi.list(itemId, state, signal),
  });
}

/** The tenant's active users, to assign a comment to. */
export function useAssignees(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.userDirectory,
    queryFn: ({ signal }) => usersApi.directory(signal),
    enabled,
    staleTime: 60_000,
  });
}

/** Every change to a comment refreshes the item's lists (and My tasks). */
export function useCommentMutations(itemId: string) {
  const client = useQueryClient();
  const settled = () => client.invalidateQueries({ queryKey: queryKeys.comments });
  const options = { onSettled: settled };
  return {
    create: useMutation({
      mutationFn: (input: CommentInput) => commentsApi.create(itemId, input),
      ...options,
    }),
    update: useMutation({
      mutationFn: ({ id, patch }: { id: string; patch: CommentPatch }) => commentsApi.update(id, patch),
      ...options,
    }),
    remove: useMutation({ mutationFn: (id: string) => commentsApi.remove(id), ...options }),
    setResolved: useMutation({
      mutationFn: ({ id, resolved }: { id: string; resolved: boolean }) =>
        commentsApi.setResolved(id, resolved),
      ...options,
    }),
    assign: useMutation({
      mutationFn: ({ id, userId }: { id: string; userId: string | null }) => commentsApi.assign(id, userId),
      ...options,
    }),
  };
}

export type CommentMutations = ReturnType<typeof useCommentMutations>;
